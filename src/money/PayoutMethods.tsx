import { useMachine } from '@xstate/react';
import type { SnapshotFrom } from 'xstate';
import type { PayoutMethod } from '@/contract';
import { ACCOUNT_NUMBER_DIGITS } from '@/contract/money';
import {
  FIELDS_OF,
  type PayoutField,
  type PayoutFieldProblem,
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
import { useMessages } from '@/src/i18n/i18n';
import { withTags } from '@/src/i18n/tags';
import * as s from '../accounts/account.css';
import { moneyMessages, type MoneyMessage } from './catalogue';

type Snapshot = SnapshotFrom<PayoutMethodsLogic>;
type Send = (event: PayoutMethodsEvent) => void;

const CARDS: Record<
  TypedPayoutKind,
  { title: MoneyMessage | null; text: MoneyMessage; icon: 'bank' | 'paypal'; dialog: MoneyMessage; about: MoneyMessage }
> = {
  bank: {
    title: 'payout.bank',
    text: 'payout.bankText',
    icon: 'bank',
    dialog: 'payout.bankDialog',
    about: 'payout.bankDescription',
  },
  // PayPal is a name, the same in every language.
  paypal: {
    title: null,
    text: 'payout.paypalText',
    icon: 'paypal',
    dialog: 'payout.paypalDialog',
    about: 'payout.paypalDescription',
  },
};

const FIELDS: Record<
  PayoutField,
  { label: MoneyMessage; autoComplete?: string; inputMode?: 'numeric' | 'email'; type?: string; hint?: MoneyMessage }
> = {
  holderName: { label: 'payout.holderName', autoComplete: 'name' },
  routingNumber: { label: 'payout.routingNumber', inputMode: 'numeric', hint: 'payout.routingHint' },
  accountNumber: { label: 'payout.accountNumber', inputMode: 'numeric' },
  email: { label: 'payout.email', type: 'email', autoComplete: 'email', inputMode: 'email' },
};

const PROBLEMS: Record<PayoutFieldProblem, MoneyMessage> = {
  required: 'form.required',
  routingInvalid: 'payout.routingInvalid',
  accountInvalid: 'payout.accountInvalid',
  emailInvalid: 'payout.emailInvalid',
};

/**
 * Set Payout Method (docs/spec.md §2, docs/product.md §Money): the Bank Account and PayPal cards with the creator's
 * stored methods, and Stripe's where the `stripe` payout rail is configured (its own flow; `stripe` its test seam).
 */
export function SetPayoutMethodScreen({ logic, stripe }: { logic?: PayoutMethodsLogic; stripe?: StripePayoutsLogic }) {
  const [snapshot, send] = useMachine(usePayoutMethodsLogic(logic), { inspect });
  const dialogKind = selectDialogKind(snapshot);
  const actionError = selectActionError(snapshot);
  const { t } = useMessages(moneyMessages);
  return (
    <div className={s.stack}>
      <ScreenHeading title={t('payout.title')} />
      <p className={s.muted}>{withTags(t('payout.taxForm'), { link: (text) => <Link to="/tax-form">{text}</Link> })}</p>
      <LoadState
        loading={selectMethodsLoading(snapshot)}
        error={selectMethodsLoadError(snapshot)}
        what={t('payout.loading')}
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
  const { t } = useMessages(moneyMessages);
  return (
    <Card as="section" aria-labelledby={`payout-${kind}`} className={s.method}>
      <span className={s.methodIcon} aria-hidden="true">
        <Icon name={card.icon} size={28} />
      </span>
      <div className={s.methodText}>
        <h2 id={`payout-${kind}`} className={s.sectionTitle}>
          {card.title ? t(card.title) : 'PayPal'}
        </h2>
        <p className={s.muted}>{t(card.text)}</p>
        {method ? (
          <p className={s.methodChip}>
            <Chip tone="success" data-testid={`${kind}-chip`}>
              {method.holderName ? `${method.holderName} ${method.display}` : method.display}
            </Chip>
            {method.isDefault ? <Chip tone="neutral">{t('payout.default')}</Chip> : null}
          </p>
        ) : null}
      </div>
      {method ? (
        <div className={s.methodActions}>
          <Button variant="dashboard" size="sm" disabled={busy} onClick={() => send({ type: 'method.open', kind })}>
            {t('payout.replace')}
          </Button>
          <Button
            variant="secondary"
            size="sm"
            disabled={busy}
            aria-busy={removing || undefined}
            onClick={() => send({ type: 'method.disconnect', id: method.id })}
          >
            {t('payout.disconnect')}
          </Button>
        </div>
      ) : (
        <Button variant="dashboard" disabled={busy} onClick={() => send({ type: 'method.open', kind })}>
          {t('payout.connect')}
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
  const { t } = useMessages(moneyMessages);
  return (
    <Dialog
      open={kind !== null}
      onOpenChange={(next) => {
        // The machine ignores a cancel while the method is being stored.
        if (!next) send({ type: 'method.cancel' });
      }}
      title={kind ? t(CARDS[kind].dialog) : ''}
      description={t(CARDS[kind ?? 'paypal'].about)}
      width="bank"
      footer={
        <>
          <Button variant="secondary" disabled={saving} onClick={() => send({ type: 'method.cancel' })}>
            {t('payout.cancel')}
          </Button>
          <Button type="submit" form={formId} variant="dashboard" disabled={saving} aria-busy={saving || undefined}>
            {t('payout.connect')}
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
        {(kind ? FIELDS_OF[kind] : []).map((field) => {
          const { label, hint, ...input } = FIELDS[field];
          const problem = errors[field];
          return (
            <Field
              key={field}
              name={field}
              {...input}
              label={t(label)}
              hint={hint ? t(hint) : undefined}
              value={draft[field]}
              error={problem ? t(PROBLEMS[problem], ACCOUNT_NUMBER_DIGITS) : undefined}
              disabled={saving}
              onChange={(event) => send({ type: 'field.change', field, value: event.target.value })}
            />
          );
        })}
        {error ? <Alert tone="error">{error}</Alert> : null}
      </form>
    </Dialog>
  );
}
