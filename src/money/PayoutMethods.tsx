import { useMachine } from '@xstate/react';
import type { SnapshotFrom } from 'xstate';
import type { PayoutMethod } from '@/contract';
import {
  FIELDS_OF,
  type PayoutField,
  type PayoutMethodsEvent,
  type TypedPayoutKind,
} from '@/machines/money/payoutMethods.machine';
import {
  selectActionError,
  selectBusy,
  selectDialogKind,
  selectDraft,
  selectFieldErrors,
  selectMethodOf,
  selectMethodsLoadError,
  selectMethodsLoading,
  selectMethodsReady,
  selectRemovingId,
  selectSaving,
} from '@/machines/money/payoutMethods.select';
import { inspect } from '@/src/app/inspect';
import { usePayoutMethodsLogic, type PayoutMethodsLogic } from '@/src/money/payoutMethods';
import { StripePayoutCard } from '@/src/money/StripePayouts';
import type { StripePayoutsLogic } from '@/src/money/stripePayouts';
import { Alert } from '@/src/ui/Alert';
import { Button } from '@/src/ui/Button';
import { Card } from '@/src/ui/Card';
import { Chip } from '@/src/ui/Chip';
import { Dialog } from '@/src/ui/Dialog';
import { Field } from '@/src/ui/Field';
import { Icon } from '@/src/ui/Icon';
import { Link } from '@/src/ui/Link';
import { LoadState } from '@/src/common/LoadState';
import { ScreenHeading } from '@/src/shell/ScreenHeading';
import * as s from '../accounts/account.css';

type Snapshot = SnapshotFrom<PayoutMethodsLogic>;
type Send = (event: PayoutMethodsEvent) => void;

const CARDS: Record<TypedPayoutKind, { title: string; text: string; icon: 'bank' | 'paypal'; dialog: string }> = {
  bank: {
    title: 'Bank Account',
    text: 'Receive your earnings straight into your bank account.',
    icon: 'bank',
    dialog: 'Connect Bank Account',
  },
  paypal: {
    title: 'PayPal',
    text: 'Receive your earnings in your PayPal account.',
    icon: 'paypal',
    dialog: 'Connect PayPal',
  },
};

const FIELDS: Record<
  PayoutField,
  { label: string; autoComplete?: string; inputMode?: 'numeric' | 'email'; type?: string; hint?: string }
> = {
  holderName: { label: 'Account Holder Name', autoComplete: 'name' },
  routingNumber: { label: 'Routing Number', inputMode: 'numeric', hint: 'The 9-digit ABA number of your bank.' },
  accountNumber: { label: 'Account Number', inputMode: 'numeric' },
  email: { label: 'PayPal E-mail', type: 'email', autoComplete: 'email', inputMode: 'email' },
};

/**
 * Set Payout Method (docs/spec.md §2, docs/product.md §Money): the Bank Account and PayPal cards with the creator's
 * stored methods, and Stripe's where the `stripe` payout rail is configured (its own flow; `stripe` its test seam).
 */
export function SetPayoutMethodScreen({ logic, stripe }: { logic?: PayoutMethodsLogic; stripe?: StripePayoutsLogic }) {
  const [snapshot, send] = useMachine(usePayoutMethodsLogic(logic), { inspect });
  const dialogKind = selectDialogKind(snapshot);
  const actionError = selectActionError(snapshot);
  return (
    <div className={s.stack}>
      <ScreenHeading title="Set Payout Method" />
      <p className={s.muted}>
        Before your first withdrawal, also file your <Link to="/tax-form">Tax Form</Link> (Form W-9 or Form W-8BEN).
      </p>
      <LoadState
        loading={selectMethodsLoading(snapshot)}
        error={selectMethodsLoadError(snapshot)}
        what="payout methods"
        onRetry={() => send({ type: 'methods.retry' })}
      />
      {actionError && dialogKind === null ? <Alert tone="error">{actionError}</Alert> : null}
      {selectMethodsReady(snapshot) ? (
        <div className={s.methods}>
          {(['bank', 'paypal'] as const).map((kind) => (
            <MethodCard
              key={kind}
              kind={kind}
              method={selectMethodOf(snapshot, kind)}
              snapshot={snapshot}
              send={send}
            />
          ))}
          <StripePayoutCard logic={stripe} />
        </div>
      ) : null}
      <MethodDialog snapshot={snapshot} send={send} />
    </div>
  );
}

function MethodCard({
  kind,
  method,
  snapshot,
  send,
}: {
  kind: TypedPayoutKind;
  method: PayoutMethod | null;
  snapshot: Snapshot;
  send: Send;
}) {
  const card = CARDS[kind];
  const busy = selectBusy(snapshot);
  const removing = method !== null && selectRemovingId(snapshot) === method.id;
  return (
    <Card as="section" aria-labelledby={`payout-${kind}`} className={s.method}>
      <span className={s.methodIcon} aria-hidden="true">
        <Icon name={card.icon} size={28} />
      </span>
      <div className={s.methodText}>
        <h2 id={`payout-${kind}`} className={s.sectionTitle}>
          {card.title}
        </h2>
        <p className={s.muted}>{card.text}</p>
        {method ? (
          <p className={s.methodChip}>
            <Chip tone="success" data-testid={`${kind}-chip`}>
              {method.holderName ? `${method.holderName} ${method.display}` : method.display}
            </Chip>
            {method.isDefault ? <Chip tone="neutral">Default</Chip> : null}
          </p>
        ) : null}
      </div>
      {method ? (
        <div className={s.methodActions}>
          <Button variant="dashboard" size="sm" disabled={busy} onClick={() => send({ type: 'method.open', kind })}>
            Replace
          </Button>
          <Button
            variant="secondary"
            size="sm"
            disabled={busy}
            aria-busy={removing || undefined}
            onClick={() => send({ type: 'method.disconnect', id: method.id })}
          >
            Disconnect
          </Button>
        </div>
      ) : (
        <Button variant="dashboard" disabled={busy} onClick={() => send({ type: 'method.open', kind })}>
          Connect
        </Button>
      )}
    </Card>
  );
}

function MethodDialog({ snapshot, send }: { snapshot: Snapshot; send: Send }) {
  const kind = selectDialogKind(snapshot);
  const saving = selectSaving(snapshot);
  const draft = selectDraft(snapshot);
  const errors = selectFieldErrors(snapshot);
  const error = selectActionError(snapshot);
  const formId = 'payout-method-form';
  return (
    <Dialog
      open={kind !== null}
      onOpenChange={(next) => {
        // The machine ignores a cancel while the method is being stored.
        if (!next) send({ type: 'method.cancel' });
      }}
      title={kind ? CARDS[kind].dialog : ''}
      description={
        kind === 'bank'
          ? 'A US bank account: your withdrawals are paid into it.'
          : 'Your withdrawals are paid to this PayPal account.'
      }
      width="bank"
      footer={
        <>
          <Button variant="secondary" disabled={saving} onClick={() => send({ type: 'method.cancel' })}>
            Cancel
          </Button>
          <Button type="submit" form={formId} variant="dashboard" disabled={saving} aria-busy={saving || undefined}>
            Connect
          </Button>
        </>
      }
    >
      <form
        id={formId}
        className={s.bankForm}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          send({ type: 'method.connect' });
        }}
      >
        {(kind ? FIELDS_OF[kind] : []).map((field) => (
          <Field
            key={field}
            name={field}
            {...FIELDS[field]}
            value={draft[field]}
            error={errors[field]}
            disabled={saving}
            onChange={(event) => send({ type: 'field.change', field, value: event.target.value })}
          />
        ))}
        {error ? <Alert tone="error">{error}</Alert> : null}
      </form>
    </Dialog>
  );
}
