// What the Earnings screen reads from its actor.
import type { SnapshotFrom } from 'xstate';
import type { EarningsPeriod, WithdrawNeed } from '@/contract/money';
import type { earningsMachine } from './earnings.machine';

type Snapshot = SnapshotFrom<typeof earningsMachine>;

export const selectEarningsLoading = (snapshot: Snapshot) => snapshot.matches('loading');
/** The load's failure (the screen offers Try again), or null. */
export const selectEarningsLoadError = (snapshot: Snapshot) =>
  snapshot.matches('failed') ? snapshot.context.error : null;
export const selectEarningsReady = (snapshot: Snapshot) => snapshot.matches('ready');
export const selectEarningsRefreshing = (snapshot: Snapshot) => snapshot.matches({ ready: 'reloading' });
export const selectEarnings = (snapshot: Snapshot) => snapshot.context.data?.earnings ?? null;
export const selectPeriodFigures = (snapshot: Snapshot, period: EarningsPeriod) =>
  snapshot.context.data?.earnings.periods[period] ?? null;
export const selectPayouts = (snapshot: Snapshot) => snapshot.context.data?.payouts ?? [];
/** The withdraw flow, invoked by the earnings actor for the screen's life. */
export const selectWithdraw = (snapshot: Snapshot) => snapshot.children.withdraw;
const NOTHING_NEEDED: WithdrawNeed[] = [];
/** What a withdrawal still needs (a tax form, a payout method); empty when ready or before the first answer. */
export const selectWithdrawNeeds = (snapshot: Snapshot) =>
  snapshot.context.data?.earnings.withdrawNeeds ?? NOTHING_NEEDED;
