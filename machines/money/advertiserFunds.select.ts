// What the Campaigns screen's funds card reads.
import type { SnapshotFrom } from 'xstate';
import type { advertiserFundsMachine } from './advertiserFunds.machine';

type Snapshot = SnapshotFrom<typeof advertiserFundsMachine>;

export const selectFundsLoading = (snapshot: Snapshot) => snapshot.matches('loading');
export const selectFundsLoadError = (snapshot: Snapshot) =>
  snapshot.matches('failed') ? snapshot.context.error : null;
export const selectFunds = (snapshot: Snapshot) => snapshot.context.funds;
/** How to add funds (the transfer reference and the operator's instructions), or null until read. */
export const selectTransfer = (snapshot: Snapshot) => snapshot.context.transfer;
/** The card's flows (its children): Add funds, the payment come back from, Refund unspent funds. */
export const selectAddFunds = (snapshot: Snapshot) => snapshot.children.addFunds;
export const selectDepositReturn = (snapshot: Snapshot) => snapshot.children.depositReturn;
export const selectFundsRefund = (snapshot: Snapshot) => snapshot.children.fundsRefund;
