// What the operator console's Platform budgets tab reads.
import type { SnapshotFrom } from 'xstate';
import type { PlatformBudget } from '@/contract/schemas/budgets';
import type { adminBudgetsMachine } from './adminBudgets.machine';

type Snapshot = SnapshotFrom<typeof adminBudgetsMachine>;

export const selectBudgetsLoading = (snapshot: Snapshot) => snapshot.matches('loading');
export const selectBudgetsLoadError = (snapshot: Snapshot) =>
  snapshot.matches('failed') ? snapshot.context.error : null;
export const selectBudgetsReading = (snapshot: Snapshot) => snapshot.matches({ ready: 'reading' });
/** Why the last refresh failed, the budgets of the read before it still shown. */
export const selectBudgetsRefreshError = (snapshot: Snapshot) =>
  snapshot.matches('ready') ? snapshot.context.error : null;
export const selectBudgets = (snapshot: Snapshot) => snapshot.context.budgets;
/** Read, and nothing called a platform yet: no budget to show. */
export const selectNoBudgets = (snapshot: Snapshot) =>
  snapshot.matches('ready') && snapshot.context.budgets.length === 0;

/** A budget an operator should look at: the platform refused it, or calls wait for it or were put off. */
const needsAttention = (budget: PlatformBudget) =>
  budget.refusedUntil !== null || budget.waiting.length > 0 || budget.deferred.length > 0;
/** Castbridge's own (its app, chat account, YouTube project, the accounts being connected), not a creator's channel. */
const shared = (budget: PlatformBudget) => budget.owner !== 'channel' && budget.owner !== 'disconnected';

/**
 * The budgets shown as cards: the shared ones and any that needs attention, refused first, then those with calls
 * waiting, then the rest in the server's order (by provider and credential).
 */
export const selectBudgetCards = (snapshot: Snapshot) => {
  const rank = (budget: PlatformBudget) =>
    budget.refusedUntil !== null ? 0 : budget.waiting.length > 0 ? 1 : budget.deferred.length > 0 ? 2 : 3;
  return snapshot.context.budgets
    .filter((budget) => shared(budget) || needsAttention(budget))
    .map((budget, index) => ({ budget, index }))
    .sort((a, b) => rank(a.budget) - rank(b.budget) || a.index - b.index)
    .map(({ budget }) => budget);
};
/** Creators' Twitch channels with nothing refused, waiting or put off: one row each in a table (there can be hundreds). */
export const selectQuietBudgets = (snapshot: Snapshot) =>
  snapshot.context.budgets.filter((budget) => !shared(budget) && !needsAttention(budget));
