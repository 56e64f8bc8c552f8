// The operator console's read-only tabs (docs/product.md §Marketplace): campaigns, users (searched by e-mail or name) and support
// tickets. One statechart for the three: load, show, search again, retry after a failure.
import { assign, setup } from 'xstate';
import { service } from '../placeholders';
import { errorText } from '../messages';

export type RecordsKind = 'campaigns' | 'users' | 'tickets';

export interface AdminRecordsContext {
  kind: RecordsKind;
  rows: unknown[];
  query: string;
  error: string | null;
}

export type AdminRecordsEvent = { type: 'records.search'; query: string } | { type: 'records.retry' };

export const adminRecordsMachine = setup({
  types: {
    context: {} as AdminRecordsContext,
    events: {} as AdminRecordsEvent,
    input: {} as { kind: RecordsKind },
  },
  actors: {
    loadRecords: service<unknown[], { kind: RecordsKind; query: string }>('loadRecords'),
  },
}).createMachine({
  id: 'adminRecords',
  context: ({ input }) => ({ kind: input.kind, rows: [], query: '', error: null }),
  initial: 'loading',
  on: { 'records.search': { target: '.loading', actions: assign({ query: ({ event }) => event.query }) } },
  states: {
    loading: {
      invoke: {
        id: 'loadRecords',
        src: 'loadRecords',
        input: ({ context }) => ({ kind: context.kind, query: context.query }),
        onDone: { target: 'ready', actions: assign({ rows: ({ event }) => event.output, error: null }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorText(event.error) }) },
      },
    },
    failed: { on: { 'records.retry': 'loading' } },
    ready: {},
  },
});
