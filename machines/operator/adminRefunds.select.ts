// What the operator console's Refunds and disputes tab reads.
import type { SnapshotFrom } from 'xstate';
import type { AdminRefund } from '@/contract/schemas/money';
import type { adminRefundsMachine } from './adminRefunds.machine';

type Snapshot = SnapshotFrom<typeof adminRefundsMachine>;

/** A refund an operator has to act on: the manual rail's, not yet sent or failed. */
const waiting = (refund: AdminRefund) =>
  refund.rail === 'manual' && (refund.status === 'requested' || refund.status === 'processing');

export const selectRefundsLoading = (snapshot: Snapshot) => snapshot.matches('loading');
export const selectRefundsLoadError = (snapshot: Snapshot) =>
  snapshot.matches('failed') ? snapshot.context.error : null;
export const selectRefundsReloading = (snapshot: Snapshot) => snapshot.matches({ ready: 'reloading' });
export const selectRefundsError = (snapshot: Snapshot) => (snapshot.matches('ready') ? snapshot.context.error : null);
export const selectWaitingRefunds = (snapshot: Snapshot) => snapshot.context.refunds.filter(waiting);
export const selectOtherRefunds = (snapshot: Snapshot) => snapshot.context.refunds.filter((refund) => !waiting(refund));
/** Card disputes, open ones first (then newest first within each). */
export const selectCardDisputes = (snapshot: Snapshot) =>
  [...snapshot.context.disputes].sort(
    (a, b) => Number(b.status === 'open') - Number(a.status === 'open') || b.createdAt.localeCompare(a.createdAt),
  );
/** The refund and verdict of the open dialog, or null. */
export const selectRefundDecision = (snapshot: Snapshot) =>
  snapshot.matches({ ready: 'deciding' }) || snapshot.matches({ ready: 'sending' })
    ? {
        refund: snapshot.context.refunds.find((refund) => refund.id === snapshot.context.target) ?? null,
        verdict: snapshot.context.verdict!,
      }
    : null;
export const selectRefundDecisionText = (snapshot: Snapshot) => snapshot.context.text;
export const selectRefundDecisionError = (snapshot: Snapshot) => snapshot.context.textError;
export const selectRefundDecisionSending = (snapshot: Snapshot) => snapshot.matches({ ready: 'sending' });
