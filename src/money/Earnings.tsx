import { useActorRef, useSelector } from '@xstate/react';
import { lazy, Suspense, type ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { Earnings, Payout } from '@/contract';
import { EARNINGS_PERIODS, PAYOUT_STATUS_LABELS, type EarningsPeriod, type WithdrawNeed } from '@/contract/money';
import {
  selectEarnings,
  selectEarningsLoadError,
  selectEarningsLoading,
  selectEarningsReady,
  selectEarningsRefreshing,
  selectWithdrawNeeds,
  selectPayouts,
  selectPeriodFigures,
  selectWithdraw,
} from '@/machines/money/earnings.select';
import { inspect } from '@/src/app/inspect';
import { formatDate, formatDateTime, formatMoney } from '@/src/common/format';
import { useEarningsLogic, type EarningsLogic } from '@/src/money/earnings';
import type { WithdrawLogic } from '@/src/money/withdraw';
import { Button } from '@/src/ui/Button';
import { Card } from '@/src/ui/Card';
import { Chip } from '@/src/ui/Chip';
import { Icon } from '@/src/ui/Icon';
import { Link } from '@/src/ui/Link';
import { Table } from '@/src/ui/Table';
import { TabsContent, TabsList, TabsRoot, TabsTrigger } from '@/src/ui/Tabs';
import { LoadState } from '@/src/common/LoadState';
import { ScreenHeading } from '@/src/shell/ScreenHeading';
import * as shared from '@/src/shell/dashboard.css';
import * as s from './Earnings.css';
import type { WithdrawRef } from './Withdraw';

// The dialogs' code (Dialog, RadioGroup, Field) arrives just after the screen rather than before it. A Withdraw
// pressed in between is not lost: the statechart is already `open`, and the modal shows once its code is in.
const WithdrawDialogs = lazy(() => import('./Withdraw').then((m) => ({ default: m.WithdrawDialogs })));

const columns = [
  { key: 'amount', header: 'Amount' },
  { key: 'date', header: 'Date' },
  { key: 'method', header: 'Method' },
  { key: 'status', header: 'Status' },
  { key: 'reference', header: 'Reference Number' },
];

/** Payouts requested in the period (UTC, as the server counts earnings). */
function inPeriod(payouts: Payout[], period: EarningsPeriod, now = new Date()): Payout[] {
  if (period === 'allOver') return payouts;
  const start = now.toISOString().slice(0, period === 'thisYear' ? 4 : 7);
  return payouts.filter((payout) => payout.requestedAt.startsWith(start));
}

const historyRow = (payout: Payout) => ({
  amount: formatMoney(payout.amountCents),
  date: formatDate(payout.requestedAt),
  method:
    payout.method.kind === 'bank'
      ? `Bank Account ${payout.method.display}`
      : payout.method.kind === 'stripe'
        ? 'Stripe'
        : 'PayPal',
  status: (
    <Chip tone={PAYOUT_STATUS_LABELS[payout.status].tone} title={payout.failureReason ?? undefined}>
      {PAYOUT_STATUS_LABELS[payout.status].label}
    </Chip>
  ),
  reference: payout.reference,
});

const EMPTY_HISTORY: Record<EarningsPeriod, ReactNode> = {
  allOver: (
    <>
      No payouts yet. You earn when a sponsorship you accepted is delivered:{' '}
      <Link to="/sponsorship-offers">accept an offer</Link>, then withdraw from your Earning Balance.
    </>
  ),
  thisYear: 'No payouts this year.',
  thisMonth: 'No payouts this month.',
};

type EarningsRef = ActorRefFrom<EarningsLogic>;

function Period({
  period,
  earnings,
  withdraw,
}: {
  period: EarningsPeriod;
  earnings: EarningsRef;
  withdraw: WithdrawRef | undefined;
}) {
  const figures = useSelector(earnings, (snapshot) => selectPeriodFigures(snapshot, period));
  const balances = useSelector(earnings, selectEarnings);
  const payouts = useSelector(earnings, selectPayouts);
  if (!figures || !balances) return null;
  const rows = inPeriod(payouts, period).map(historyRow);
  return (
    <div className={s.period}>
      <div className={shared.grid}>
        <Card gradient className={s.figure}>
          <h2 className={s.figureLabel}>Total Earning</h2>
          <p className={s.figureValue}>{formatMoney(figures.totalCents)}</p>
        </Card>
        <Card gradient className={s.figure}>
          <h2 className={s.figureLabel}>Earning Balance</h2>
          <div className={s.balanceRow}>
            <p className={s.figureValue}>{formatMoney(balances.availableCents)}</p>
            <Button variant="light" onClick={() => withdraw?.send({ type: 'withdraw.open' })}>
              <Icon name="dollar" size={18} />
              Withdraw
            </Button>
          </div>
          {balances.inPayoutCents > 0 ? (
            <p className={s.figureNote}>{formatMoney(balances.inPayoutCents)} on its way in payouts</p>
          ) : null}
          {/* docs/product.md §Verified delivery: earned, not yet withdrawable; Withdraw offers the balance above only. */}
          <dl className={s.pending}>
            <dt className={s.pendingLabel}>Pending</dt>
            <dd className={s.pendingValue}>{formatMoney(balances.pendingCents)}</dd>
            <dd className={s.figureNote}>
              In its review window after a sponsorship completes; then it moves to your Earning Balance.
            </dd>
          </dl>
          <PendingReleases pending={balances.pending} />
        </Card>
        <Card gradient className={s.figure}>
          <h2 className={s.figureLabel}>
            <Icon name="extension" size={20} />
            Earning Through OBS Extension
          </h2>
          <p className={s.figureValue}>{formatMoney(figures.overlayCents)}</p>
        </Card>
        <Card gradient className={s.figure}>
          <h2 className={s.figureLabel}>
            <Icon name="offers" size={20} />
            Earning Through Sponserships
          </h2>
          <p className={s.figureValue}>{formatMoney(figures.sponsorshipCents)}</p>
        </Card>
      </div>
      <section aria-labelledby={`${period}-history`}>
        <h2 id={`${period}-history`} className={shared.sectionTitle}>
          Payout History
        </h2>
        <Card padding="sm">
          <Table
            caption="Payout History"
            columns={columns}
            rows={rows}
            rowKey={(row) => String(row.reference)}
            emptyMessage={EMPTY_HISTORY[period]}
          />
        </Card>
      </section>
    </div>
  );
}

type PendingEarning = Earnings['pending'][number];

/** When one pending earning frees up: the end of its review window, as the server opened it. */
function releaseText(item: PendingEarning): string {
  if (item.status === 'pending' && item.availableAt) return `available ${formatDateTime(item.availableAt)}`;
  return item.status === 'disputed'
    ? 'disputed by the brand: available once Castbridge decides'
    : 'held for a review by Castbridge: available once it is reviewed';
}

/** What makes up Pending, soonest first, each with when it moves to the Earning Balance (issue 48 item 3). */
function PendingReleases({ pending }: { pending: PendingEarning[] }) {
  if (pending.length === 0) return null;
  return (
    <ul className={s.releases} aria-label="When your pending earnings become available">
      {pending.map((item) => (
        <li key={item.offerId} className={s.release}>
          <span className={s.releaseAmount}>{formatMoney(item.earnedCents)}</span> from {item.brand} ({item.title}):{' '}
          {releaseText(item)}
        </li>
      ))}
    </ul>
  );
}

/**
 * What a withdrawal still needs, said before one is tried, each with where to put it right; nothing once both are
 * done (issue 48 item 13).
 */
function WithdrawNeeds({ needs }: { needs: WithdrawNeed[] }) {
  if (needs.length === 0) return null;
  const taxForm = needs.includes('taxForm');
  const method = needs.includes('payoutMethod');
  return (
    <p data-testid="withdraw-needs">
      Withdrawals need{' '}
      {taxForm ? (
        <>
          your <Link to="/tax-form">Tax Form</Link> on file (Form W-9 or Form W-8BEN)
        </>
      ) : null}
      {taxForm && method ? ' and ' : null}
      {method ? (
        <>
          a <Link to="/set-payout-method">payout method</Link>
        </>
      ) : null}
      .
    </p>
  );
}

export interface EarningsScreenLogic {
  earnings?: EarningsLogic;
  withdraw?: WithdrawLogic;
}

/** Earnings (docs/spec.md §2; docs/product.md §Money): figures per period and Payout History from the ledger, and the Withdraw flow. */
export function EarningsScreen({ logic = {} }: { logic?: EarningsScreenLogic }) {
  // The withdraw flow is the earnings actor's child: a payout it requests reads the figures again (the statechart's link).
  const earnings = useActorRef(useEarningsLogic(logic.earnings, logic.withdraw), { inspect });
  const withdraw = useSelector(earnings, selectWithdraw);
  const loading = useSelector(earnings, selectEarningsLoading);
  const error = useSelector(earnings, selectEarningsLoadError);
  const ready = useSelector(earnings, selectEarningsReady);
  // The figures shown are being read again (news about money, a payout requested): busy until the read ends.
  const refreshing = useSelector(earnings, selectEarningsRefreshing);
  const needs = useSelector(earnings, selectWithdrawNeeds);
  return (
    <>
      <ScreenHeading title="Earnings" />
      <WithdrawNeeds needs={needs} />
      <LoadState
        loading={loading}
        error={error}
        what="earnings"
        onRetry={() => earnings.send({ type: 'earnings.retry' })}
      />
      {ready ? (
        <TabsRoot defaultValue="allOver">
          <TabsList aria-label="Period">
            {EARNINGS_PERIODS.map((p) => (
              <TabsTrigger key={p.value} value={p.value}>
                {p.label}
              </TabsTrigger>
            ))}
          </TabsList>
          {EARNINGS_PERIODS.map((p) => (
            <TabsContent key={p.value} value={p.value} aria-busy={refreshing}>
              <Period period={p.value} earnings={earnings} withdraw={withdraw} />
            </TabsContent>
          ))}
        </TabsRoot>
      ) : null}
      <p>
        Statements of your paid withdrawals and of each year's earnings are in <Link to="/documents">Documents</Link>.
      </p>
      {withdraw ? (
        <Suspense fallback={null}>
          <WithdrawDialogs actorRef={withdraw} />
        </Suspense>
      ) : null}
    </>
  );
}
