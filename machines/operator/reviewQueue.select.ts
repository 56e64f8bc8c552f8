// What the operator console's Reviews tab reads.
import type { SnapshotFrom } from 'xstate';
import type { reviewQueueMachine } from './reviewQueue.machine';

type Snapshot = SnapshotFrom<typeof reviewQueueMachine>;

export const selectReviewsLoading = (snapshot: Snapshot) => snapshot.matches('loading');
export const selectReviewsLoadError = (snapshot: Snapshot) =>
  snapshot.matches('failed') ? snapshot.context.error : null;
export const selectReviewsReloading = (snapshot: Snapshot) => snapshot.matches({ ready: 'reloading' });
export const selectReviews = (snapshot: Snapshot) => snapshot.context.reviews;
/** The review of the open Resolve dialog, or null. */
export const selectResolving = (snapshot: Snapshot) =>
  snapshot.matches({ ready: 'resolving' }) || snapshot.matches({ ready: 'sending' })
    ? (snapshot.context.reviews.find((review) => review.offerId === snapshot.context.target) ?? null)
    : null;
export const selectResolveSending = (snapshot: Snapshot) => snapshot.matches({ ready: 'sending' });
export const selectResolvePay = (snapshot: Snapshot) => snapshot.context.pay;
export const selectResolveReason = (snapshot: Snapshot) => snapshot.context.reason;
export const selectResolvePayError = (snapshot: Snapshot) => snapshot.context.payError;
export const selectResolveReasonError = (snapshot: Snapshot) => snapshot.context.reasonError;
/** The server's refusal of the resolution, while its dialog is open. */
export const selectResolveError = (snapshot: Snapshot) =>
  selectResolving(snapshot) !== null ? snapshot.context.error : null;
/** A failed reload while the list stays. */
export const selectReviewsError = (snapshot: Snapshot) =>
  snapshot.matches({ ready: 'idle' }) ? snapshot.context.error : null;
export const selectResolvedNotice = (snapshot: Snapshot) => snapshot.context.notice;
