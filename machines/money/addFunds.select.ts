// What the Funds card's Add funds dialog reads.
import type { SnapshotFrom } from 'xstate';
import { depositFee } from '@/contract/money';
import { depositAmountCents, type addFundsMachine } from './addFunds.machine';

type Snapshot = SnapshotFrom<typeof addFundsMachine>;

export const selectAddFundsOpen = (snapshot: Snapshot) => snapshot.hasTag('modal');
export const selectAddFundsCreating = (snapshot: Snapshot) => snapshot.matches('creating');
export const selectAddFundsRedirecting = (snapshot: Snapshot) => snapshot.matches('redirecting');
export const selectAddFundsForm = (snapshot: Snapshot) => ({
  amount: snapshot.context.amount,
  method: snapshot.context.method,
  amountError: snapshot.context.amountError,
  failure: snapshot.context.failure,
});
/** The amount, Stripe's fee and the total charged, once the amount typed is one that can be added; else null. */
export const selectDepositQuote = (snapshot: Snapshot) => {
  const amountCents = depositAmountCents(snapshot.context.amount);
  if (amountCents === null) return null;
  return { amountCents, ...depositFee(snapshot.context.method, amountCents) };
};
/** Stripe's payment page the browser is going to (a link for when it does not). */
export const selectCheckoutUrl = (snapshot: Snapshot) => snapshot.context.started?.checkoutUrl ?? null;
