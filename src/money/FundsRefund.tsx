// The Refund unspent funds dialog (docs/product.md §Self-serve money): an amount up to the free balance, then the pieces
// it made with their states. A chunk of its own, loaded just after the Campaigns screen.
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { fundsRefundMachine } from '@/machines/money/fundsRefund.machine';
import type { RefundStatus } from '@/contract/money';
import type { Refund } from '@/contract/schemas/money';
import {
  selectRefundDone,
  selectRefundForm,
  selectRefundOpen,
  selectRefundPieces,
  selectRefundRequesting,
} from '@/machines/money/fundsRefund.select';
import { formatsIn } from '@/src/common/format';
import { useMessages } from '@/src/i18n/i18n';
import { Alert } from '@/src/ui/Alert';
import { Button } from '@/src/ui/Button';
import { Chip, type ChipTone } from '@/src/ui/Chip';
import { Dialog } from '@/src/ui/Dialog';
import { Field } from '@/src/ui/Field';
import * as s from '@/src/marketplace/advertiser.css';
import { fundsMessages, type FundsMessage } from './fundsCatalogue';
import { refundProblemText, type FundsWords } from './fundsWords';

type FundsRefundRef = ActorRefFrom<typeof fundsRefundMachine>;

const FORM_ID = 'funds-refund-form';

/** A piece's state as the advertiser reads it (an id of the funds catalogue); a wire waits for an operator. */
export function refundStatus(refund: Refund): { label: FundsMessage; tone: ChipTone } {
  const labels: Record<RefundStatus, { label: FundsMessage; tone: ChipTone }> = {
    requested: {
      label: refund.rail === 'manual' ? 'refund.status.waiting' : 'refund.status.requested',
      tone: 'warning',
    },
    processing: { label: 'refund.status.processing', tone: 'warning' },
    succeeded: { label: refund.rail === 'manual' ? 'refund.status.sent' : 'refund.status.refunded', tone: 'success' },
    failed: { label: 'refund.status.failed', tone: 'danger' },
  };
  return labels[refund.status];
}

const pieceText = (t: FundsWords, money: (cents: number) => string, refund: Refund) =>
  refund.rail === 'stripe'
    ? t('refund.pieceStripe', { amount: money(refund.amountCents) })
    : t('refund.pieceManual', { amount: money(refund.amountCents) });

export function FundsRefundDialog({ actorRef }: { actorRef: FundsRefundRef }) {
  const open = useSelector(actorRef, selectRefundOpen);
  const requesting = useSelector(actorRef, selectRefundRequesting);
  const done = useSelector(actorRef, selectRefundDone);
  const { amount, amountError, failure, balanceCents } = useSelector(actorRef, selectRefundForm);
  const pieces = useSelector(actorRef, selectRefundPieces);
  const { t, locale } = useMessages(fundsMessages);
  const { money } = formatsIn(locale);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next && !requesting) actorRef.send({ type: 'refund.cancel' });
      }}
      title={t('refund.title')}
      description={t('refund.description')}
      width="form"
      footer={
        done ? (
          <Button onClick={() => actorRef.send({ type: 'refund.cancel' })}>{t('refund.done')}</Button>
        ) : (
          <>
            <Button variant="secondary" disabled={requesting} onClick={() => actorRef.send({ type: 'refund.cancel' })}>
              {t('refund.cancel')}
            </Button>
            <Button type="submit" form={FORM_ID} disabled={requesting} aria-busy={requesting || undefined}>
              {t('refund.submit')}
            </Button>
          </>
        )
      }
    >
      {done ? (
        <section aria-labelledby="refund-pieces" role="status">
          <h3 id="refund-pieces" className={s.subTitle}>
            {t('refund.requested')}
          </h3>
          <ul className={s.deposits} aria-label={t('refund.pieces')}>
            {pieces.map((refund) => {
              const status = refundStatus(refund);
              return (
                <li key={refund.id}>
                  {pieceText(t, money, refund)} <Chip tone={status.tone}>{t(status.label)}</Chip>
                  {refund.failureReason ? ` · ${refund.failureReason}` : null}
                </li>
              );
            })}
          </ul>
          <p className={`${s.muted} ${s.spacedSm}`}>{t('refund.after', { balance: money(balanceCents) })}</p>
        </section>
      ) : (
        <form
          id={FORM_ID}
          className={s.formStack}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            actorRef.send({ type: 'refund.submit' });
          }}
        >
          <Field
            label={t('refund.amount')}
            name="amount"
            adornment="$"
            inputMode="decimal"
            autoComplete="off"
            hint={t('refund.amountHint', { balance: money(balanceCents) })}
            value={amount}
            error={refundProblemText(t, money, amountError)}
            disabled={requesting}
            onChange={(event) => actorRef.send({ type: 'amount.change', value: event.target.value })}
          />
          {failure !== null ? (
            <Alert tone="error" title={t('refund.failed')}>
              <p>{failure}</p>
            </Alert>
          ) : null}
        </form>
      )}
    </Dialog>
  );
}
