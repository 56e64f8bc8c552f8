// What the operator console's Funds tab reads.
import type { SnapshotFrom } from 'xstate';
import { advertisersFound, type adminFundsMachine } from './adminFunds.machine';
import { findTransferReference } from '@/contract/money';

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
/** What was typed in the search, and the advertisers it finds (docs/product.md §Advertiser onboarding). */
export const selectFundsFind = (snapshot: Snapshot) => snapshot.context.find;
export const selectFundsShown = (snapshot: Snapshot) =>
  advertisersFound(snapshot.context.advertisers, snapshot.context.find);
/** The transfer reference recognised in the search, or null. */
export const selectFoundReference = (snapshot: Snapshot) => findTransferReference(snapshot.context.find);
