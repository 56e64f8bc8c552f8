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
