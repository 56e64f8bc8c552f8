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
import { formatMoney } from '@/src/common/format';
import { Alert } from '@/src/ui/Alert';
import { Button } from '@/src/ui/Button';
import { Chip, type ChipTone } from '@/src/ui/Chip';
import { Dialog } from '@/src/ui/Dialog';
import { Field } from '@/src/ui/Field';
import * as s from '@/src/marketplace/advertiser.css';

type FundsRefundRef = ActorRefFrom<typeof fundsRefundMachine>;

const FORM_ID = 'funds-refund-form';

/** A piece's state as the advertiser reads it; a wire waits for an operator. */
export function refundStatus(refund: Refund): { label: string; tone: ChipTone } {
  const labels: Record<RefundStatus, { label: string; tone: ChipTone }> = {
    requested: { label: refund.rail === 'manual' ? 'Waiting for Castbridge' : 'Requested', tone: 'warning' },
    processing: { label: 'Processing', tone: 'warning' },
    succeeded: { label: refund.rail === 'manual' ? 'Sent' : 'Refunded', tone: 'success' },
    failed: { label: 'Failed', tone: 'danger' },
  };
  return labels[refund.status];
}

const pieceText = (refund: Refund) =>
  refund.rail === 'stripe'
    ? `${formatMoney(refund.amountCents)} back to the card or bank account that paid it, through Stripe`
    : `${formatMoney(refund.amountCents)} wired back to you by Castbridge`;

export function FundsRefundDialog({ actorRef }: { actorRef: FundsRefundRef }) {
  const open = useSelector(actorRef, selectRefundOpen);
  const requesting = useSelector(actorRef, selectRefundRequesting);
  const done = useSelector(actorRef, selectRefundDone);
  const { amount, amountError, failure, balanceCents } = useSelector(actorRef, selectRefundForm);
  const pieces = useSelector(actorRef, selectRefundPieces);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next && !requesting) actorRef.send({ type: 'refund.cancel' });
      }}
      title="Refund unspent funds"
      description="Money you paid by card or bank debit returns to that payment through Stripe; money you wired is sent back to your bank by Castbridge’s operators."
      width="form"
      footer={
        done ? (
          <Button onClick={() => actorRef.send({ type: 'refund.cancel' })}>Done</Button>
        ) : (
          <>
            <Button variant="secondary" disabled={requesting} onClick={() => actorRef.send({ type: 'refund.cancel' })}>
              Cancel
            </Button>
            <Button type="submit" form={FORM_ID} disabled={requesting} aria-busy={requesting || undefined}>
              Refund
            </Button>
          </>
        )
      }
    >
      {done ? (
        <section aria-labelledby="refund-pieces" role="status">
          <h3 id="refund-pieces" className={s.subTitle}>
            Refund requested
          </h3>
          <ul className={s.deposits} aria-label="Refund pieces">
            {pieces.map((refund) => {
              const status = refundStatus(refund);
              return (
                <li key={refund.id}>
                  {pieceText(refund)} <Chip tone={status.tone}>{status.label}</Chip>
                  {refund.failureReason ? ` · ${refund.failureReason}` : null}
                </li>
              );
            })}
          </ul>
          <p className={`${s.muted} ${s.spacedSm}`}>
            Card refunds reach the card within 5 to 10 business days. Your free balance is now{' '}
            {formatMoney(balanceCents)}.
          </p>
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
            label="Amount"
            name="amount"
            adornment="$"
            inputMode="decimal"
            autoComplete="off"
            hint={`At most ${formatMoney(balanceCents)}, your free balance. What campaigns reserve stays with them.`}
            value={amount}
            error={amountError ?? undefined}
            disabled={requesting}
            onChange={(event) => actorRef.send({ type: 'amount.change', value: event.target.value })}
          />
          {failure !== null ? (
            <Alert tone="error" title="The refund could not be requested">
              <p>{failure}</p>
            </Alert>
          ) : null}
        </form>
      )}
    </Dialog>
  );
}
