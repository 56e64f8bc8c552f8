// The deliveryDispute flow's samples, for its generated paths and the inspector (catalogued in machines/samples.ts).
import { apiRefusal, type Fixture } from '../events';
import { sampleReview } from '../overlay/samples';
import { reviewReasonCheck, type deliveryDisputeMachine } from './deliveryDispute.machine';

export const samples = {
  inputs: [{ offerId: 'off_1' }],
  events: {
    'reason.change': [
      { type: 'reason.change', value: 'The recording shows no overlay on screen.' },
      { type: 'reason.change', value: 'Too short' },
    ],
    'xstate.done.actor.sendDispute': [
      {
        type: 'xstate.done.actor.sendDispute',
        output: {
          ...sampleReview,
          status: 'disputed',
          disputeReason: 'The recording shows no overlay on screen.',
          disputedAt: '2026-11-24T09:00:00.000Z',
        },
      },
    ],
    'xstate.error.actor.sendDispute': [
      { type: 'xstate.error.actor.sendDispute', error: apiRefusal('The review window has ended.', 409) },
    ],
  },
  abstract: (context) => ({
    reason: reviewReasonCheck(context.reason) === null,
    reasonError: context.reasonError !== null,
    error: context.error !== null,
  }),
} satisfies Fixture<typeof deliveryDisputeMachine>;
