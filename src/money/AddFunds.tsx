// The Add funds dialog (docs/product.md §Self-serve money): amount, method, the fee and the total before paying, then
// Stripe Checkout. A chunk of its own, loaded just after the Campaigns screen.
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { addFundsMachine } from '@/machines/money/addFunds.machine';
import { MAX_CARD_DEPOSIT_CENTS, MIN_CARD_DEPOSIT_CENTS, type DepositMethod } from '@/contract/money';
import {
  selectAddFundsCreating,
  selectAddFundsForm,
  selectAddFundsOpen,
  selectAddFundsRedirecting,
  selectCheckoutUrl,
  selectDepositQuote,
} from '@/machines/money/addFunds.select';
import { formatsIn } from '@/src/common/format';
import { useMessages } from '@/src/i18n/i18n';
import { withTags } from '@/src/i18n/tags';
import { Alert } from '@/src/ui/Alert';
import { Button } from '@/src/ui/Button';
import { Dialog } from '@/src/ui/Dialog';
import { Field } from '@/src/ui/Field';
import { Icon } from '@/src/ui/Icon';
import { RadioGroup } from '@/src/ui/RadioGroup';
import { Spinner } from '@/src/ui/Spinner';
import * as s from '@/src/marketplace/advertiser.css';
import { fundsMessages } from './fundsCatalogue';
import { depositProblemText } from './fundsWords';

type AddFundsRef = ActorRefFrom<typeof addFundsMachine>;

const FORM_ID = 'add-funds-form';
/** Stripe's fees as contract/money.ts's depositFee reckons them (DEPOSIT_FEE_TEXT): a card's fixed 30¢, a debit's $5 cap. */
const CARD_FIXED_FEE_CENTS = 30;
const BANK_DEBIT_FEE_CAP_CENTS = 500;

export function AddFundsDialog({ actorRef }: { actorRef: AddFundsRef }) {
  const open = useSelector(actorRef, selectAddFundsOpen);
  const creating = useSelector(actorRef, selectAddFundsCreating);
  const redirecting = useSelector(actorRef, selectAddFundsRedirecting);
  const { amount, method, amountError, failure } = useSelector(actorRef, selectAddFundsForm);
  const quote = useSelector(actorRef, selectDepositQuote);
  const checkoutUrl = useSelector(actorRef, selectCheckoutUrl);
  const busy = creating || redirecting;
  const { t, locale } = useMessages(fundsMessages);
  const { money } = formatsIn(locale);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next && !creating) actorRef.send({ type: 'addFunds.cancel' });
      }}
      title={t('addFunds.title')}
      description={t('addFunds.description')}
      width="form"
      footer={
        <>
          <Button variant="secondary" disabled={creating} onClick={() => actorRef.send({ type: 'addFunds.cancel' })}>
            {t('addFunds.cancel')}
          </Button>
          <Button type="submit" form={FORM_ID} disabled={busy} aria-busy={busy || undefined}>
            {t('addFunds.continue')}
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
          label={t('addFunds.amount')}
          name="amount"
          adornment="$"
          inputMode="decimal"
          autoComplete="off"
          hint={t('addFunds.amountHint', { min: money(MIN_CARD_DEPOSIT_CENTS), max: money(MAX_CARD_DEPOSIT_CENTS) })}
          value={amount}
          error={depositProblemText(t, money, amountError)}
          disabled={busy}
          onChange={(event) => actorRef.send({ type: 'amount.change', value: event.target.value })}
        />
        <RadioGroup
          label={t('addFunds.method')}
          name="method"
          variant="cards"
          value={method}
          disabled={busy}
          onValueChange={(value) => actorRef.send({ type: 'method.change', method: value as DepositMethod })}
          options={[
            {
              value: 'card',
              label: t('addFunds.card'),
              description: t('addFunds.cardHint'),
              icon: <Icon name="dollar" size={22} />,
            },
            {
              value: 'us_bank_account',
              label: t('addFunds.bank'),
              description: t('addFunds.bankHint'),
              icon: <Icon name="bank" size={22} />,
            },
          ]}
        />
        <section aria-labelledby="add-funds-total">
          <h3 id="add-funds-total" className={s.subTitle}>
            {t('addFunds.pay')}
          </h3>
          {quote ? (
            <dl className={s.stats}>
              <div>
                <dt className={s.term}>{t('addFunds.added')}</dt>
                <dd className={s.value}>{money(quote.amountCents)}</dd>
              </div>
              <div>
                <dt className={s.term}>{t('addFunds.fee')}</dt>
                <dd className={s.value}>{money(quote.feeCents)}</dd>
              </div>
              <div>
                <dt className={s.term}>{t('addFunds.charged')}</dt>
                <dd className={s.value}>{money(quote.grossCents)}</dd>
              </div>
            </dl>
          ) : null}
          {quote ? (
            <p className={`${s.muted} ${s.spacedSm}`} data-testid="fee-worked">
              {t('addFunds.worked', {
                fee: money(quote.feeCents),
                gross: money(quote.grossCents),
                amount: money(quote.amountCents),
              })}
            </p>
          ) : (
            <p className={s.muted}>{t('addFunds.enterAmount')}</p>
          )}
          <p className={`${s.muted} ${s.spacedSm}`}>
            {method === 'card'
              ? t('addFunds.feeCard', { fixed: money(CARD_FIXED_FEE_CENTS) })
              : t('addFunds.feeBank', { cap: money(BANK_DEBIT_FEE_CAP_CENTS) })}
          </p>
        </section>
        {failure !== null ? (
          <Alert tone="error" title={t('addFunds.failed')}>
            <p>{failure}</p>
          </Alert>
        ) : null}
        {redirecting ? (
          <div>
            <Spinner label={t('addFunds.opening')} />
            {checkoutUrl ? (
              <p className={s.muted}>
                {withTags(t('addFunds.notThere'), { link: (text) => <a href={checkoutUrl}>{text}</a> })}
              </p>
            ) : null}
          </div>
        ) : null}
      </form>
    </Dialog>
  );
}
