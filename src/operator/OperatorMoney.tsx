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
  selectFundedAdvertisers,
  selectFundsLoadError,
  selectFundsLoading,
} from '@/machines/operator/adminFunds.select';
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
import { formatDate, formatMoney } from '@/src/common/format';
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
import * as s from './OperatorConsole.css';

/** Approved advertisers with their funds; Record deposit per advertiser. */
export function FundsPanel({ logic }: { logic?: AdminFundsLogic }) {
  const [snapshot, send] = useMachine(useAdminFundsLogic(logic), { inspect });
  const advertisers = selectFundedAdvertisers(snapshot);
  const target = selectDepositTarget(snapshot);
  const saving = selectDepositSaving(snapshot);
  const draft = selectDepositDraft(snapshot);
  const fieldErrors = selectDepositFieldErrors(snapshot);
  const error = selectDepositError(snapshot);
  const notice = selectDepositNotice(snapshot);
  const formId = useId();
  const loading = selectFundsLoading(snapshot);
  const loadError = selectFundsLoadError(snapshot);
  if (loading || loadError !== null)
    return (
      <LoadState loading={loading} error={loadError} what="advertisers" onRetry={() => send({ type: 'funds.retry' })} />
    );
  return (
    <>
      <p className={s.muted}>
        Record money an approved advertiser sent to Castbridge (a bank transfer you received). Launching a campaign
        reserves its pay × spots from this balance.
      </p>
      {notice ? <Alert tone="success">{notice}</Alert> : null}
      <Table
        caption="Approved advertisers and their funds"
        columns={[
          { key: 'company', header: 'Advertiser' },
          { key: 'balance', header: 'Balance', align: 'right' },
          { key: 'reserved', header: 'Reserved', align: 'right' },
          { key: 'action', header: 'Deposit' },
        ]}
        rows={advertisers.map((advertiser) => ({
          company: (
            <>
              <strong>{advertiser.companyName}</strong>
              <br />
              <span className={s.muted}>{advertiser.email}</span>
            </>
          ),
          balance: formatMoney(advertiser.balanceCents),
          reserved: formatMoney(advertiser.reservedCents),
          action: (
            <Button
              variant="secondary"
              size="sm"
              aria-label={`Record deposit for ${advertiser.companyName}`}
              onClick={() => send({ type: 'deposit.open', userId: advertiser.userId })}
            >
              Record deposit
            </Button>
          ),
        }))}
        rowKey={(_, index) => advertisers[index]!.userId}
        emptyMessage="No approved advertisers yet."
      />
      <Dialog
        open={target !== null}
        onOpenChange={(open) => {
          if (!open && !saving) send({ type: 'deposit.cancel' });
        }}
        title={`Record a deposit for ${target?.companyName ?? 'the advertiser'}`}
        description="The amount is added to the advertiser's balance at once and the advertiser is notified."
        width="narrow"
        footer={
          <>
            <Button variant="secondary" disabled={saving} onClick={() => send({ type: 'deposit.cancel' })}>
              Cancel
            </Button>
            <Button type="submit" form={formId} variant="dashboard" disabled={saving} aria-busy={saving || undefined}>
              Record deposit
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
          {error ? <Alert tone="error">{error}</Alert> : null}
          <Field
            label="Amount received"
            name="amount"
            adornment="$"
            inputMode="decimal"
            autoComplete="off"
            value={draft.amount}
            error={fieldErrors.amount}
            onChange={(event) => send({ type: 'deposit.change', field: 'amount', value: event.target.value })}
          />
          <Field
            label="Reference"
            name="reference"
            hint="The bank transfer's reference, e.g. Wire NOVA-0002."
            autoComplete="off"
            value={draft.reference}
            error={fieldErrors.reference}
            onChange={(event) => send({ type: 'deposit.change', field: 'reference', value: event.target.value })}
          />
        </form>
      </Dialog>
    </>
  );
}

const methodText = (payout: AdminPayout) =>
  payout.method.kind === 'bank' ? `Bank Account ${payout.method.display}` : `PayPal ${payout.method.display}`;

function StatusChip({ payout }: { payout: AdminPayout }) {
  const label = PAYOUT_STATUS_LABELS[payout.status];
  return <Chip tone={label.tone}>{label.label}</Chip>;
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
  const formId = useId();
  const loading = selectPayoutsLoading(snapshot);
  const loadError = selectPayoutsLoadError(snapshot);
  if (loading || loadError !== null)
    return (
      <LoadState loading={loading} error={loadError} what="payouts" onRetry={() => send({ type: 'payouts.retry' })} />
    );
  const paid = decision?.verdict === 'paid';
  return (
    <>
      <div className={s.search}>
        <p className={`${s.muted} ${s.grow}`}>
          Payouts of the manual rail wait here: pay them through the bank or PayPal, then mark them paid with the
          reference, or failed with the reason.
        </p>
        <Button
          variant="secondary"
          size="sm"
          disabled={reloading}
          aria-busy={reloading || undefined}
          onClick={() => send({ type: 'payouts.reload' })}
        >
          Refresh
        </Button>
      </div>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <section aria-labelledby="payouts-open" className={s.panel}>
        <h2 id="payouts-open" className={s.name}>
          Waiting ({open.length})
        </h2>
        {open.length === 0 ? (
          <Card>
            <p className={s.empty}>No payouts waiting.</p>
          </Card>
        ) : (
          <ul className={s.list} aria-label="Payouts waiting">
            {open.map((payout) => (
              <Card as="li" key={payout.id} className={s.row} aria-labelledby={`payout-${payout.id}`}>
                <h3 id={`payout-${payout.id}`} className={s.name}>
                  {formatMoney(payout.amountCents)} to {payout.creatorName} · {payout.reference}
                </h3>
                <p className={s.muted}>
                  {payout.creatorEmail} · requested {formatDate(payout.requestedAt)} · {methodText(payout)} ·{' '}
                  <StatusChip payout={payout} />
                </p>
                {payout.destination ? (
                  <p className={s.destination}>Pay to: {payout.destination}</p>
                ) : (
                  <p className={s.muted}>Sent through {payout.provider}: it settles by itself.</p>
                )}
                <div className={s.actions}>
                  <Button
                    variant="dashboard"
                    size="sm"
                    aria-describedby={`payout-${payout.id}`}
                    onClick={() => send({ type: 'decision.open', payoutId: payout.id, verdict: 'paid' })}
                  >
                    Mark paid
                  </Button>
                  <Button
                    variant="secondary"
                    size="sm"
                    aria-describedby={`payout-${payout.id}`}
                    onClick={() => send({ type: 'decision.open', payoutId: payout.id, verdict: 'failed' })}
                  >
                    Mark failed
                  </Button>
                </div>
              </Card>
            ))}
          </ul>
        )}
      </section>
      <Table
        caption="Decided payouts"
        captionVisible
        columns={[
          { key: 'reference', header: 'Reference' },
          { key: 'creator', header: 'Creator' },
          { key: 'amount', header: 'Amount', align: 'right' },
          { key: 'status', header: 'Status' },
          { key: 'detail', header: 'Detail' },
        ]}
        rows={decided.map((payout) => ({
          reference: payout.reference,
          creator: payout.creatorName,
          amount: formatMoney(payout.amountCents),
          status: <StatusChip payout={payout} />,
          detail:
            payout.status === 'failed'
              ? (payout.failureReason ?? '')
              : payout.paidAt
                ? `Paid ${formatDate(payout.paidAt)}`
                : '',
        }))}
        rowKey={(_, index) => decided[index]!.id}
        emptyMessage="No payouts decided yet."
      />
      <Dialog
        open={decision !== null}
        onOpenChange={(next) => {
          if (!next && !sending) send({ type: 'decision.cancel' });
        }}
        title={decision?.payout ? `Mark ${decision.payout.reference} ${paid ? 'paid' : 'failed'}` : 'Payout'}
        description={
          paid
            ? 'The creator is told the payout was paid.'
            : 'The amount returns to the creator’s Earning Balance and the creator reads this reason.'
        }
        width="narrow"
        footer={
          <>
            <Button variant="secondary" disabled={sending} onClick={() => send({ type: 'decision.cancel' })}>
              Cancel
            </Button>
            <Button
              type="submit"
              form={formId}
              variant={paid ? 'dashboard' : 'danger'}
              disabled={sending}
              aria-busy={sending || undefined}
            >
              {paid ? 'Mark paid' : 'Mark failed'}
            </Button>
          </>
        }
      >
        <form
          id={formId}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            send({ type: 'decision.submit' });
          }}
        >
          <Field
            label={paid ? 'Payment reference' : 'Reason'}
            name={paid ? 'reference' : 'reason'}
            multiline={!paid}
            rows={3}
            autoComplete="off"
            value={selectDecisionText(snapshot)}
            error={selectDecisionError(snapshot) ?? undefined}
            onChange={(event) => send({ type: 'decision.change', value: event.target.value })}
          />
        </form>
      </Dialog>
    </>
  );
}
