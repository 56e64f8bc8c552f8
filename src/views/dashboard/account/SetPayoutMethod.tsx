import { useMachine } from '@xstate/react';
import { payoutBankMachine } from '@/machines/payoutBank.machine';
import { selectBankConnected, selectBankDialogOpen } from '@/machines/payoutBank.select';
import { inspect } from '@/src/app/inspect';
import { sampleBankLabel } from '@/src/sampleData';
import { Button } from '@/src/ui/Button';
import { Card } from '@/src/ui/Card';
import { Chip } from '@/src/ui/Chip';
import { Dialog } from '@/src/ui/Dialog';
import { Field, NativeSelectField } from '@/src/ui/Field';
import { Icon } from '@/src/ui/Icon';
import { ScreenHeading } from '@/src/views/dashboard/ScreenHeading';
import * as s from './account.css';

/** Set Payout Method (SPEC §2): a Bank Account card with its Connect dialog, and PayPal. Local only. */
export function SetPayoutMethodScreen() {
  const [snapshot, send] = useMachine(payoutBankMachine, { inspect });
  const connected = selectBankConnected(snapshot);
  return (
    <div className={s.stack}>
      <ScreenHeading title="Set Payout Method" />
      <div className={s.methods}>
        <Card as="section" aria-labelledby="payout-bank" className={s.method}>
          <span className={s.methodIcon} aria-hidden="true">
            <Icon name="bank" size={28} />
          </span>
          <div className={s.methodText}>
            <h2 id="payout-bank" className={s.sectionTitle}>
              Bank Account
            </h2>
            <p className={s.muted}>Receive your earnings straight into your bank account.</p>
            {connected ? (
              <Chip tone="success" className={s.methodChip} data-testid="bank-chip">
                {sampleBankLabel}
              </Chip>
            ) : null}
          </div>
          {connected ? (
            <Button variant="secondary" onClick={() => send({ type: 'bank.disconnect' })}>
              Disconnect
            </Button>
          ) : (
            <Button variant="dashboard" onClick={() => send({ type: 'bank.open' })}>
              Connect
            </Button>
          )}
        </Card>
        <Card as="section" aria-labelledby="payout-paypal" className={s.method}>
          <span className={s.methodIcon} aria-hidden="true">
            <Icon name="paypal" size={28} />
          </span>
          <div className={s.methodText}>
            <h2 id="payout-paypal" className={s.sectionTitle}>
              PayPal
            </h2>
            <p className={s.muted}>Receive your earnings in your PayPal account.</p>
          </div>
          {/* SPEC §2: PayPal's Connect does nothing. */}
          <Button variant="dashboard">Connect</Button>
        </Card>
      </div>
      <Dialog
        open={selectBankDialogOpen(snapshot)}
        onOpenChange={(next) => {
          if (!next) send({ type: 'bank.dismiss' });
        }}
        title="Connect Bank Account"
        width="bank"
        footer={
          <>
            <Button variant="secondary" onClick={() => send({ type: 'bank.cancel' })}>
              Cancel
            </Button>
            <Button type="submit" form="bank-form" variant="dashboard">
              Connect
            </Button>
          </>
        }
      >
        {/* Submitted nowhere (SPEC §3 Bank connection form): Connect only closes the dialog. */}
        <form
          id="bank-form"
          className={s.bankForm}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            send({ type: 'bank.connect' });
          }}
        >
          <Field label="Account Holder Name" name="account_holder" autoComplete="name" />
          <NativeSelectField label="Bank Name" name="bank_name" placeholder="Select" options={[]} />
          <Field label="IBAN" name="iban" />
          <Field label="Bank BIC/SWIFT code" name="bic" />
          <Field label="ID Number" name="id_number" />
          <Field label="SNN Number" name="snn_number" />
        </form>
      </Dialog>
    </div>
  );
}
