// What the operator console's Advertisers tab reads from the adminApproval actor.
import type { SnapshotFrom } from 'xstate';
import type { adminApprovalMachine } from './adminApproval.machine';

type Snapshot = SnapshotFrom<typeof adminApprovalMachine>;

export const selectPending = (snapshot: Snapshot) => snapshot.context.advertisers;
export const selectApprovalLoading = (snapshot: Snapshot) => snapshot.matches('loading');
export const selectApprovalFailed = (snapshot: Snapshot) => snapshot.matches('failed');
export const selectApprovalReady = (snapshot: Snapshot) => snapshot.matches('ready');
export const selectApprovalError = (snapshot: Snapshot) => snapshot.context.error;
/** Try again beside a refusal or a failed read: the list read again, when nothing is under way. */
export const selectCanRetryApproval = (snapshot: Snapshot) => snapshot.matches({ ready: 'idle' });
export const selectApprovalBusy = (snapshot: Snapshot) => snapshot.hasTag('busy');
export const selectApprovalTarget = (snapshot: Snapshot) => snapshot.context.target;
export const selectRejecting = (snapshot: Snapshot) => snapshot.matches({ ready: 'rejecting' });
export const selectReason = (snapshot: Snapshot) => snapshot.context.reason;
export const selectReasonError = (snapshot: Snapshot) => snapshot.context.reasonError;
export const selectRejectSending = (snapshot: Snapshot) => snapshot.matches({ ready: { rejecting: 'sending' } });
/** Waiting for review or decided. */
export const selectApprovalFilter = (snapshot: Snapshot) => snapshot.context.filter;
/** The last decision, confirmed in the status message; null before any. */
export const selectApprovalNotice = (snapshot: Snapshot) => snapshot.context.notice;
/** The list may change to the other filter (not while a review is under way). */
export const selectCanChangeFilter = (snapshot: Snapshot) =>
  snapshot.can({ type: 'filter.change', filter: snapshot.context.filter === 'pending' ? 'decided' : 'pending' });
