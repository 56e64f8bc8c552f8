import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { Payout } from '@/contract';
import { NO_PAYOUT_METHOD } from '@/contract/money';
import { isTaxFormRefusal, TAX_FORM_PATH } from '@/contract/taxForms';
import type { withdrawMachine } from '@/machines/money/withdraw.machine';
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
import { formatMoney } from '@/src/common/format';
import { Alert } from '@/src/ui/Alert';
import { Button } from '@/src/ui/Button';
import { Dialog } from '@/src/ui/Dialog';
import { Field } from '@/src/ui/Field';
import { Icon } from '@/src/ui/Icon';
import { Link } from '@/src/ui/Link';
import { RadioGroup } from '@/src/ui/RadioGroup';
import { Spinner } from '@/src/ui/Spinner';
import * as s from './Earnings.css';

export type WithdrawRef = ActorRefFrom<typeof withdrawMachine>;

const FORM_ID = 'withdraw-form';

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

  return (
    <>
      <Dialog
        open={modalOpen}
        onOpenChange={(open) => {
          if (!open && !requesting) actorRef.send({ type: 'withdraw.dismiss' });
        }}
        title="Withdraw"
        description="Choose an amount and where to send it."
        width="form"
        footer={
          <>
            <Button
              variant="secondary"
              disabled={requesting}
              onClick={() => actorRef.send({ type: 'withdraw.cancel' })}
            >
              Cancel
            </Button>
            <Button type="submit" form={FORM_ID} disabled={!editing} aria-busy={requesting || undefined}>
              Withdraw
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
            label="Amount"
            name="amount"
            placeholder="Enter Amount"
            adornment="$"
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            error={amountError ?? undefined}
            disabled={requesting}
            onChange={(event) => actorRef.send({ type: 'amount.change', value: event.target.value })}
          />
          {loading ? <Spinner label="Loading your payout methods" /> : null}
          {loadError !== null ? (
            <Alert tone="error" title="Your payout methods could not be loaded">
              <p>{loadError}</p>
              <Button variant="secondary" size="sm" onClick={() => actorRef.send({ type: 'methods.retry' })}>
                Try again
              </Button>
            </Alert>
          ) : null}
          {!loading && loadError === null && methods.length === 0 ? (
            <p className={s.noMethod}>
              No payout method yet. <Link to="/set-payout-method">Set Payout Method</Link> to add a bank account or
              PayPal.
            </p>
          ) : null}
          {methods.length > 0 ? (
            <RadioGroup
              label="Payout method"
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
                        label: 'Bank Account',
                        description: `Account ${method.display}`,
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
        {...failureTexts(result.refused, paypal ? result.method!.display : null)}
        amountCents={result.amountCents}
        actorRef={actorRef}
      >
        {result.failure ? <p className={s.resultDetail}>{result.failure}</p> : null}
        {result.refused ? <MissingLink failure={result.failure} /> : null}
      </ResultDialog>
      <ResultDialog
        open={succeeded}
        tone="succeeded"
        {...(result.payout ? successTexts(result.payout) : SPEC_SUCCESS)}
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
function failureTexts(refused: boolean, paypal: string | null): { title: string; message: string; button: string } {
  if (refused) return { title: 'Withdrawal not sent', message: 'Nothing was transferred.', button: 'Done' };
  if (paypal)
    return {
      title: 'Withdrawal failed',
      message: `Transfer to your PayPal account ${paypal} has failed.`,
      button: 'Done',
    };
  return { title: 'Withdrawal failed', message: 'Transfer to bank account has been failed.', button: 'Retry' };
}

/** Where a refusal's missing piece is put right: the tax form, a payout method, Stripe's onboarding. */
function MissingLink({ failure }: { failure: string | null }) {
  const link = isTaxFormRefusal(failure)
    ? { to: TAX_FORM_PATH, label: 'File your tax form' }
    : failure === NO_PAYOUT_METHOD
      ? { to: '/set-payout-method', label: 'Set Payout Method' }
      : failure?.startsWith('Stripe cannot pay you yet')
        ? { to: '/set-payout-method/stripe', label: 'Finish with Stripe' }
        : null;
  if (!link) return null;
  return (
    <p className={s.resultDetail}>
      <Link to={link.to}>{link.label}</Link>
    </p>
  );
}

/** The spec's success modal (docs/spec.md §8): true of a bank transfer. */
const SPEC_SUCCESS = {
  title: 'Withdrawal successful',
  message: 'Transferred successfully to your bank account.',
  button: 'Retry',
} as const;

/**
 * The success modal's texts: the spec's for a bank account; for PayPal what happened, since the payout is requested
 * and PayPal (or an operator, on the manual rail) sends it afterwards (docs/user-guide.md §Payout rails).
 */
function successTexts(payout: Payout): { title: string; message: string; button: string } {
  if (payout.method.kind === 'bank') return SPEC_SUCCESS;
  if (payout.method.kind === 'stripe')
    return {
      title: 'Withdrawal requested',
      message: 'Requested a transfer to your Stripe account: Stripe pays it into your bank.',
      button: 'Done',
    };
  if (payout.status === 'paid') {
    return {
      title: 'Withdrawal successful',
      message: `Transferred successfully to your PayPal account ${payout.method.display}.`,
      button: 'Done',
    };
  }
  return {
    title: 'Withdrawal requested',
    message: `Requested a transfer to your PayPal account ${payout.method.display}.`,
    button: 'Done',
  };
}

/** The request as the server recorded it, and when the money is expected. */
function Receipt({ payout }: { payout: Payout }) {
  if (payout.method.kind === 'bank') {
    return (
      <p className={s.resultDetail}>
        Reference {payout.reference} · Bank Account {payout.method.display}. It shows as Processing in Payout History
        until it is paid.
      </p>
    );
  }
  if (payout.status === 'paid') return <p className={s.resultDetail}>Reference {payout.reference}.</p>;
  if (payout.method.kind === 'stripe')
    return (
      <p className={s.resultDetail}>
        Reference {payout.reference}. Stripe usually pays it into your bank within two business days. It shows as
        Processing in Payout History until it is paid, and you get a notification then.
      </p>
    );
  return (
    <p className={s.resultDetail}>
      Reference {payout.reference}.{' '}
      {payout.provider === 'paypal'
        ? 'PayPal usually delivers it within minutes.'
        : 'Castbridge’s team sends it through PayPal by hand.'}{' '}
      It shows as Processing in Payout History until it is paid, and you get a notification then.
    </p>
  );
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
}: {
  open: boolean;
  tone: 'failed' | 'succeeded';
  title: string;
  message: string;
  /** The spec labels it Retry (docs/spec.md §8); it closes the modal, and says so where the spec's text is not used. */
  button: string;
  amountCents: number;
  actorRef: WithdrawRef;
  children?: ReactNode;
}) {
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
          Withdrawal amount of <strong>{formatMoney(amountCents)}</strong>
        </p>
        <p className={s.resultMessage}>{message}</p>
        {children}
      </div>
    </Dialog>
  );
}
