// The reviewQueue flow's samples, for its generated paths and the inspector (catalogued in machines/samples.ts).
import { reviewReasonCheck } from '../money/deliveryDispute.machine';
import { apiRefusal, type Fixture } from '../events';
import { payProblem, type reviewQueueMachine } from './reviewQueue.machine';
import { sampleAdminReview, sampleHeldReview } from './samples';

export const samples = {
  events: {
    'xstate.done.actor.loadReviews': [
      { type: 'xstate.done.actor.loadReviews', output: [sampleAdminReview, sampleHeldReview] },
    ],
    'resolve.open': [{ type: 'resolve.open', offerId: 'off_1' }],
    'pay.change': [
      { type: 'pay.change', value: '100' },
      { type: 'pay.change', value: '999' },
    ],
    'reason.change': [
      { type: 'reason.change', value: 'Half the minutes were offline in the recording.' },
      { type: 'reason.change', value: 'short' },
    ],
    'xstate.done.actor.resolveReview': [
      {
        type: 'xstate.done.actor.resolveReview',
        output: { ...sampleAdminReview, status: 'resolved' },
      },
    ],
    'xstate.error.actor.resolveReview': [
      { type: 'xstate.error.actor.resolveReview', error: apiRefusal('This earning is not held or disputed.', 409) },
    ],
  },
  abstract: (context) => ({
    target: context.target,
    pay: context.target ? payProblem(context.pay, 22_500) === null : null,
    reason: context.target ? reviewReasonCheck(context.reason) === null : null,
    errors: [context.payError !== null, context.reasonError !== null, context.error !== null],
    notice: context.notice !== null,
    count: context.reviews.length,
  }),
} satisfies Fixture<typeof reviewQueueMachine>;
