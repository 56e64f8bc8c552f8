// The campaignReach flow's samples, for its generated paths and the inspector (catalogued in machines/samples.ts).
import { apiRefusal, type Fixture } from '../events';
import type { campaignReachMachine } from './campaignReach.machine';
import { sampleAdvertiserAnalytics } from './samples';

export const samples = {
  events: {
    'xstate.done.actor.loadReach': [{ type: 'xstate.done.actor.loadReach', output: sampleAdvertiserAnalytics }],
    'xstate.error.actor.loadReach': [
      { type: 'xstate.error.actor.loadReach', error: apiRefusal('The server could not be reached', 0) },
    ],
    'range.change': [{ type: 'range.change', range: '7d' }],
  },
  abstract: (context) => ({ range: context.range, reach: context.reach !== null, error: context.error !== null }),
} satisfies Fixture<typeof campaignReachMachine>;
