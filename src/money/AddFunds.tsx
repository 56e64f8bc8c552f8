// The Add funds dialog (docs/product.md §Self-serve money): amount, method, the fee and the total before paying, then
// Stripe Checkout. A chunk of its own, loaded just after the Campaigns screen.
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { addFundsMachine } from '@/machines/money/addFunds.machine';
import { DEPOSIT_FEE_TEXT, MAX_CARD_DEPOSIT_CENTS, MIN_CARD_DEPOSIT_CENTS, type DepositMethod } from '@/contract/money';
import {
  selectAddFundsCreating,
  selectAddFundsForm,
  selectAddFundsOpen,
  selectAddFundsRedirecting,
  selectCheckoutUrl,
  selectDepositQuote,
} from '@/machines/money/addFunds.select';
import { formatMoney } from '@/src/common/format';
import { Alert } from '@/src/ui/Alert';
import { Button } from '@/src/ui/Button';
import { Dialog } from '@/src/ui/Dialog';
import { Field } from '@/src/ui/Field';
import { Icon } from '@/src/ui/Icon';
import { RadioGroup } from '@/src/ui/RadioGroup';
import { Spinner } from '@/src/ui/Spinner';
import * as s from '@/src/marketplace/advertiser.css';

type AddFundsRef = ActorRefFrom<typeof addFundsMachine>;

const FORM_ID = 'add-funds-form';

export function AddFundsDialog({ actorRef }: { actorRef: AddFundsRef }) {
  const open = useSelector(actorRef, selectAddFundsOpen);
  const creating = useSelector(actorRef, selectAddFundsCreating);
  const redirecting = useSelector(actorRef, selectAddFundsRedirecting);
  const { amount, method, amountError, failure } = useSelector(actorRef, selectAddFundsForm);
  const quote = useSelector(actorRef, selectDepositQuote);
  const checkoutUrl = useSelector(actorRef, selectCheckoutUrl);
  const busy = creating || redirecting;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next && !creating) actorRef.send({ type: 'addFunds.cancel' });
      }}
      title="Add funds"
      description="Pay by card or US bank debit through Stripe. Your balance rises by the amount you choose once Stripe confirms the payment."
      width="form"
      footer={
        <>
          <Button variant="secondary" disabled={creating} onClick={() => actorRef.send({ type: 'addFunds.cancel' })}>
            Cancel
          </Button>
          <Button type="submit" form={FORM_ID} disabled={busy} aria-busy={busy || undefined}>
            Continue to payment
          </Button>
        </>
      }
    >
      <form
        id={FORM_ID}
        className={s.formStack}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          actorRef.send({ type: 'addFunds.submit' });
        }}
      >
        <Field
          label="Amount"
          name="amount"
          adornment="$"
          inputMode="decimal"
          autoComplete="off"
          hint={`What your balance rises by: ${formatMoney(MIN_CARD_DEPOSIT_CENTS)} to ${formatMoney(MAX_CARD_DEPOSIT_CENTS)}.`}
          value={amount}
          error={amountError ?? undefined}
          disabled={busy}
          onChange={(event) => actorRef.send({ type: 'amount.change', value: event.target.value })}
        />
        <RadioGroup
          label="Payment method"
          name="method"
          variant="cards"
          value={method}
          disabled={busy}
          onValueChange={(value) => actorRef.send({ type: 'method.change', method: value as DepositMethod })}
          options={[
            {
              value: 'card',
              label: 'Card',
              description: 'Added as soon as the payment goes through.',
              icon: <Icon name="dollar" size={22} />,
            },
            {
              value: 'us_bank_account',
              label: 'US bank account',
              description: 'A bank debit: up to 4 business days.',
              icon: <Icon name="bank" size={22} />,
            },
          ]}
        />
        <section aria-labelledby="add-funds-total">
          <h3 id="add-funds-total" className={s.subTitle}>
            What you pay
          </h3>
          {quote ? (
            <dl className={s.stats}>
              <div>
                <dt className={s.term}>Added to your balance</dt>
                <dd className={s.value}>{formatMoney(quote.amountCents)}</dd>
              </div>
              <div>
                <dt className={s.term}>Stripe’s fee</dt>
                <dd className={s.value}>{formatMoney(quote.feeCents)}</dd>
              </div>
              <div>
                <dt className={s.term}>Total charged</dt>
                <dd className={s.value}>{formatMoney(quote.grossCents)}</dd>
              </div>
            </dl>
          ) : null}
          {quote ? (
            <p className={`${s.muted} ${s.spacedSm}`} data-testid="fee-worked">
              Stripe keeps {formatMoney(quote.feeCents)} of the {formatMoney(quote.grossCents)} charged, and{' '}
              {formatMoney(quote.amountCents)} reaches your balance.
            </p>
          ) : (
            <p className={s.muted}>Enter an amount to see the fee and the total.</p>
          )}
          <p className={`${s.muted} ${s.spacedSm}`}>{DEPOSIT_FEE_TEXT[method]}</p>
        </section>
        {failure !== null ? (
          <Alert tone="error" title="The payment could not be started">
            <p>{failure}</p>
          </Alert>
        ) : null}
        {redirecting ? (
          <div>
            <Spinner label="Opening Stripe’s payment page" />
            {checkoutUrl ? (
              <p className={s.muted}>
                Not there yet? <a href={checkoutUrl}>Open the payment page</a>.
              </p>
            ) : null}
          </div>
        ) : null}
      </form>
    </Dialog>
  );
}
