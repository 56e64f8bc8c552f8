// What the Funds card says about a payment the advertiser came back from.
import type { SnapshotFrom } from 'xstate';
import type { CardDeposit } from '@/contract/schemas/money';
import type { depositReturnMachine } from './depositReturn.machine';

type Snapshot = SnapshotFrom<typeof depositReturnMachine>;

export type PaymentReturn =
  /** The first read is out. */
  | { phase: 'checking' }
  /** Not confirmed yet by Stripe (a card a moment, a bank debit days). */
  | { phase: 'processing'; deposit: CardDeposit }
  | { phase: 'succeeded' | 'failed' | 'expired' | 'cancelled'; deposit: CardDeposit }
  /** The payment could not be read. */
  | { phase: 'unreadable'; error: string };

export function selectPaymentReturn(snapshot: Snapshot): PaymentReturn | null {
  const { deposit, error } = snapshot.context;
  if (snapshot.matches('idle')) return null;
  if (snapshot.matches('failed')) return { phase: 'unreadable', error: error ?? '' };
  if ((snapshot.matches('cancelled') || snapshot.matches('cancelling')) && deposit)
    return { phase: 'cancelled', deposit };
  if (snapshot.matches('settled') && deposit && deposit.status !== 'open' && deposit.status !== 'processing')
    return { phase: deposit.status, deposit };
  return deposit ? { phase: 'processing', deposit } : { phase: 'checking' };
}
/** A read is out or due: the message is about to change, so it cannot be put away yet. */
export const selectReturnBusy = (snapshot: Snapshot) =>
  snapshot.matches('loading') || snapshot.matches('waiting') || snapshot.matches('cancelling');
