// The displayProof flow's samples, for its generated paths and the inspector (catalogued in machines/samples.ts).
import type { Fixture } from '../events';
import type { displayProofMachine } from './displayProof.machine';
import { sampleCompletedDisplay, sampleDisplay, sampleReview } from './samples';

export const samples = {
  inputs: [{ offerId: 'off_1' }],
  events: {
    'xstate.done.actor.loadDisplay': [
      // First the completed one, in its review window: the advertiser's dispute (dispute.sent) comes from its report.
      { type: 'xstate.done.actor.loadDisplay', output: sampleCompletedDisplay },
      { type: 'xstate.done.actor.loadDisplay', output: sampleDisplay },
    ],
    // What the child dispute flow sends once the server recorded the dispute.
    'dispute.sent': [
      { type: 'dispute.sent', review: { ...sampleReview, status: 'disputed', disputeReason: 'No overlay on screen.' } },
    ],
  },
  abstract: (context) => ({
    loaded: context.display !== null,
    failed: context.error !== null,
    review: context.display?.review?.status ?? null,
  }),
} satisfies Fixture<typeof displayProofMachine>;
