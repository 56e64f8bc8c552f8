// What the Funds card's Refund unspent funds dialog reads.
import type { SnapshotFrom } from 'xstate';
import type { fundsRefundMachine } from './fundsRefund.machine';

type Snapshot = SnapshotFrom<typeof fundsRefundMachine>;

export const selectRefundOpen = (snapshot: Snapshot) => snapshot.hasTag('modal');
export const selectRefundRequesting = (snapshot: Snapshot) => snapshot.matches('requesting');
export const selectRefundDone = (snapshot: Snapshot) => snapshot.matches('done');
export const selectRefundForm = (snapshot: Snapshot) => ({
  amount: snapshot.context.amount,
  amountError: snapshot.context.amountError,
  failure: snapshot.context.failure,
  balanceCents: snapshot.context.balanceCents,
});
/** The pieces the request made: Stripe's back to card payments, the operator's wire for the rest. */
export const selectRefundPieces = (snapshot: Snapshot) => snapshot.context.refunds;
