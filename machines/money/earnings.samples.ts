// The earnings flow's samples, for its generated paths and the inspector (catalogued in machines/samples.ts).
import type { Fixture } from '../events';
import type { earningsMachine } from './earnings.machine';
import { sampleEarnings, samplePayout } from './samples';

export const samples = {
  events: {
    'xstate.done.actor.loadEarnings': [
      { type: 'xstate.done.actor.loadEarnings', output: { earnings: sampleEarnings, payouts: [samplePayout] } },
    ],
    // What the child withdraw flow sends after a payout request.
    'payout.requested': [{ type: 'payout.requested', payout: samplePayout }],
  },
  abstract: (context) => ({ loaded: context.data !== null, failed: context.error !== null }),
} satisfies Fixture<typeof earningsMachine>;
