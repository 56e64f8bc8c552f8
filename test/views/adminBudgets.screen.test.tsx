// The operator console's Platform budgets tab (docs/product.md §Platform limits), replayed along adminBudgets' recorded
// paths on the real console: the tab opened as an operator opens it, its budgets read, read again on Refresh and every
// 30 seconds while it stays open (fake timers once the tab's chunk is in).
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, expect, vi } from 'vitest';
import type { PlatformBudget } from '@/contract/schemas/budgets';
import { errorText } from '@/machines/messages';
import {
  adminApprovalMachine,
  type ApprovalFilter,
  type PendingAdvertiser,
} from '@/machines/operator/adminApproval.machine';
import { adminBudgetsMachine, BUDGETS_REFRESH_MS } from '@/machines/operator/adminBudgets.machine';
import { sampleBudgets } from '@/machines/operator/adminBudgets.samples';
import { OperatorConsoleScreen } from '@/src/operator/OperatorConsole';
import { controlled, renderScreen } from './harness';
import { walkScreens } from './screens';

// The tab's chunk is loaded once before the paths, as the browser has it after the first open.
beforeAll(() => import('@/src/operator/OperatorBudgets'));
afterEach(() => vi.useRealTimers());

/** What the tab shows of the samples' budgets: the cards (refused, then waiting, then the rest) and the quiet channels. */
const SHOWN = new Map<PlatformBudget[], { cards: string[]; quiet: string[] }>([
  [
    sampleBudgets,
    {
      cards: [
        'Twitch: ana_speedruns’s channel',
        'YouTube: the project’s daily quota',
        'Twitch: Castbridge’s app',
        'Twitch: Castbridge’s chat account',
      ],
      quiet: ['milo_plays'],
    },
  ],
]);

walkScreens('adminBudgets', {
  async mount() {
    const load = controlled<PlatformBudget[]>();
    renderScreen(
      <OperatorConsoleScreen
        logic={{
          approval: adminApprovalMachine.provide({
            actors: { loadPending: controlled<PendingAdvertiser[], { filter: ApprovalFilter }>().logic },
          }),
          budgets: adminBudgetsMachine.provide({ actors: { loadBudgets: load.logic } }),
        }}
      />,
      { path: '/admin', jwt: 'operator.jwt' },
    );
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Platform budgets' }));
    await waitFor(() => expect(load.started).toBe(1));
    // From here the clock is the test's: the next read is due BUDGETS_REFRESH_MS after a read lands.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    /** What the tab has been told: the reads answered, the budgets of the last good one, the last failure. */
    const seen = { loads: 0, budgets: null as PlatformBudget[] | null, failure: null as string | null };
    return {
      load,
      seen,
      gestures: {
        'xstate.done.actor.loadBudgets': async ({ output }) => {
          seen.loads += 1;
          seen.budgets = output;
          seen.failure = null;
          await load.resolve(output);
        },
        'xstate.error.actor.loadBudgets': async ({ error }) => {
          seen.loads += 1;
          seen.failure = errorText(error);
          await load.reject(error);
        },
        'budgets.retry': () => fireEvent.click(screen.getByRole('button', { name: 'Try again' })),
        'budgets.reload': () => fireEvent.click(screen.getByRole('button', { name: 'Refresh' })),
        'xstate.after.refresh': async () => {
          await act(async () => {
            await vi.advanceTimersByTimeAsync(BUDGETS_REFRESH_MS);
          });
        },
      },
    };
  },
  states: {
    // The first read: its spinner, no budgets, no Refresh.
    loading: ({ load, seen }) => {
      expect(screen.getByText('Loading platform budgets')).toBeInTheDocument();
      expect(load.started).toBe(seen.loads + 1);
      expect(screen.queryByRole('button', { name: 'Refresh' })).not.toBeInTheDocument();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    },
    // The first read failed: why, and Try again.
    failed: ({ load, seen }) => {
      const alert = screen.getByRole('alert');
      expect(alert).toHaveTextContent(`The platform budgets could not be loaded${seen.failure}`);
      expect(within(alert).getByRole('button', { name: 'Try again' })).toBeEnabled();
      expect(load.started).toBe(seen.loads);
      expect(screen.queryByText('Loading platform budgets')).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Refresh' })).not.toBeInTheDocument();
    },
    // The budgets of the last good read (cards, then the quiet channels' table), Refresh ready; a failed refresh says
    // why above them.
    'ready.idle': ({ load, seen }) => {
      expect(screen.getByRole('button', { name: 'Refresh' })).toBeEnabled();
      expect(screen.getByRole('button', { name: 'Refresh' })).not.toHaveAttribute('aria-busy');
      expect(load.started).toBe(seen.loads);
      const shown = SHOWN.get(seen.budgets!);
      if (!shown) {
        expect(seen.budgets).toEqual([]);
        expect(screen.getByText(/^No platform budget used yet/)).toBeInTheDocument();
      } else {
        const cards = within(screen.getByRole('list', { name: 'Platform budgets' })).getAllByRole('listitem', {
          name: /^(Twitch|YouTube): /,
        });
        expect(cards.map((card) => within(card).getByRole('heading', { level: 2 }).textContent)).toEqual(shown.cards);
        const table = screen.getByRole('table', { name: 'Creators’ Twitch channels with nothing waiting' });
        expect(
          within(table)
            .getAllByRole('row')
            .slice(1)
            .map((row) => row.firstChild!.textContent),
        ).toEqual(shown.quiet);
      }
      if (seen.failure) {
        expect(screen.getByRole('alert')).toHaveTextContent(
          `Not read again${seen.failure} The figures below are from the last read.`,
        );
      } else expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    },
    // Read again (Refresh, or the 30 seconds are up): Refresh waits, the figures stay.
    'ready.reading': ({ load, seen }) => {
      const refresh = screen.getByRole('button', { name: 'Refresh' });
      expect(refresh).toBeDisabled();
      expect(refresh).toHaveAttribute('aria-busy', 'true');
      expect(load.started).toBe(seen.loads + 1);
      expect(screen.getByRole('list', { name: 'Platform budgets' })).toBeInTheDocument();
    },
  },
});
