// The operator console's read-only tabs, pinned by hand (docs/product.md §Marketplace): a tab's records read, shown,
// searched again (from any state), read again after a failure. Each pin reads what the tab reads
// (adminRecords.select.ts), what GET is asked for and the event names the flow receives from its call.
import { describe, expect } from 'vitest';
import { createActor } from 'xstate';
import { adminRecordsMachine, type RecordsKind } from '@/machines/operator/adminRecords.machine';
import {
  selectQuery,
  selectRecordsError,
  selectRecordsFailed,
  selectRecordsLoading,
  selectRecordsReady,
  selectRows,
} from '@/machines/operator/adminRecords.select';
import { controlled, receivedEvents } from '../controlled';
import { pinTransitions } from './pin';

const ROWS = [{ id: 'usr_1', email: 'ana@example.com' }];

function start(kind: RecordsKind = 'users') {
  const load = controlled<unknown[], { kind: RecordsKind; query: string }>();
  const { received, inspect } = receivedEvents();
  const actor = createActor(adminRecordsMachine.provide({ actors: { loadRecords: load.logic } }), {
    input: { kind },
    inspect,
  });
  actor.start();
  const snapshot = () => actor.getSnapshot();
  return {
    actor,
    load,
    received,
    snapshot,
    tab: () => ({
      loading: selectRecordsLoading(snapshot()),
      failed: selectRecordsFailed(snapshot()),
      ready: selectRecordsReady(snapshot()),
      rows: selectRows(snapshot()),
      error: selectRecordsError(snapshot()),
      query: selectQuery(snapshot()),
    }),
  };
}

describe('adminRecords transitions', () => {
  const { pin, pinsEveryTransition } = pinTransitions(adminRecordsMachine);

  pin(
    { from: 'adminRecords.loading', on: 'xstate.done.actor.loadRecords', to: 'adminRecords.ready' },
    "the tab's records are shown",
    async () => {
      const flow = start('tickets');
      expect(flow.tab()).toEqual({ loading: true, failed: false, ready: false, rows: [], error: null, query: '' });
      expect(flow.load.inputs).toEqual([{ kind: 'tickets', query: '' }]);
      await flow.load.resolve(ROWS);
      expect(flow.received.at(-1)).toBe('xstate.done.actor.loadRecords');
      expect(flow.tab()).toEqual({ loading: false, failed: false, ready: true, rows: ROWS, error: null, query: '' });
      // Read on Try again after a failure, the failure goes.
      const retried = start();
      await retried.load.reject(new Error('Failed to fetch'));
      retried.actor.send({ type: 'records.retry' });
      await retried.load.resolve(ROWS);
      expect(retried.tab()).toMatchObject({ ready: true, rows: ROWS, error: null });
    },
  );

  pin(
    { from: 'adminRecords.loading', on: 'xstate.error.actor.loadRecords', to: 'adminRecords.failed' },
    'a failed read says why',
    async () => {
      const flow = start();
      await flow.load.reject(new Error('Failed to fetch'));
      expect(flow.received.at(-1)).toBe('xstate.error.actor.loadRecords');
      expect(flow.tab()).toEqual({
        loading: false,
        failed: true,
        ready: false,
        rows: [],
        error: 'Failed to fetch',
        query: '',
      });
    },
  );

  pin({ from: 'adminRecords.failed', on: 'records.retry', to: 'adminRecords.loading' }, 'Try again', async () => {
    const flow = start();
    await flow.load.reject(new Error('Failed to fetch'));
    flow.actor.send({ type: 'records.retry' });
    expect(flow.tab()).toMatchObject({ loading: true, failed: false });
    expect(flow.load.started).toBe(2);
  });

  pin(
    { from: 'adminRecords', on: 'records.search', to: 'adminRecords.loading' },
    'a search reads the tab again with its words, kept for the next read',
    async () => {
      const flow = start();
      await flow.load.resolve(ROWS);
      flow.actor.send({ type: 'records.search', query: 'ana' });
      expect(flow.tab()).toMatchObject({ loading: true, query: 'ana', rows: ROWS });
      expect(flow.load.inputs.at(-1)).toEqual({ kind: 'users', query: 'ana' });
      await flow.load.reject(new Error('Failed to fetch'));
      flow.actor.send({ type: 'records.retry' });
      expect(flow.load.inputs.at(-1)).toEqual({ kind: 'users', query: 'ana' });
    },
  );

  pinsEveryTransition();
});
