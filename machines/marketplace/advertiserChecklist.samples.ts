// The advertiserChecklist flow's samples, for its generated paths and the inspector (catalogued in machines/samples.ts).
import type { Fixture } from '../events';
import type { advertiserChecklistMachine } from './advertiserChecklist.machine';

export const samples = {
  events: {
    'xstate.done.actor.loadChecklist': [
      {
        type: 'xstate.done.actor.loadChecklist',
        output: { profile: 'pending', fundsCents: 0, campaigns: 0, draftId: null, launched: false },
      },
    ],
  },
  abstract: (context) => ({ loaded: context.checklist !== null, failed: context.error !== null }),
} satisfies Fixture<typeof advertiserChecklistMachine>;
