// What the operator console's Platform budgets tab reads.
import type { SnapshotFrom } from 'xstate';
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
