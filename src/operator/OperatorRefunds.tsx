// The operator console's Refunds and disputes tab (docs/product.md §Self-serve money): card disputes (open first: the
// amount Stripe took back, what is held from the advertiser's free balance, what is owed beyond it) and the refunds of
// wired money waiting for the manual rail (Mark sent with the wire's reference, Mark failed with the reason), then the
// other refunds. A refund of an advertiser with an open or lost card dispute is flagged with what they still owe
// (docs/product.md §Card disputes): no wire goes to an advertiser who owes. A chunk of its own: it loads when the tab
// is opened.
import { useMachine } from '@xstate/react';
import type { AdminRefund, CardDispute } from '@/contract/schemas/money';
import type { CardDisputeStatus, RefundStatus } from '@/contract/money';
import {
  selectCardDisputes,
  selectOtherRefunds,
  selectRefundDecision,
  selectRefundDecisionError,
  selectRefundDecisionSending,
  selectRefundDecisionText,
  selectRefundsError,
  selectRefundsLoadError,
  selectRefundsLoading,
  selectRefundsReloading,
  selectWaitingRefunds,
} from '@/machines/operator/adminRefunds.select';
import { inspect } from '@/src/app/inspect';
import { formatDate, formatMoney } from '@/src/common/format';
import { LoadState } from '@/src/common/LoadState';
import { useAdminRefundsLogic, type AdminRefundsLogic } from '@/src/operator/adminRefunds';
import { Alert } from '@/src/ui/Alert';
import { Button } from '@/src/ui/Button';
import { Card } from '@/src/ui/Card';
import { Chip, type ChipTone } from '@/src/ui/Chip';
import { Table } from '@/src/ui/Table';
import { DecisionActions, DecisionDialog } from './DecisionDialog';
import * as s from './OperatorConsole.css';

const DISPUTE_STATUS: Record<CardDisputeStatus, { label: string; tone: ChipTone }> = {
  open: { label: 'Open', tone: 'warning' },
  won: { label: 'Won', tone: 'success' },
  lost: { label: 'Lost', tone: 'danger' },
};

/** A refund's state as operators read it: a wire is sent by one of them, a Stripe refund is refunded by Stripe. */
function refundStatus(refund: AdminRefund): { label: string; tone: ChipTone } {
  const labels: Record<RefundStatus, { label: string; tone: ChipTone }> = {
    requested: { label: refund.rail === 'manual' ? 'Waiting' : 'Requested', tone: 'warning' },
    processing: { label: 'Processing', tone: 'warning' },
    succeeded: { label: refund.rail === 'manual' ? 'Sent' : 'Refunded', tone: 'success' },
    failed: { label: 'Failed', tone: 'danger' },
  };
  return labels[refund.status];
}

function RefundChip({ refund }: { refund: AdminRefund }) {
  const status = refundStatus(refund);
  return <Chip tone={status.tone}>{status.label}</Chip>;
}

/** The advertiser's card disputes, in words: an open one, or lost ones, and what is still owed for them. */
function disputeFlagText(refund: AdminRefund): string | null {
  const flag = refund.advertiserDisputes;
  if (!flag) return null;
  const owed = flag.owedCents > 0 ? `${formatMoney(flag.owedCents)} owed` : 'nothing owed';
  return flag.status === 'open' ? `Card dispute open · ${owed}` : `Card dispute lost · ${owed}`;
}

function DisputeFlag({ refund }: { refund: AdminRefund }) {
  const text = disputeFlagText(refund);
  return text ? <Chip tone="danger">{text}</Chip> : null;
}

const railText = (refund: AdminRefund) => (refund.rail === 'manual' ? 'Wire (manual)' : 'Stripe');

function DisputesTable({ disputes }: { disputes: CardDispute[] }) {
  return (
    <Table
      caption="Card disputes"
      captionVisible
      columns={[
        { key: 'advertiser', header: 'Advertiser' },
        { key: 'amount', header: 'Amount', align: 'right' },
        { key: 'held', header: 'Held', align: 'right' },
        { key: 'owed', header: 'Owed', align: 'right' },
        { key: 'reason', header: 'Reason' },
        { key: 'status', header: 'Status' },
        { key: 'opened', header: 'Opened' },
      ]}
      rows={disputes.map((dispute) => {
        const status = DISPUTE_STATUS[dispute.status];
        return {
          advertiser: dispute.advertiserEmail,
          amount: formatMoney(dispute.amountCents),
          held: formatMoney(dispute.heldCents),
          // Beyond what the free balance covered, less what free money paid back since (a won dispute cancels it).
          owed:
            dispute.status === 'won'
              ? formatMoney(0)
              : formatMoney(dispute.amountCents - dispute.heldCents - dispute.recoveredCents),
          reason: dispute.reason.replace(/_/g, ' '),
          status: <Chip tone={status.tone}>{status.label}</Chip>,
          opened: dispute.closedAt
            ? `${formatDate(dispute.createdAt)} · closed ${formatDate(dispute.closedAt)}`
            : formatDate(dispute.createdAt),
        };
      })}
      rowKey={(_, index) => disputes[index]!.id}
      emptyMessage="No card disputes."
    />
  );
}

/** Card disputes, then refunds of wired money waiting for an operator (mark sent or failed), then the other refunds. */
export function RefundsPanel({ logic }: { logic?: AdminRefundsLogic }) {
  const [snapshot, send] = useMachine(useAdminRefundsLogic(logic), { inspect });
  const waiting = selectWaitingRefunds(snapshot);
  const others = selectOtherRefunds(snapshot);
  const disputes = selectCardDisputes(snapshot);
  const decision = selectRefundDecision(snapshot);
  const sending = selectRefundDecisionSending(snapshot);
  const reloading = selectRefundsReloading(snapshot);
  const error = selectRefundsError(snapshot);
  const loading = selectRefundsLoading(snapshot);
  const loadError = selectRefundsLoadError(snapshot);
  if (loading || loadError !== null)
    return (
      <LoadState
        loading={loading}
        error={loadError}
        what="refunds and disputes"
        onRetry={() => send({ type: 'refunds.retry' })}
      />
    );
  const sent = decision?.verdict === 'sent';
  return (
    <>
      <div className={s.search}>
        <p className={`${s.muted} ${s.grow}`}>
          Card and bank-debit money goes back through Stripe by itself. Wired money waits here: wire it back to the
          advertiser, then mark it sent with the reference, or failed with the reason (the amount returns to their
          balance).
        </p>
        <Button
          variant="secondary"
          size="sm"
          disabled={reloading}
          aria-busy={reloading || undefined}
          onClick={() => send({ type: 'refunds.reload' })}
        >
          Refresh
        </Button>
      </div>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <DisputesTable disputes={disputes} />
      <section aria-labelledby="refunds-waiting" className={s.panel}>
        <h2 id="refunds-waiting" className={s.name}>
          Refunds to wire ({waiting.length})
        </h2>
        {waiting.length === 0 ? (
          <Card>
            <p className={s.empty}>No refunds waiting.</p>
          </Card>
        ) : (
          <ul className={s.list} aria-label="Refunds waiting">
            {waiting.map((refund) => (
              <Card as="li" key={refund.id} className={s.row} aria-labelledby={`refund-${refund.id}`}>
                <h3 id={`refund-${refund.id}`} className={s.name}>
                  {formatMoney(refund.amountCents)} to {refund.advertiserEmail}
                </h3>
                <p className={s.muted}>
                  Requested {formatDate(refund.requestedAt)} · {railText(refund)} · <RefundChip refund={refund} />
                  {refund.advertiserDisputes ? (
                    <>
                      {' '}
                      · <DisputeFlag refund={refund} />
                    </>
                  ) : null}
                </p>
                {refund.advertiserDisputes && refund.advertiserDisputes.owedCents > 0 ? (
                  <p className={s.muted}>
                    This advertiser owes Castbridge for a card dispute: do not wire it. Mark it failed, and its amount
                    pays what is owed.
                  </p>
                ) : null}
                <DecisionActions
                  describedBy={`refund-${refund.id}`}
                  settleLabel="Mark sent"
                  onDecide={(settles) =>
                    send({ type: 'decision.open', refundId: refund.id, verdict: settles ? 'sent' : 'failed' })
                  }
                />
              </Card>
            ))}
          </ul>
        )}
      </section>
      <Table
        caption="Other refunds"
        captionVisible
        columns={[
          { key: 'advertiser', header: 'Advertiser' },
          { key: 'amount', header: 'Amount', align: 'right' },
          { key: 'rail', header: 'Rail' },
          { key: 'status', header: 'Status' },
          { key: 'detail', header: 'Detail' },
        ]}
        rows={others.map((refund) => ({
          advertiser: refund.advertiserDisputes ? (
            <>
              {refund.advertiserEmail} <DisputeFlag refund={refund} />
            </>
          ) : (
            refund.advertiserEmail
          ),
          amount: formatMoney(refund.amountCents),
          rail: railText(refund),
          status: <RefundChip refund={refund} />,
          detail:
            refund.status === 'failed'
              ? (refund.failureReason ?? '')
              : refund.decidedAt
                ? `Decided ${formatDate(refund.decidedAt)}`
                : `Requested ${formatDate(refund.requestedAt)}`,
        }))}
        rowKey={(_, index) => others[index]!.id}
        emptyMessage="No other refunds."
      />
      <DecisionDialog
        open={decision !== null}
        settles={sent}
        title={
          decision?.refund
            ? `Mark the refund of ${formatMoney(decision.refund.amountCents)} ${sent ? 'sent' : 'failed'}`
            : 'Refund'
        }
        description={
          sent
            ? 'The advertiser is told the money was wired back.'
            : 'The amount returns to the advertiser’s balance and the advertiser reads this reason.'
        }
        settleLabel="Mark sent"
        referenceLabel="Wire reference"
        text={selectRefundDecisionText(snapshot)}
        error={selectRefundDecisionError(snapshot)}
        sending={sending}
        send={send}
      />
    </>
  );
}
