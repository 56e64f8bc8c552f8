import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { PayoutMethod, withdrawMachine } from '@/machines/withdraw.machine';
import { selectFailed, selectRequesting, selectSucceeded, selectWithdrawForm, selectWithdrawModalOpen } from '@/machines/withdraw.select';
import { bankAccountHint, withdrawalAmount } from '@/src/sampleData';
import { Button } from '@/src/ui/Button';
import { Dialog } from '@/src/ui/Dialog';
import { Field } from '@/src/ui/Field';
import { Icon } from '@/src/ui/Icon';
import { RadioGroup } from '@/src/ui/RadioGroup';
import * as s from './Earnings.css';

export type WithdrawRef = ActorRefFrom<typeof withdrawMachine>;

const FORM_ID = 'withdraw-form';

/** The withdraw modal and its two result modals (SPEC §2, §8); which one is open is the statechart's state. */
export function WithdrawDialogs({ actorRef }: { actorRef: WithdrawRef }) {
  const modalOpen = useSelector(actorRef, selectWithdrawModalOpen);
  const requesting = useSelector(actorRef, selectRequesting);
  const failed = useSelector(actorRef, selectFailed);
  const succeeded = useSelector(actorRef, selectSucceeded);
  const { amount, method } = useSelector(actorRef, selectWithdrawForm);

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
            <Button variant="secondary" disabled={requesting} onClick={() => actorRef.send({ type: 'withdraw.cancel' })}>
              Cancel
            </Button>
            <Button type="submit" form={FORM_ID} disabled={requesting} aria-busy={requesting || undefined}>
              Withdraw
            </Button>
          </>
        }
      >
        <form
          id={FORM_ID}
          className={s.withdrawForm}
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
            onChange={(event) => actorRef.send({ type: 'amount.change', value: event.target.value })}
          />
          <RadioGroup
            label="Payout method"
            name="method"
            variant="cards"
            value={method}
            onValueChange={(value) => actorRef.send({ type: 'method.change', method: value as PayoutMethod })}
            options={[
              { value: 'Influencer', label: 'Bank Account', description: `Account ${bankAccountHint}`, icon: <Icon name="bank" size={22} /> },
              { value: 'Advertiser', label: 'PayPal', description: 'Your PayPal account', icon: <Icon name="paypal" size={22} /> },
            ]}
          />
        </form>
      </Dialog>

      <ResultDialog
        open={failed}
        tone="failed"
        title="Withdrawal failed"
        message="Transfer to bank account has been failed."
        actorRef={actorRef}
      />
      <ResultDialog
        open={succeeded}
        tone="succeeded"
        title="Withdrawal successful"
        message="Transferred successfully to your bank account."
        actorRef={actorRef}
      />
    </>
  );
}

function ResultDialog({
  open,
  tone,
  title,
  message,
  actorRef,
}: {
  open: boolean;
  tone: 'failed' | 'succeeded';
  title: string;
  message: string;
  actorRef: WithdrawRef;
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
          Retry
        </Button>
      }
    >
      <div className={s.result} data-tone={tone}>
        <Icon name={tone === 'failed' ? 'x-circle' : 'check-circle'} size={48} className={s.resultIcon} />
        <p className={s.resultAmount}>
          Withdrawal amount of <strong>{withdrawalAmount}</strong>
        </p>
        <p className={s.resultMessage}>{message}</p>
      </div>
    </Dialog>
  );
}
