import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { Payout } from '@/contract';
import type { ErrorCode } from '@/contract/errors';
import { TAX_FORM_PATH } from '@/contract/taxForms';
import type { WithdrawAmountProblem, withdrawMachine } from '@/machines/money/withdraw.machine';
import {
  selectEditing,
  selectFailed,
  selectMethodsLoadError,
  selectMethodsLoading,
  selectRequesting,
  selectSucceeded,
  selectWithdrawForm,
  selectWithdrawModalOpen,
  selectWithdrawResult,
} from '@/machines/money/withdraw.select';
import { formatsIn } from '@/src/common/format';
import { useMessages } from '@/src/i18n/i18n';
import { withTags } from '@/src/i18n/tags';
import { Alert } from '@/src/ui/Alert';
import { Button } from '@/src/ui/Button';
import { Dialog } from '@/src/ui/Dialog';
import { Field } from '@/src/ui/Field';
import { Icon } from '@/src/ui/Icon';
import { Link } from '@/src/ui/Link';
import { RadioGroup } from '@/src/ui/RadioGroup';
import { Spinner } from '@/src/ui/Spinner';
import * as s from './Earnings.css';
import { moneyMessages, type MoneyMessage } from './catalogue';

type Say = (id: MoneyMessage, values?: Record<string, unknown>) => string;

export type WithdrawRef = ActorRefFrom<typeof withdrawMachine>;

const FORM_ID = 'withdraw-form';

const AMOUNT_PROBLEMS: Record<WithdrawAmountProblem, MoneyMessage> = {
  required: 'form.required',
  invalid: 'withdraw.amountInvalid',
};

/** The withdraw modal and its two result modals (docs/spec.md §2, §8; docs/product.md §Money); which one is open is the statechart's state. */
export function WithdrawDialogs({ actorRef }: { actorRef: WithdrawRef }) {
  const modalOpen = useSelector(actorRef, selectWithdrawModalOpen);
  const loading = useSelector(actorRef, selectMethodsLoading);
  const loadError = useSelector(actorRef, selectMethodsLoadError);
  const editing = useSelector(actorRef, selectEditing);
  const requesting = useSelector(actorRef, selectRequesting);
  const failed = useSelector(actorRef, selectFailed);
  const succeeded = useSelector(actorRef, selectSucceeded);
  const { amount, methodId, methods, amountError } = useSelector(actorRef, selectWithdrawForm);
  const result = useSelector(actorRef, selectWithdrawResult);
  const paypal = result.method?.kind === 'paypal';
  const { t } = useMessages(moneyMessages);

  return (
    <>
      <Dialog
        open={modalOpen}
        onOpenChange={(open) => {
          if (!open && !requesting) actorRef.send({ type: 'withdraw.dismiss' });
        }}
        title={t('withdraw.title')}
        description={t('withdraw.description')}
        width="form"
        footer={
          <>
            <Button
              variant="secondary"
              disabled={requesting}
              onClick={() => actorRef.send({ type: 'withdraw.cancel' })}
            >
              {t('withdraw.cancel')}
            </Button>
            <Button type="submit" form={FORM_ID} disabled={!editing} aria-busy={requesting || undefined}>
              {t('withdraw.submit')}
            </Button>
          </>
        }
      >
        <form
          id={FORM_ID}
          className={s.withdrawForm}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            actorRef.send({ type: 'withdraw.submit' });
          }}
        >
          <Field
            label={t('withdraw.amount')}
            name="amount"
            placeholder={t('withdraw.amountPlaceholder')}
            adornment="$"
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            error={amountError ? t(AMOUNT_PROBLEMS[amountError]) : undefined}
            disabled={requesting}
            onChange={(event) => actorRef.send({ type: 'amount.change', value: event.target.value })}
          />
          {loading ? <Spinner label={t('withdraw.methodsLoading')} /> : null}
          {loadError !== null ? (
            <Alert tone="error" title={t('withdraw.methodsFailed')}>
              <p>{loadError}</p>
              <Button variant="secondary" size="sm" onClick={() => actorRef.send({ type: 'methods.retry' })}>
                {t('withdraw.retry')}
              </Button>
            </Alert>
          ) : null}
          {!loading && loadError === null && methods.length === 0 ? (
            <p className={s.noMethod}>
              {withTags(t('withdraw.noMethod'), { link: (text) => <Link to="/set-payout-method">{text}</Link> })}
            </p>
          ) : null}
          {methods.length > 0 ? (
            <RadioGroup
              label={t('withdraw.method')}
              name="method"
              variant="cards"
              value={methodId ?? ''}
              disabled={requesting}
              onValueChange={(value) => actorRef.send({ type: 'method.change', methodId: value })}
              options={methods.map((method) =>
                method.kind === 'stripe'
                  ? {
                      value: method.id,
                      label: 'Stripe',
                      description: method.display,
                      icon: <Icon name="bank" size={22} />,
                    }
                  : method.kind === 'bank'
                    ? {
                        value: method.id,
                        label: t('withdraw.bank'),
                        description: t('withdraw.bankAccount', { account: method.display }),
                        icon: <Icon name="bank" size={22} />,
                      }
                    : {
                        value: method.id,
                        label: 'PayPal',
                        description: method.display,
                        icon: <Icon name="paypal" size={22} />,
                      },
              )}
            />
          ) : null}
        </form>
      </Dialog>

      <ResultDialog
        open={failed}
        tone="failed"
        {...failureTexts(t, result.refused, paypal ? result.method!.display : null)}
        amountCents={result.amountCents}
        actorRef={actorRef}
      >
        {result.failure ? <p className={s.resultDetail}>{result.failure}</p> : null}
        {result.refused ? <MissingLink code={result.failureCode} /> : null}
      </ResultDialog>
      <ResultDialog
        open={succeeded}
        tone="succeeded"
        {...(result.payout ? successTexts(t, result.payout) : specSuccess(t))}
        amountCents={result.amountCents}
        actorRef={actorRef}
      >
        {result.payout ? <Receipt payout={result.payout} /> : null}
      </ResultDialog>
    </>
  );
}

/**
 * The failure modal's texts. A refusal (the server decided before anything was attempted: no tax form, no payout
 * method, under the minimum, more than the balance) says nothing was sent; the spec's "has been failed" is kept for a
 * transfer that may have been tried (a server failure, a lost answer), and PayPal's own wording for PayPal.
 */
function failureTexts(t: Say, refused: boolean, paypal: string | null): ResultTexts {
  if (refused) return { title: t('result.notSent'), message: t('result.nothingTransferred'), button: t('result.done') };
  if (paypal)
    return {
      title: t('result.failed'),
      message: t('result.paypalFailed', { account: paypal }),
      button: t('result.done'),
    };
  return { title: t('result.failed'), message: t('result.bankFailed'), button: t('result.retry') };
}

/** Where a refusal's missing piece is put right, by its code: the tax form, a payout method, Stripe's onboarding. */
const MISSING: Partial<Record<ErrorCode, { to: string; label: MoneyMessage }>> = {
  'money.tax_form_missing': { to: TAX_FORM_PATH, label: 'result.taxForm' },
  'money.no_payout_method': { to: '/set-payout-method', label: 'result.payoutMethod' },
  'money.stripe_not_set_up': { to: '/set-payout-method', label: 'result.payoutMethod' },
  'money.stripe_needs_details': { to: '/set-payout-method/stripe', label: 'result.stripe' },
  'money.stripe_restricted': { to: '/set-payout-method/stripe', label: 'result.stripe' },
};

function MissingLink({ code }: { code: string | null }) {
  const { t } = useMessages(moneyMessages);
  const link = code ? MISSING[code as ErrorCode] : undefined;
  if (!link) return null;
  return (
    <p className={s.resultDetail}>
      <Link to={link.to}>{t(link.label)}</Link>
    </p>
  );
}

interface ResultTexts {
  title: string;
  message: string;
  /** The spec labels it Retry (docs/spec.md §8); it closes the modal, and says so where the spec's text is not used. */
  button: string;
}

/** The spec's success modal (docs/spec.md §8): true of a bank transfer. */
const specSuccess = (t: Say): ResultTexts => ({
  title: t('result.succeeded'),
  message: t('result.bankSucceeded'),
  button: t('result.retry'),
});

/**
 * The success modal's texts: the spec's for a bank account; for PayPal what happened, since the payout is requested
 * and PayPal (or an operator, on the manual rail) sends it afterwards (docs/user-guide.md §Payout rails).
 */
function successTexts(t: Say, payout: Payout): ResultTexts {
  if (payout.method.kind === 'bank') return specSuccess(t);
  if (payout.method.kind === 'stripe')
    return { title: t('result.requested'), message: t('result.stripeRequested'), button: t('result.done') };
  const account = payout.method.display;
  if (payout.status === 'paid')
    return {
      title: t('result.succeeded'),
      message: t('result.paypalSucceeded', { account }),
      button: t('result.done'),
    };
  return { title: t('result.requested'), message: t('result.paypalRequested', { account }), button: t('result.done') };
}

/** The request as the server recorded it, and when the money is expected. */
function Receipt({ payout }: { payout: Payout }) {
  const { t } = useMessages(moneyMessages);
  const reference = payout.reference;
  const text =
    payout.method.kind === 'bank'
      ? t('receipt.bank', { reference, account: payout.method.display })
      : payout.status === 'paid'
        ? t('receipt.paid', { reference })
        : payout.method.kind === 'stripe'
          ? t('receipt.stripe', { reference })
          : t('receipt.paypal', { reference, provider: payout.provider });
  return <p className={s.resultDetail}>{text}</p>;
}

function ResultDialog({
  open,
  tone,
  title,
  message,
  button,
  amountCents,
  actorRef,
  children,
}: ResultTexts & {
  open: boolean;
  tone: 'failed' | 'succeeded';
  amountCents: number;
  actorRef: WithdrawRef;
  children?: ReactNode;
}) {
  const { t, locale } = useMessages(moneyMessages);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) actorRef.send({ type: 'result.dismiss' });
      }}
      title={title}
      width="confirm"
      footer={
        <Button fullWidth onClick={() => actorRef.send({ type: 'result.retry' })}>
          {button}
        </Button>
      }
    >
      <div className={s.result} data-tone={tone}>
        <Icon name={tone === 'failed' ? 'x-circle' : 'check-circle'} size={48} className={s.resultIcon} />
        <p className={s.resultAmount}>
          {withTags(t('result.amount', { amount: formatsIn(locale).money(amountCents) }), {
            amount: (text) => <strong>{text}</strong>,
          })}
        </p>
        <p className={s.resultMessage}>{message}</p>
        {children}
      </div>
    </Dialog>
  );
}
