// The operator console's record tabs (docs/product.md §Marketplace), replayed along adminRecords' recorded paths on the
// real console: the input's tab (Users in the samples) opened as an operator opens it, its list read, searched by
// e-mail or name, and read again after a failure.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, expect } from 'vitest';
import { errorText } from '@/machines/messages';
import {
  adminApprovalMachine,
  type ApprovalFilter,
  type PendingAdvertiser,
} from '@/machines/operator/adminApproval.machine';
import { adminRecordsMachine, type RecordsKind } from '@/machines/operator/adminRecords.machine';
import { OperatorConsoleScreen } from '@/src/operator/OperatorConsole';
import { controlled, renderScreen } from './harness';
import { walkScreens } from './screens';

// The tabs' chunk is loaded once before the paths, as the browser has it after the first open.
beforeAll(() => import('@/src/operator/OperatorRecords'));

/** Each kind's tab, its table's caption and what it says when empty. */
const TAB: Record<RecordsKind, { tab: string; caption: string; empty: string }> = {
  campaigns: { tab: 'Campaigns', caption: 'Campaigns', empty: 'No campaigns yet.' },
  users: { tab: 'Users', caption: 'Users', empty: 'No users match.' },
  tickets: { tab: 'Support Tickets', caption: 'Support tickets', empty: 'No support tickets.' },
};

walkScreens('adminRecords', {
  async mount(input) {
    const { kind } = input as { kind: RecordsKind };
    const load = controlled<unknown[], { kind: RecordsKind; query: string }>();
    renderScreen(
      <OperatorConsoleScreen
        logic={{
          approval: adminApprovalMachine.provide({
            actors: { loadPending: controlled<PendingAdvertiser[], { filter: ApprovalFilter }>().logic },
          }),
          records: adminRecordsMachine.provide({ actors: { loadRecords: load.logic } }),
        }}
      />,
      { path: '/admin', jwt: 'operator.jwt' },
    );
    fireEvent.mouseDown(screen.getByRole('tab', { name: TAB[kind].tab }));
    await waitFor(() => expect(load.started).toBe(1));
    /** What the tab has been told: the reads asked for (a search drops the one under way), the query searched, the
     * rows and the last failure. */
    const seen = { reads: 1, query: '', rows: null as unknown[] | null, failure: null as string | null };
    const what = TAB[kind].caption.toLowerCase();
    return {
      load,
      seen,
      kind,
      what,
      gestures: {
        'records.search': ({ query }) => {
          seen.query = query;
          seen.reads += 1;
          const search = screen.getByRole('search');
          fireEvent.change(within(search).getByLabelText('Search users'), { target: { value: ` ${query} ` } });
          fireEvent.click(within(search).getByRole('button', { name: 'Search' }));
        },
        'records.retry': () => {
          seen.reads += 1;
          fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
        },
        'xstate.done.actor.loadRecords': async ({ output }) => {
          seen.rows = output;
          seen.failure = null;
          await load.resolve(output);
        },
        'xstate.error.actor.loadRecords': async ({ error }) => {
          seen.failure = errorText(error);
          await load.reject(error);
        },
      },
    };
  },
  states: {
    // A read of the list as searched: its spinner, no table, no failure.
    loading: ({ load, seen, kind, what }) => {
      expect(screen.getByText(`Loading ${what}`)).toBeInTheDocument();
      expect(load.started).toBe(seen.reads);
      expect(load.inputs.at(-1)).toEqual({ kind, query: seen.query });
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    },
    // The read failed: why, and Try again; no table.
    failed: ({ load, seen, what }) => {
      const alert = screen.getByRole('alert');
      expect(alert).toHaveTextContent(`The ${what} could not be loaded${seen.failure}`);
      expect(within(alert).getByRole('button', { name: 'Try again' })).toBeEnabled();
      expect(load.started).toBe(seen.reads);
      expect(screen.queryByText(`Loading ${what}`)).not.toBeInTheDocument();
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
    },
    // The table, named by what was searched, with its rows or its empty message.
    ready: ({ load, seen, kind }) => {
      const { caption, empty } = TAB[kind];
      const table = screen.getByRole('table', { name: seen.query ? `${caption} matching “${seen.query}”` : caption });
      const rows = within(table).getAllByRole('row').slice(1);
      if (seen.rows!.length === 0) expect(rows.map((row) => row.textContent)).toEqual([empty]);
      else expect(rows).toHaveLength(seen.rows!.length);
      expect(load.started).toBe(seen.reads);
      expect(screen.queryByText(/^Loading /)).not.toBeInTheDocument();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    },
  },
});
