// The displayProof flow's samples, for its generated paths and the inspector (catalogued in machines/samples.ts).
import type { Fixture } from '../events';
import type { displayProofMachine } from './displayProof.machine';
import { sampleDisplay } from './samples';

export const samples = {
  inputs: [{ offerId: 'off_1' }],
  events: {
    'xstate.done.actor.loadDisplay': [{ type: 'xstate.done.actor.loadDisplay', output: sampleDisplay }],
  },
  abstract: (context) => ({ loaded: context.display !== null, failed: context.error !== null }),
} satisfies Fixture<typeof displayProofMachine>;
