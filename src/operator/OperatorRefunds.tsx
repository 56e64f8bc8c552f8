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
import { formatsIn, type Formats } from '@/src/common/format';
import { useMessages } from '@/src/i18n/i18n';
import { withTags } from '@/src/i18n/tags';
import { LoadState } from '@/src/common/LoadState';
import { useAdminRefundsLogic, type AdminRefundsLogic } from '@/src/operator/adminRefunds';
import { Alert } from '@/src/ui/Alert';
import { Button } from '@/src/ui/Button';
import { Card } from '@/src/ui/Card';
import { Chip, type ChipTone } from '@/src/ui/Chip';
import { Table } from '@/src/ui/Table';
import { DecisionActions, DecisionDialog } from './DecisionDialog';
import { operatorMessages } from './catalogue';
import * as s from './OperatorConsole.css';
import { refusalText, type OperatorWords } from './refusal';

const DISPUTE_TONE: Record<CardDisputeStatus, ChipTone> = { open: 'warning', won: 'success', lost: 'danger' };

/** A refund's state as operators read it: a wire is sent by one of them, a Stripe refund is refunded by Stripe. */
function refundStatus(refund: AdminRefund): {
  status: 'waiting' | 'requested' | 'processing' | 'sent' | 'refunded' | 'failed';
  tone: ChipTone;
} {
  const states: Record<RefundStatus, ReturnType<typeof refundStatus>> = {
    requested: { status: refund.rail === 'manual' ? 'waiting' : 'requested', tone: 'warning' },
    processing: { status: 'processing', tone: 'warning' },
    succeeded: { status: refund.rail === 'manual' ? 'sent' : 'refunded', tone: 'success' },
    failed: { status: 'failed', tone: 'danger' },
  };
  return states[refund.status];
}

function RefundChip({ refund, label }: { refund: AdminRefund; label?: string }) {
  const { t } = useMessages(operatorMessages);
  const state = refundStatus(refund);
  return <Chip tone={state.tone}>{label ?? t('refunds.status', { status: state.status })}</Chip>;
}

/** The advertiser's card disputes, in words: an open one, or lost ones, and what is still owed for them. */
function disputeFlagText(t: OperatorWords, money: Formats['money'], refund: AdminRefund): string | null {
  const flag = refund.advertiserDisputes;
  if (!flag) return null;
  const owed =
    flag.owedCents > 0 ? t('refunds.owedAmount', { amount: money(flag.owedCents) }) : t('refunds.nothingOwed');
  return flag.status === 'open' ? t('refunds.flagOpen', { owed }) : t('refunds.flagLost', { owed });
}

function DisputeFlag({ refund, label }: { refund: AdminRefund; label?: string }) {
  const { t, locale } = useMessages(operatorMessages);
  const text = label ?? disputeFlagText(t, formatsIn(locale).money, refund);
  return text ? <Chip tone="danger">{text}</Chip> : null;
}

const railText = (t: OperatorWords, refund: AdminRefund) => t('refunds.rail', { rail: refund.rail });

function DisputesTable({ disputes }: { disputes: CardDispute[] }) {
  const { t, locale } = useMessages(operatorMessages);
  const { money, date } = formatsIn(locale);
  return (
    <Table
      caption={t('refunds.disputes')}
      captionVisible
      columns={[
        { key: 'advertiser', header: t('records.advertiser') },
        { key: 'amount', header: t('money.amount'), align: 'right' },
        { key: 'held', header: t('refunds.held'), align: 'right' },
        { key: 'owed', header: t('refunds.owed'), align: 'right' },
        { key: 'reason', header: t('refunds.reason') },
        { key: 'status', header: t('money.status') },
        { key: 'opened', header: t('refunds.opened') },
      ]}
      rows={disputes.map((dispute) => ({
        advertiser: dispute.advertiserEmail,
        amount: money(dispute.amountCents),
        held: money(dispute.heldCents),
        // Beyond what the free balance covered, less what free money paid back since (a won dispute cancels it).
        owed:
          dispute.status === 'won' ? money(0) : money(dispute.amountCents - dispute.heldCents - dispute.recoveredCents),
        // Stripe's reason, as Stripe gave it.
        reason: dispute.reason.replace(/_/g, ' '),
        status: (
          <Chip tone={DISPUTE_TONE[dispute.status]}>{t('refunds.disputeStatus', { status: dispute.status })}</Chip>
        ),
        opened: dispute.closedAt
          ? t('refunds.openedClosed', { opened: date(dispute.createdAt), closed: date(dispute.closedAt) })
          : date(dispute.createdAt),
      }))}
      rowKey={(_, index) => disputes[index]!.id}
      emptyMessage={t('refunds.noDisputes')}
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
  const { t, locale } = useMessages(operatorMessages);
  const { money, date } = formatsIn(locale);
  if (loading || loadError !== null)
    return (
      <LoadState
        loading={loading}
        error={refusalText(t, loadError)}
        what={t('refunds.loading')}
        onRetry={() => send({ type: 'refunds.retry' })}
      />
    );
  const sent = decision?.verdict === 'sent';
  return (
    <>
      <div className={s.search}>
        <p className={`${s.muted} ${s.grow}`}>{t('refunds.explain')}</p>
        <Button
          variant="secondary"
          size="sm"
          disabled={reloading}
          aria-busy={reloading || undefined}
          onClick={() => send({ type: 'refunds.reload' })}
        >
          {t('money.refresh')}
        </Button>
      </div>
      {error ? <Alert tone="error">{refusalText(t, error)}</Alert> : null}
      <DisputesTable disputes={disputes} />
      <section aria-labelledby="refunds-waiting" className={s.panel}>
        <h2 id="refunds-waiting" className={s.name}>
          {t('refunds.toWire', { count: waiting.length })}
        </h2>
        {waiting.length === 0 ? (
          <Card>
            <p className={s.empty}>{t('refunds.none')}</p>
          </Card>
        ) : (
          <ul className={s.list} aria-label={t('refunds.list')}>
            {waiting.map((refund) => (
              <Card as="li" key={refund.id} className={s.row} aria-labelledby={`refund-${refund.id}`}>
                <h3 id={`refund-${refund.id}`} className={s.name}>
                  {t('refunds.heading', { amount: money(refund.amountCents), email: refund.advertiserEmail })}
                </h3>
                <p className={s.muted}>
                  {withTags(
                    refund.advertiserDisputes
                      ? t('refunds.requestedFlagged', {
                          date: date(refund.requestedAt),
                          rail: railText(t, refund),
                          status: t('refunds.status', { status: refundStatus(refund).status }),
                          flag: disputeFlagText(t, money, refund),
                        })
                      : t('refunds.requested', {
                          date: date(refund.requestedAt),
                          rail: railText(t, refund),
                          status: t('refunds.status', { status: refundStatus(refund).status }),
                        }),
                    {
                      status: (label) => <RefundChip refund={refund} label={label} />,
                      flag: (label) => <DisputeFlag refund={refund} label={label} />,
                    },
                  )}
                </p>
                {refund.advertiserDisputes && refund.advertiserDisputes.owedCents > 0 ? (
                  <p className={s.muted}>{t('refunds.owes')}</p>
                ) : null}
                <DecisionActions
                  describedBy={`refund-${refund.id}`}
                  settleLabel={t('refunds.markSent')}
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
        caption={t('refunds.others')}
        captionVisible
        columns={[
          { key: 'advertiser', header: t('records.advertiser') },
          { key: 'amount', header: t('money.amount'), align: 'right' },
          { key: 'rail', header: t('refunds.railHeader') },
          { key: 'status', header: t('money.status') },
          { key: 'detail', header: t('money.detail') },
        ]}
        rows={others.map((refund) => ({
          advertiser: refund.advertiserDisputes ? (
            <>
              {refund.advertiserEmail} <DisputeFlag refund={refund} />
            </>
          ) : (
            refund.advertiserEmail
          ),
          amount: money(refund.amountCents),
          rail: railText(t, refund),
          status: <RefundChip refund={refund} />,
          detail:
            refund.status === 'failed'
              ? (refund.failureReason ?? '')
              : refund.decidedAt
                ? t('refunds.decidedOn', { date: date(refund.decidedAt) })
                : t('refunds.requestedOn', { date: date(refund.requestedAt) }),
        }))}
        rowKey={(_, index) => others[index]!.id}
        emptyMessage={t('refunds.noOthers')}
      />
      <DecisionDialog
        open={decision !== null}
        settles={sent}
        title={
          decision?.refund
            ? sent
              ? t('refunds.markSentTitle', { amount: money(decision.refund.amountCents) })
              : t('refunds.markFailedTitle', { amount: money(decision.refund.amountCents) })
            : t('refunds.refund')
        }
        description={sent ? t('refunds.sentDescription') : t('refunds.failedDescription')}
        settleLabel={t('refunds.markSent')}
        referenceLabel={t('refunds.wireReference')}
        text={selectRefundDecisionText(snapshot)}
        error={selectRefundDecisionError(snapshot)}
        sending={sending}
        send={send}
      />
    </>
  );
}
