// The operator console's Platform budgets tab (docs/product.md §Platform limits): each Twitch and YouTube credential's
// budget as the cluster shares it (spent, remaining, the reset, a refusal by the platform) and what waits for it. Read
// when the tab opens, then every BUDGETS_REFRESH_MS while it stays open (a Twitch window lasts a minute) and on
// Refresh; a failed read first says why with Try again, a failed refresh keeps the budgets shown and says why.
// Closing the tab stops the actor, and with it the reading.
import { assign, setup } from 'xstate';
import type { PlatformBudget } from '@/contract/schemas/budgets';
import { errorText } from '../messages';
import { service } from '../placeholders';

/** How often the open tab reads the budgets again: half a Twitch window. */
export const BUDGETS_REFRESH_MS = 30_000;

export interface AdminBudgetsContext {
  budgets: PlatformBudget[];
  /** Why the last read failed; null once one succeeds. */
  error: string | null;
}

export type AdminBudgetsEvent = { type: 'budgets.retry' } | { type: 'budgets.reload' };

export const adminBudgetsMachine = setup({
  types: { context: {} as AdminBudgetsContext, events: {} as AdminBudgetsEvent },
  actors: {
    /** GET /api/admin/budgets. */
    loadBudgets: service<PlatformBudget[]>('loadBudgets'),
  },
  delays: { refresh: BUDGETS_REFRESH_MS },
}).createMachine({
  id: 'adminBudgets',
  context: { budgets: [], error: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadBudgets',
        src: 'loadBudgets',
        onDone: { target: 'ready', actions: assign({ budgets: ({ event }) => event.output, error: null }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorText(event.error) }) },
      },
    },
    failed: { on: { 'budgets.retry': 'loading' } },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          after: { refresh: 'reading' },
          on: { 'budgets.reload': 'reading' },
        },
        reading: {
          invoke: {
            id: 'loadBudgets',
            src: 'loadBudgets',
            onDone: { target: 'idle', actions: assign({ budgets: ({ event }) => event.output, error: null }) },
            onError: { target: 'idle', actions: assign({ error: ({ event }) => errorText(event.error) }) },
          },
        },
      },
    },
  },
});
