// The Funds card's parts of self-serve money (docs/product.md §Self-serve money), beside the card in
// src/marketplace/Campaigns.tsx: the amounts refunds and card disputes hold, what became of a payment the advertiser
// came back from (/campaigns?deposit=<id>), what a card dispute left owed and why refunds and launches wait for it,
// the recent card and bank-debit payments, and the Add funds and Refund
// unspent funds buttons with their dialogs (a chunk of their own, loaded just after the screen).
import { useSelector } from '@xstate/react';
import { lazy, Suspense, useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import type { AdvertiserBalance } from '@/contract';
import { debtMessage } from '@/contract/debts';
import type { CardDeposit } from '@/contract/schemas/money';
import type { CardDepositStatus } from '@/contract/money';
import type { addFundsMachine } from '@/machines/money/addFunds.machine';
import type { depositReturnMachine } from '@/machines/money/depositReturn.machine';
import { selectPaymentReturn, selectReturnBusy, type PaymentReturn } from '@/machines/money/depositReturn.select';
import type { fundsRefundMachine } from '@/machines/money/fundsRefund.machine';
import { formatDate, formatMoney } from '@/src/common/format';
import { Alert } from '@/src/ui/Alert';
import { Button } from '@/src/ui/Button';
import { Chip, type ChipTone } from '@/src/ui/Chip';
import { Icon } from '@/src/ui/Icon';
import * as s from '@/src/marketplace/advertiser.css';
import * as f from './funds.css';

export type AddFundsRef = ActorRefFrom<typeof addFundsMachine>;
export type DepositReturnRef = ActorRefFrom<typeof depositReturnMachine>;
export type FundsRefundRef = ActorRefFrom<typeof fundsRefundMachine>;

const AddFundsDialog = lazy(() => import('./AddFunds').then((m) => ({ default: m.AddFundsDialog })));
const FundsRefundDialog = lazy(() => import('./FundsRefund').then((m) => ({ default: m.FundsRefundDialog })));

/** "Held by refunds" and "Held by a card dispute", for the card's figures, when there is any. */
export function HeldAmounts({ funds }: { funds: AdvertiserBalance }) {
  return (
    <>
      {funds.refundingCents > 0 ? (
        <div>
          <dt className={s.term}>Held by refunds</dt>
          <dd className={s.value}>{formatMoney(funds.refundingCents)}</dd>
        </div>
      ) : null}
      {funds.disputedCents > 0 ? (
        <div>
          <dt className={s.term}>Held by a card dispute</dt>
          <dd className={s.value}>{formatMoney(funds.disputedCents)}</dd>
        </div>
      ) : null}
      {funds.owedCents > 0 ? (
        <div>
          <dt className={s.term}>Owed for a card dispute</dt>
          <dd className={s.value}>{formatMoney(funds.owedCents)}</dd>
        </div>
      ) : null}
    </>
  );
}

/**
 * What a card dispute left owed (docs/product.md §Card disputes), in the words the server refuses refunds and launches
 * with: funds added or released pay it first.
 */
export function OwedNotice({ funds }: { funds: AdvertiserBalance }) {
  if (funds.owedCents <= 0) return null;
  return (
    <Alert tone="warning" title="Refunds and launches wait" className={f.returnNotice}>
      <p>{debtMessage(funds.owedCents, funds.owedDispute === 'open')}</p>
      <p>Funds you add, and what your campaigns release, pay it first.</p>
    </Alert>
  );
}

/** Add funds, and Refund unspent funds while there is a free balance; their dialogs. */
export function FundsActions({
  funds,
  addFunds,
  fundsRefund,
}: {
  funds: AdvertiserBalance;
  addFunds: AddFundsRef | undefined;
  fundsRefund: FundsRefundRef | undefined;
}) {
  return (
    <>
      <div className={`${s.row} ${s.spacedSm}`}>
        <Button variant="dashboard" onClick={() => addFunds?.send({ type: 'addFunds.open' })}>
          <Icon name="plus" size={18} />
          Add funds
        </Button>
        {funds.balanceCents > 0 ? (
          <Button
            variant="secondary"
            onClick={() => fundsRefund?.send({ type: 'refund.open', balanceCents: funds.balanceCents })}
          >
            Refund unspent funds
          </Button>
        ) : null}
      </div>
      <Suspense fallback={null}>
        {addFunds ? <AddFundsDialog actorRef={addFunds} /> : null}
        {fundsRefund ? <FundsRefundDialog actorRef={fundsRefund} /> : null}
      </Suspense>
    </>
  );
}

/**
 * Back from Stripe Checkout: `?deposit=<id>` (and `&cancelled=1`) is handed to the depositReturn flow, then taken off
 * the address, so that a reload or a shared link does not bring the message back.
 */
export function useDepositReturnQuery(depositReturn: DepositReturnRef | undefined) {
  const [params, setParams] = useSearchParams();
  const depositId = params.get('deposit');
  const cancelled = params.get('cancelled') === '1';
  useEffect(() => {
    if (!depositId || !depositReturn) return;
    depositReturn.send({ type: 'deposit.track', depositId, cancelled });
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('deposit');
        next.delete('cancelled');
        return next;
      },
      { replace: true },
    );
  }, [depositId, cancelled, depositReturn, setParams]);
}

const methodName = (deposit: CardDeposit) => (deposit.method === 'card' ? 'card payment' : 'bank debit');

function returnMessage(payment: PaymentReturn): {
  tone: 'info' | 'success' | 'error' | 'warning';
  title: string;
  text: string;
} {
  switch (payment.phase) {
    case 'checking':
      return { tone: 'info', title: 'Checking your payment', text: 'A moment: Castbridge is asking Stripe about it.' };
    case 'unreadable':
      return { tone: 'error', title: 'Your payment could not be checked', text: payment.error };
    case 'processing': {
      const { deposit } = payment;
      return {
        tone: 'info',
        title: 'Payment processing',
        text:
          deposit.method === 'card'
            ? `Your card payment of ${formatMoney(deposit.grossCents)} is processing: ${formatMoney(deposit.amountCents)} is added to your balance as soon as Stripe confirms it.`
            : `Your bank debit of ${formatMoney(deposit.grossCents)} is processing: bank debits take up to 4 business days, and ${formatMoney(deposit.amountCents)} is added to your balance once it clears.`,
      };
    }
    case 'succeeded':
      return {
        tone: 'success',
        title: 'Funds added',
        text: `${formatMoney(payment.deposit.amountCents)} is now in your balance.`,
      };
    case 'failed':
      return {
        tone: 'error',
        title: 'Payment failed',
        text: `Your ${methodName(payment.deposit)} of ${formatMoney(payment.deposit.grossCents)} failed${payment.deposit.failureReason ? `: ${payment.deposit.failureReason}` : ''}. Nothing was added to your balance; you can add funds again with another card or account.`,
      };
    case 'expired':
      return {
        tone: 'warning',
        title: 'Payment expired',
        text: `The ${methodName(payment.deposit)} of ${formatMoney(payment.deposit.grossCents)} was not completed in time: nothing was charged. Add funds again to pay.`,
      };
    case 'cancelled':
      return {
        tone: 'warning',
        title: 'Payment cancelled',
        text: `You cancelled the ${methodName(payment.deposit)} of ${formatMoney(payment.deposit.grossCents)} on Stripe’s page: nothing was charged.`,
      };
  }
}

/** What became of the payment the advertiser came back from; nothing when there is none. */
export function PaymentReturnNotice({ actorRef }: { actorRef: DepositReturnRef | undefined }) {
  if (!actorRef) return null;
  return <PaymentReturnAlert actorRef={actorRef} />;
}

function PaymentReturnAlert({ actorRef }: { actorRef: DepositReturnRef }) {
  const payment = useSelector(actorRef, selectPaymentReturn);
  // While a read is out or due, the message cannot be put away (it is about to change).
  const waiting = useSelector(actorRef, selectReturnBusy);
  if (!payment) return null;
  const { tone, title, text } = returnMessage(payment);
  return (
    <Alert
      tone={tone}
      title={title}
      className={f.returnNotice}
      aria-busy={waiting || undefined}
      onDismiss={waiting ? undefined : () => actorRef.send({ type: 'deposit.dismiss' })}
    >
      <p className={s.longText}>{text}</p>
      {payment.phase === 'unreadable' ? (
        <Button
          variant="secondary"
          size="sm"
          className={s.retry}
          onClick={() => actorRef.send({ type: 'deposit.retry' })}
        >
          Try again
        </Button>
      ) : null}
    </Alert>
  );
}

export const CARD_DEPOSIT_STATUS: Record<CardDepositStatus, { label: string; tone: ChipTone }> = {
  open: { label: 'Not paid yet', tone: 'neutral' },
  processing: { label: 'Processing', tone: 'warning' },
  succeeded: { label: 'Paid', tone: 'success' },
  failed: { label: 'Failed', tone: 'danger' },
  expired: { label: 'Expired', tone: 'neutral' },
};

/** The newest card and bank-debit payments with their states (the first five). */
export function CardPayments({ deposits }: { deposits: CardDeposit[] }) {
  if (deposits.length === 0) return null;
  return (
    <section className={s.spaced} aria-labelledby="card-payments-title">
      <h3 id="card-payments-title" className={s.subTitle}>
        Card and bank payments
      </h3>
      <ul className={`${s.deposits} ${s.spacedSm}`} aria-label="Card and bank payments">
        {deposits.slice(0, 5).map((deposit) => {
          const status = CARD_DEPOSIT_STATUS[deposit.status];
          return (
            <li key={deposit.id}>
              {formatDate(deposit.createdAt)}: {formatMoney(deposit.amountCents)} by{' '}
              {deposit.method === 'card' ? 'card' : 'bank debit'} <Chip tone={status.tone}>{status.label}</Chip>
              {deposit.refundedCents > 0 ? ` · ${formatMoney(deposit.refundedCents)} refunded` : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
