// What the operator console's Funds tab reads.
import type { SnapshotFrom } from 'xstate';
import type { adminFundsMachine } from './adminFunds.machine';

type Snapshot = SnapshotFrom<typeof adminFundsMachine>;

export const selectFundsLoading = (snapshot: Snapshot) => snapshot.matches('loading');
export const selectFundsLoadError = (snapshot: Snapshot) =>
  snapshot.matches('failed') ? snapshot.context.error : null;
export const selectFundedAdvertisers = (snapshot: Snapshot) => snapshot.context.advertisers;
/** The advertiser whose deposit dialog is open, or null. */
export const selectDepositTarget = (snapshot: Snapshot) =>
  snapshot.matches({ ready: 'editing' }) || snapshot.matches({ ready: 'saving' })
    ? (snapshot.context.advertisers.find((a) => a.userId === snapshot.context.target) ?? null)
    : null;
export const selectDepositSaving = (snapshot: Snapshot) => snapshot.matches({ ready: 'saving' });
export const selectDepositDraft = (snapshot: Snapshot) => snapshot.context.draft;
export const selectDepositFieldErrors = (snapshot: Snapshot) => snapshot.context.fieldErrors;
/** A refused deposit, shown in the dialog. */
export const selectDepositError = (snapshot: Snapshot) =>
  snapshot.matches({ ready: 'editing' }) ? snapshot.context.error : null;
export const selectDepositNotice = (snapshot: Snapshot) => snapshot.context.notice;
