// The operator console's money tabs (docs/product.md §Money): Funds (record an advertiser's deposit, the manual funding rail) and
// Payouts (mark a payout of the manual rail paid or failed). A chunk of its own: it loads when a tab is opened.
import { useMachine } from '@xstate/react';
import { useId } from 'react';
import type { AdminPayout } from '@/contract';
import { PAYOUT_STATUS_LABELS } from '@/contract/money';
import {
  selectDepositDraft,
  selectDepositError,
  selectDepositFieldErrors,
  selectDepositNotice,
  selectDepositSaving,
  selectDepositTarget,
  selectFoundReference,
  selectFundsFind,
  selectFundsLoadError,
  selectFundsLoading,
  selectFundsShown,
} from '@/machines/operator/adminFunds.select';
import {
  selectInstructionsLoadError,
  selectInstructionsLoading,
  selectInstructionsNotice,
  selectInstructionsProblem,
  selectInstructionsSaving,
  selectInstructionsText,
  selectInstructionsUpdatedAt,
} from '@/machines/operator/transferInstructions.select';
import { useTransferInstructionsLogic, type TransferInstructionsLogic } from '@/src/operator/transferInstructions';
import {
  selectDecidedPayouts,
  selectDecision,
  selectDecisionError,
  selectDecisionSending,
  selectDecisionText,
  selectOpenPayouts,
  selectPayoutsError,
  selectPayoutsLoadError,
  selectPayoutsLoading,
  selectPayoutsReloading,
} from '@/machines/operator/adminPayouts.select';
import { inspect } from '@/src/app/inspect';
import { formatsIn } from '@/src/common/format';
import { useMessages } from '@/src/i18n/i18n';
import { withTags } from '@/src/i18n/tags';
import type { DepositProblem } from '@/machines/operator/adminFunds.machine';
import { useAdminFundsLogic, type AdminFundsLogic } from '@/src/operator/adminFunds';
import { useAdminPayoutsLogic, type AdminPayoutsLogic } from '@/src/operator/adminPayouts';
import { Alert } from '@/src/ui/Alert';
import { Button } from '@/src/ui/Button';
import { Card } from '@/src/ui/Card';
import { Chip } from '@/src/ui/Chip';
import { Dialog } from '@/src/ui/Dialog';
import { Field } from '@/src/ui/Field';
import { Table } from '@/src/ui/Table';
import { LoadState } from '@/src/common/LoadState';
import { DecisionActions, DecisionDialog } from './DecisionDialog';
import { operatorMessages } from './catalogue';
import * as s from './OperatorConsole.css';
import { refusalText, type OperatorWords } from './refusal';

/**
 * The transfer instructions advertisers read on Funds until card deposits exist (docs/product.md §Advertiser onboarding): the bank
 * details to send money to; saved empty, advertisers are told to ask support.
 */
function TransferInstructionsCard({ logic }: { logic?: TransferInstructionsLogic }) {
  const [snapshot, send] = useMachine(useTransferInstructionsLogic(logic), { inspect });
  const formId = useId();
  const loading = selectInstructionsLoading(snapshot);
  const loadError = selectInstructionsLoadError(snapshot);
  const saving = selectInstructionsSaving(snapshot);
  const problem = selectInstructionsProblem(snapshot);
  const notice = selectInstructionsNotice(snapshot);
  const updatedAt = selectInstructionsUpdatedAt(snapshot);
  const { t, locale } = useMessages(operatorMessages);
  return (
    <Card as="section" aria-labelledby={`${formId}-title`} className={s.panel}>
      <h3 id={`${formId}-title`} className={s.name}>
        {t('instructions.title')}
      </h3>
      {loading || loadError !== null ? (
        <LoadState
          loading={loading}
          error={refusalText(t, loadError)}
          what={t('instructions.loading')}
          onRetry={() => send({ type: 'instructions.retry' })}
        />
      ) : (
        <form
          id={formId}
          noValidate
          className={s.panel}
          onSubmit={(event) => {
            event.preventDefault();
            send({ type: 'instructions.save' });
          }}
        >
          <Field
            label={t('instructions.label')}
            name="instructions"
            multiline
            rows={4}
            hint={
              updatedAt
                ? t('instructions.hintChanged', { date: formatsIn(locale).date(updatedAt) })
                : t('instructions.hint')
            }
            value={selectInstructionsText(snapshot)}
            error={
              problem === null
                ? undefined
                : typeof problem === 'string'
                  ? (refusalText(t, problem) ?? undefined)
                  : t('instructions.tooLong', { max: problem.max })
            }
            disabled={saving}
            onChange={(event) => send({ type: 'instructions.change', value: event.target.value })}
          />
          {notice ? (
            <Alert tone="success">
              {notice === 'published' ? t('instructions.published') : t('instructions.withdrawn')}
            </Alert>
          ) : null}
          <div>
            <Button type="submit" variant="dashboard" disabled={saving} aria-busy={saving || undefined}>
              {t('instructions.save')}
            </Button>
          </div>
        </form>
      )}
    </Card>
  );
}

/** Approved advertisers with their funds; Record deposit per advertiser; found by transfer reference. */
export function FundsPanel({
  logic,
  instructionsLogic,
}: {
  logic?: AdminFundsLogic;
  instructionsLogic?: TransferInstructionsLogic;
}) {
  const [snapshot, send] = useMachine(useAdminFundsLogic(logic), { inspect });
  const advertisers = selectFundsShown(snapshot);
  const find = selectFundsFind(snapshot);
  const foundReference = selectFoundReference(snapshot);
  const target = selectDepositTarget(snapshot);
  const saving = selectDepositSaving(snapshot);
  const draft = selectDepositDraft(snapshot);
  const fieldErrors = selectDepositFieldErrors(snapshot);
  const error = selectDepositError(snapshot);
  const notice = selectDepositNotice(snapshot);
  const formId = useId();
  const loading = selectFundsLoading(snapshot);
  const loadError = selectFundsLoadError(snapshot);
  const { t, locale } = useMessages(operatorMessages);
  const { money } = formatsIn(locale);
  const instructions = <TransferInstructionsCard logic={instructionsLogic} />;
  if (loading || loadError !== null)
    return (
      <>
        {instructions}
        <LoadState
          loading={loading}
          error={refusalText(t, loadError)}
          what={t('funds.loading')}
          onRetry={() => send({ type: 'funds.retry' })}
        />
      </>
    );
  return (
    <>
      {instructions}
      <p className={s.muted}>{t('funds.explain')}</p>
      {notice ? (
        <Alert tone="success">
          {notice.companyName
            ? t('funds.notice', { amount: money(notice.amountCents), company: notice.companyName })
            : t('funds.noticeSomeone', { amount: money(notice.amountCents) })}
        </Alert>
      ) : null}
      <Field
        label={t('funds.find')}
        name="find"
        hint={t('funds.findHint')}
        autoComplete="off"
        value={find}
        onChange={(event) => send({ type: 'funds.find', text: event.target.value })}
      />
      {foundReference ? (
        <p className={s.muted} role="status">
          {advertisers.length > 0
            ? t('funds.found', { reference: foundReference, company: advertisers[0]!.companyName })
            : t('funds.notFound', { reference: foundReference })}
        </p>
      ) : null}
      <Table
        caption={t('funds.table')}
        columns={[
          { key: 'company', header: t('records.advertiser') },
          { key: 'reference', header: t('funds.reference') },
          { key: 'balance', header: t('funds.balance'), align: 'right' },
          { key: 'reserved', header: t('funds.reserved'), align: 'right' },
          { key: 'action', header: t('funds.deposit') },
        ]}
        rows={advertisers.map((advertiser) => ({
          company: (
            <>
              <strong>{advertiser.companyName}</strong>
              <br />
              <span className={s.muted}>{advertiser.email}</span>
            </>
          ),
          reference: <code>{advertiser.fundingReference}</code>,
          balance: money(advertiser.balanceCents),
          reserved: money(advertiser.reservedCents),
          action: (
            <Button
              variant="secondary"
              size="sm"
              aria-label={t('funds.recordFor', { company: advertiser.companyName })}
              onClick={() => send({ type: 'deposit.open', userId: advertiser.userId })}
            >
              {t('funds.record')}
            </Button>
          ),
        }))}
        rowKey={(_, index) => advertisers[index]!.userId}
        emptyMessage={find.trim() ? t('funds.noMatch') : t('funds.none')}
      />
      <Dialog
        open={target !== null}
        onOpenChange={(open) => {
          if (!open && !saving) send({ type: 'deposit.cancel' });
        }}
        title={
          target?.companyName ? t('funds.dialogTitle', { company: target.companyName }) : t('funds.dialogTitleSomeone')
        }
        description={t('funds.dialogDescription')}
        width="narrow"
        footer={
          <>
            <Button variant="secondary" disabled={saving} onClick={() => send({ type: 'deposit.cancel' })}>
              {t('decision.cancel')}
            </Button>
            <Button type="submit" form={formId} variant="dashboard" disabled={saving} aria-busy={saving || undefined}>
              {t('funds.record')}
            </Button>
          </>
        }
      >
        <form
          id={formId}
          noValidate
          className={s.panel}
          onSubmit={(event) => {
            event.preventDefault();
            send({ type: 'deposit.submit' });
          }}
        >
          {error ? <Alert tone="error">{refusalText(t, error)}</Alert> : null}
          <Field
            label={t('funds.amount')}
            name="amount"
            adornment={t('funds.currency')}
            inputMode="decimal"
            autoComplete="off"
            value={draft.amount}
            error={depositProblemText(t, fieldErrors.amount)}
            onChange={(event) => send({ type: 'deposit.change', field: 'amount', value: event.target.value })}
          />
          <Field
            label={t('payouts.reference')}
            name="reference"
            hint={t('funds.referenceHint')}
            autoComplete="off"
            value={draft.reference}
            error={depositProblemText(t, fieldErrors.reference)}
            onChange={(event) => send({ type: 'deposit.change', field: 'reference', value: event.target.value })}
          />
        </form>
      </Dialog>
    </>
  );
}

/** A deposit field's problem in words; undefined for none. */
const depositProblemText = (t: OperatorWords, problem: DepositProblem | undefined) =>
  problem === undefined ? undefined : problem.id === 'required' ? t('funds.required') : t('funds.amountInvalid');

/** "Bank Account •••• 1234", "PayPal ana@example.com", "Stripe …" (contract/money.ts payoutMethodName), in words. */
const methodText = (t: OperatorWords, payout: AdminPayout) =>
  t('payouts.method', { kind: payout.method.kind, display: payout.method.display });

function StatusChip({ payout, label }: { payout: AdminPayout; label?: string }) {
  const { t } = useMessages(operatorMessages);
  return (
    <Chip tone={PAYOUT_STATUS_LABELS[payout.status].tone}>
      {label ?? t('payouts.status', { status: payout.status })}
    </Chip>
  );
}

/** Payouts waiting for an operator (mark paid with a reference, or failed with a reason), then the decided ones. */
export function PayoutsPanel({ logic }: { logic?: AdminPayoutsLogic }) {
  const [snapshot, send] = useMachine(useAdminPayoutsLogic(logic), { inspect });
  const open = selectOpenPayouts(snapshot);
  const decided = selectDecidedPayouts(snapshot);
  const decision = selectDecision(snapshot);
  const sending = selectDecisionSending(snapshot);
  const reloading = selectPayoutsReloading(snapshot);
  const error = selectPayoutsError(snapshot);
  const loading = selectPayoutsLoading(snapshot);
  const loadError = selectPayoutsLoadError(snapshot);
  const { t, locale } = useMessages(operatorMessages);
  const { money, date } = formatsIn(locale);
  if (loading || loadError !== null)
    return (
      <LoadState
        loading={loading}
        error={refusalText(t, loadError)}
        what={t('payouts.loading')}
        onRetry={() => send({ type: 'payouts.retry' })}
      />
    );
  const paid = decision?.verdict === 'paid';
  return (
    <>
      <div className={s.search}>
        <p className={`${s.muted} ${s.grow}`}>{t('payouts.explain')}</p>
        <Button
          variant="secondary"
          size="sm"
          disabled={reloading}
          aria-busy={reloading || undefined}
          onClick={() => send({ type: 'payouts.reload' })}
        >
          {t('money.refresh')}
        </Button>
      </div>
      {error ? <Alert tone="error">{refusalText(t, error)}</Alert> : null}
      <section aria-labelledby="payouts-open" className={s.panel}>
        <h2 id="payouts-open" className={s.name}>
          {t('payouts.waiting', { count: open.length })}
        </h2>
        {open.length === 0 ? (
          <Card>
            <p className={s.empty}>{t('payouts.none')}</p>
          </Card>
        ) : (
          <ul className={s.list} aria-label={t('payouts.list')}>
            {open.map((payout) => (
              <Card as="li" key={payout.id} className={s.row} aria-labelledby={`payout-${payout.id}`}>
                <h3 id={`payout-${payout.id}`} className={s.name}>
                  {t('payouts.heading', {
                    amount: money(payout.amountCents),
                    creator: payout.creatorName,
                    reference: payout.reference,
                  })}
                </h3>
                <p className={s.muted}>
                  {withTags(
                    t('payouts.details', {
                      email: payout.creatorEmail,
                      date: date(payout.requestedAt),
                      method: methodText(t, payout),
                      status: t('payouts.status', { status: payout.status }),
                    }),
                    { status: (label) => <StatusChip payout={payout} label={label} /> },
                  )}
                </p>
                {payout.destination ? (
                  <p className={s.destination}>{t('payouts.payTo', { destination: payout.destination })}</p>
                ) : (
                  <p className={s.muted}>{t('payouts.sentThrough', { provider: payout.provider })}</p>
                )}
                <DecisionActions
                  describedBy={`payout-${payout.id}`}
                  settleLabel={t('payouts.markPaid')}
                  onDecide={(settles) =>
                    send({ type: 'decision.open', payoutId: payout.id, verdict: settles ? 'paid' : 'failed' })
                  }
                />
              </Card>
            ))}
          </ul>
        )}
      </section>
      <Table
        caption={t('payouts.decided')}
        captionVisible
        columns={[
          { key: 'reference', header: t('payouts.reference') },
          { key: 'creator', header: t('payouts.creator') },
          { key: 'amount', header: t('money.amount'), align: 'right' },
          { key: 'status', header: t('money.status') },
          { key: 'detail', header: t('money.detail') },
        ]}
        rows={decided.map((payout) => ({
          reference: payout.reference,
          creator: payout.creatorName,
          amount: money(payout.amountCents),
          status: <StatusChip payout={payout} />,
          detail:
            payout.status === 'failed'
              ? (payout.failureReason ?? '')
              : payout.paidAt
                ? t('payouts.paidOn', { date: date(payout.paidAt) })
                : '',
        }))}
        rowKey={(_, index) => decided[index]!.id}
        emptyMessage={t('payouts.decidedNone')}
      />
      <DecisionDialog
        open={decision !== null}
        settles={paid}
        title={
          decision?.payout
            ? paid
              ? t('payouts.markPaidTitle', { reference: decision.payout.reference })
              : t('payouts.markFailedTitle', { reference: decision.payout.reference })
            : t('payouts.payout')
        }
        description={paid ? t('payouts.paidDescription') : t('payouts.failedDescription')}
        settleLabel={t('payouts.markPaid')}
        referenceLabel={t('payouts.paymentReference')}
        text={selectDecisionText(snapshot)}
        error={selectDecisionError(snapshot)}
        sending={sending}
        send={send}
      />
    </>
  );
}
