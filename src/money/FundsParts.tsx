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
import type { CardDeposit } from '@/contract/schemas/money';
import type { CardDepositStatus } from '@/contract/money';
import type { addFundsMachine } from '@/machines/money/addFunds.machine';
import type { depositReturnMachine } from '@/machines/money/depositReturn.machine';
import { selectPaymentReturn, selectReturnBusy, type PaymentReturn } from '@/machines/money/depositReturn.select';
import type { fundsRefundMachine } from '@/machines/money/fundsRefund.machine';
import { formatsIn } from '@/src/common/format';
import { useMessages } from '@/src/i18n/i18n';
import { Alert } from '@/src/ui/Alert';
import { Button } from '@/src/ui/Button';
import { Chip, type ChipTone } from '@/src/ui/Chip';
import { Icon } from '@/src/ui/Icon';
import * as s from '@/src/marketplace/advertiser.css';
import * as f from './funds.css';
import { fundsMessages, type FundsMessage } from './fundsCatalogue';
import type { FundsWords } from './fundsWords';

export type AddFundsRef = ActorRefFrom<typeof addFundsMachine>;
export type DepositReturnRef = ActorRefFrom<typeof depositReturnMachine>;
export type FundsRefundRef = ActorRefFrom<typeof fundsRefundMachine>;

const AddFundsDialog = lazy(() => import('./AddFunds').then((m) => ({ default: m.AddFundsDialog })));
const FundsRefundDialog = lazy(() => import('./FundsRefund').then((m) => ({ default: m.FundsRefundDialog })));

/** "Held by refunds" and "Held by a card dispute", for the card's figures, when there is any. */
export function HeldAmounts({ funds }: { funds: AdvertiserBalance }) {
  const { t, locale } = useMessages(fundsMessages);
  const { money } = formatsIn(locale);
  return (
    <>
      {funds.refundingCents > 0 ? (
        <div>
          <dt className={s.term}>{t('held.refunds')}</dt>
          <dd className={s.value}>{money(funds.refundingCents)}</dd>
        </div>
      ) : null}
      {funds.disputedCents > 0 ? (
        <div>
          <dt className={s.term}>{t('held.dispute')}</dt>
          <dd className={s.value}>{money(funds.disputedCents)}</dd>
        </div>
      ) : null}
      {funds.owedCents > 0 ? (
        <div>
          <dt className={s.term}>{t('held.owed')}</dt>
          <dd className={s.value}>{money(funds.owedCents)}</dd>
        </div>
      ) : null}
    </>
  );
}

/**
 * What a card dispute left owed (docs/product.md §Card disputes), in the words the server refuses refunds and launches
 * with (contract/debts.ts's debtMessage, in the screen's language): funds added or released pay it first.
 */
export function OwedNotice({ funds }: { funds: AdvertiserBalance }) {
  const { t, locale } = useMessages(fundsMessages);
  if (funds.owedCents <= 0) return null;
  const owed = formatsIn(locale).money(funds.owedCents);
  return (
    <Alert tone="warning" title={t('owed.title')} className={f.returnNotice}>
      <p>{funds.owedDispute === 'open' ? t('owed.open', { owed }) : t('owed.lost', { owed })}</p>
      <p>{t('owed.paysFirst')}</p>
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
  const { t } = useMessages(fundsMessages);
  return (
    <>
      <div className={`${s.row} ${s.spacedSm}`}>
        <Button variant="dashboard" onClick={() => addFunds?.send({ type: 'addFunds.open' })}>
          <Icon name="plus" size={18} />
          {t('actions.addFunds')}
        </Button>
        {funds.balanceCents > 0 ? (
          <Button
            variant="secondary"
            onClick={() => fundsRefund?.send({ type: 'refund.open', balanceCents: funds.balanceCents })}
          >
            {t('actions.refund')}
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

function returnMessage(
  t: FundsWords,
  money: (cents: number) => string,
  payment: PaymentReturn,
): {
  tone: 'info' | 'success' | 'error' | 'warning';
  title: string;
  text: string;
} {
  switch (payment.phase) {
    case 'checking':
      return { tone: 'info', title: t('return.checkingTitle'), text: t('return.checking') };
    case 'unreadable':
      return { tone: 'error', title: t('return.unreadableTitle'), text: payment.error };
    case 'processing': {
      const { deposit } = payment;
      const values = { gross: money(deposit.grossCents), amount: money(deposit.amountCents) };
      return {
        tone: 'info',
        title: t('return.processingTitle'),
        text: deposit.method === 'card' ? t('return.processingCard', values) : t('return.processingBank', values),
      };
    }
    case 'succeeded':
      return {
        tone: 'success',
        title: t('return.succeededTitle'),
        text: t('return.succeeded', { amount: money(payment.deposit.amountCents) }),
      };
    case 'failed': {
      const { deposit } = payment;
      const values = { method: deposit.method, gross: money(deposit.grossCents) };
      return {
        tone: 'error',
        title: t('return.failedTitle'),
        // Stripe's or the bank's reason, as it came.
        text: deposit.failureReason
          ? t('return.failedBecause', { ...values, reason: deposit.failureReason })
          : t('return.failed', values),
      };
    }
    case 'expired':
      return {
        tone: 'warning',
        title: t('return.expiredTitle'),
        text: t('return.expired', { method: payment.deposit.method, gross: money(payment.deposit.grossCents) }),
      };
    case 'cancelled':
      return {
        tone: 'warning',
        title: t('return.cancelledTitle'),
        text: t('return.cancelled', { method: payment.deposit.method, gross: money(payment.deposit.grossCents) }),
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
  const { t, locale } = useMessages(fundsMessages);
  if (!payment) return null;
  const { tone, title, text } = returnMessage(t, formatsIn(locale).money, payment);
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
          {t('return.retry')}
        </Button>
      ) : null}
    </Alert>
  );
}

/** A card or bank-debit payment's state: its words (an id of the funds catalogue) and its chip's tone. */
export const CARD_DEPOSIT_STATUS: Record<CardDepositStatus, { label: FundsMessage; tone: ChipTone }> = {
  open: { label: 'payments.status.open', tone: 'neutral' },
  processing: { label: 'payments.status.processing', tone: 'warning' },
  succeeded: { label: 'payments.status.succeeded', tone: 'success' },
  failed: { label: 'payments.status.failed', tone: 'danger' },
  expired: { label: 'payments.status.expired', tone: 'neutral' },
};

/** The newest card and bank-debit payments with their states (the first five). */
export function CardPayments({ deposits }: { deposits: CardDeposit[] }) {
  const { t, locale } = useMessages(fundsMessages);
  if (deposits.length === 0) return null;
  const { money, date } = formatsIn(locale);
  return (
    <section className={s.spaced} aria-labelledby="card-payments-title">
      <h3 id="card-payments-title" className={s.subTitle}>
        {t('payments.title')}
      </h3>
      <ul className={`${s.deposits} ${s.spacedSm}`} aria-label={t('payments.title')}>
        {deposits.slice(0, 5).map((deposit) => {
          const status = CARD_DEPOSIT_STATUS[deposit.status];
          return (
            <li key={deposit.id}>
              {t('payments.row', {
                date: date(deposit.createdAt),
                amount: money(deposit.amountCents),
                method: deposit.method,
              })}{' '}
              <Chip tone={status.tone}>{t(status.label)}</Chip>
              {deposit.refundedCents > 0 ? t('payments.refunded', { amount: money(deposit.refundedCents) }) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
