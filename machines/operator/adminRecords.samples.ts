// The adminRecords flow's samples, for its generated paths and the inspector (catalogued in machines/samples.ts).
import type { Fixture } from '../events';
import type { adminRecordsMachine } from './adminRecords.machine';

export const samples = {
  inputs: [{ kind: 'users' }],
  events: {
    'records.search': [{ type: 'records.search', query: 'ana' }],
    'xstate.done.actor.loadRecords': [{ type: 'xstate.done.actor.loadRecords', output: [] }],
  },
  abstract: (context) => ({ query: context.query !== '', failed: context.error !== null }),
} satisfies Fixture<typeof adminRecordsMachine>;
