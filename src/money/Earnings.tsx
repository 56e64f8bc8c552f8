import { useActorRef, useSelector } from '@xstate/react';
import { lazy, Suspense } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { Earnings, Payout } from '@/contract';
import {
  EARNINGS_PERIODS,
  PAYOUT_STATUS_LABELS,
  type EarningsPeriod,
  type PayoutStatus,
  type WithdrawNeed,
} from '@/contract/money';
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
import { formatsIn, type Formats } from '@/src/common/format';
import { useMessages } from '@/src/i18n/i18n';
import { withTags } from '@/src/i18n/tags';
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
import { moneyMessages, type MoneyMessage } from './catalogue';
import type { WithdrawRef } from './Withdraw';

type Say = (id: MoneyMessage, values?: Record<string, unknown>) => string;

// The dialogs' code (Dialog, RadioGroup, Field) arrives just after the screen rather than before it. A Withdraw
// pressed in between is not lost: the statechart is already `open`, and the modal shows once its code is in.
const WithdrawDialogs = lazy(() => import('./Withdraw').then((m) => ({ default: m.WithdrawDialogs })));

const PERIOD_NAMES: Record<EarningsPeriod, MoneyMessage> = {
  allOver: 'period.allOver',
  thisYear: 'period.thisYear',
  thisMonth: 'period.thisMonth',
};

const STATUS_NAMES: Record<PayoutStatus, MoneyMessage> = {
  requested: 'status.processing',
  processing: 'status.processing',
  paid: 'status.paid',
  failed: 'status.failed',
};

const EMPTY_HISTORY: Record<EarningsPeriod, MoneyMessage> = {
  allOver: 'history.emptyAllOver',
  thisYear: 'history.emptyThisYear',
  thisMonth: 'history.emptyThisMonth',
};

/** Payout History's columns (docs/spec.md §2), in the screen's language. */
const columnsOf = (t: Say) => [
  { key: 'amount', header: t('history.amount') },
  { key: 'date', header: t('history.date') },
  { key: 'method', header: t('history.method') },
  { key: 'status', header: t('history.status') },
  { key: 'reference', header: t('history.reference') },
];

/** Payouts requested in the period (UTC, as the server counts earnings). */
function inPeriod(payouts: Payout[], period: EarningsPeriod, now = new Date()): Payout[] {
  if (period === 'allOver') return payouts;
  const start = now.toISOString().slice(0, period === 'thisYear' ? 4 : 7);
  return payouts.filter((payout) => payout.requestedAt.startsWith(start));
}

const historyRow = (payout: Payout, t: Say, f: Formats) => ({
  amount: f.money(payout.amountCents),
  date: f.date(payout.requestedAt),
  // Stripe and PayPal are names, the same in every language.
  method:
    payout.method.kind === 'bank'
      ? t('history.bank', { account: payout.method.display })
      : payout.method.kind === 'stripe'
        ? 'Stripe'
        : 'PayPal',
  status: (
    <Chip tone={PAYOUT_STATUS_LABELS[payout.status].tone} title={payout.failureReason ?? undefined}>
      {t(STATUS_NAMES[payout.status])}
    </Chip>
  ),
  reference: payout.reference,
});

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
  const { t, locale } = useMessages(moneyMessages);
  if (!figures || !balances) return null;
  const f = formatsIn(locale);
  const rows = inPeriod(payouts, period).map((payout) => historyRow(payout, t, f));
  return (
    <div className={s.period}>
      <div className={shared.grid}>
        <Card gradient className={s.figure}>
          <h2 className={s.figureLabel}>{t('figure.total')}</h2>
          <p className={s.figureValue}>{f.money(figures.totalCents)}</p>
        </Card>
        <Card gradient className={s.figure}>
          <h2 className={s.figureLabel}>{t('figure.balance')}</h2>
          <div className={s.balanceRow}>
            <p className={s.figureValue}>{f.money(balances.availableCents)}</p>
            <Button variant="light" onClick={() => withdraw?.send({ type: 'withdraw.open' })}>
              <Icon name="dollar" size={18} />
              {t('figure.withdraw')}
            </Button>
          </div>
          {balances.inPayoutCents > 0 ? (
            <p className={s.figureNote}>{t('figure.inPayout', { amount: f.money(balances.inPayoutCents) })}</p>
          ) : null}
          {/* docs/product.md §Verified delivery: earned, not yet withdrawable; Withdraw offers the balance above only. */}
          <dl className={s.pending}>
            <dt className={s.pendingLabel}>{t('figure.pending')}</dt>
            <dd className={s.pendingValue}>{f.money(balances.pendingCents)}</dd>
            <dd className={s.figureNote}>{t('figure.pendingNote')}</dd>
          </dl>
          <PendingReleases pending={balances.pending} />
        </Card>
        <Card gradient className={s.figure}>
          <h2 className={s.figureLabel}>
            <Icon name="extension" size={20} />
            {t('figure.overlay')}
          </h2>
          <p className={s.figureValue}>{f.money(figures.overlayCents)}</p>
        </Card>
        <Card gradient className={s.figure}>
          <h2 className={s.figureLabel}>
            <Icon name="offers" size={20} />
            {t('figure.sponsorships')}
          </h2>
          <p className={s.figureValue}>{f.money(figures.sponsorshipCents)}</p>
        </Card>
      </div>
      <section aria-labelledby={`${period}-history`}>
        <h2 id={`${period}-history`} className={shared.sectionTitle}>
          {t('history.title')}
        </h2>
        <Card padding="sm">
          <Table
            caption={t('history.title')}
            columns={columnsOf(t)}
            rows={rows}
            rowKey={(row) => String(row.reference)}
            emptyMessage={withTags(t(EMPTY_HISTORY[period]), {
              link: (text) => <Link to="/sponsorship-offers">{text}</Link>,
            })}
          />
        </Card>
      </section>
    </div>
  );
}

type PendingEarning = Earnings['pending'][number];

/** When one pending earning frees up: the end of its review window, as the server opened it. */
function releaseText(item: PendingEarning, t: Say, f: Formats): string {
  if (item.status === 'pending' && item.availableAt)
    return t('releases.available', { when: f.dateTime(item.availableAt) });
  return item.status === 'disputed' ? t('releases.disputed') : t('releases.held');
}

/** What makes up Pending, soonest first, each with when it moves to the Earning Balance (issue 48 item 3). */
function PendingReleases({ pending }: { pending: PendingEarning[] }) {
  const { t, locale } = useMessages(moneyMessages);
  if (pending.length === 0) return null;
  const f = formatsIn(locale);
  return (
    <ul className={s.releases} aria-label={t('releases.label')}>
      {pending.map((item) => (
        <li key={item.offerId} className={s.release}>
          {withTags(
            t('releases.item', {
              amount: f.money(item.earnedCents),
              brand: item.brand,
              title: item.title,
              release: releaseText(item, t, f),
            }),
            { amount: (text) => <span className={s.releaseAmount}>{text}</span> },
          )}
        </li>
      ))}
    </ul>
  );
}

const NEEDS: Record<'both' | WithdrawNeed, MoneyMessage> = {
  both: 'needs.both',
  taxForm: 'needs.taxForm',
  payoutMethod: 'needs.method',
};

/**
 * What a withdrawal still needs, said before one is tried, each with where to put it right; nothing once both are
 * done (issue 48 item 13).
 */
function WithdrawNeeds({ needs }: { needs: WithdrawNeed[] }) {
  const { t } = useMessages(moneyMessages);
  if (needs.length === 0) return null;
  const which = needs.length > 1 ? 'both' : needs[0]!;
  return (
    <p data-testid="withdraw-needs">
      {withTags(t(NEEDS[which]), {
        taxForm: (text) => <Link to="/tax-form">{text}</Link>,
        method: (text) => <Link to="/set-payout-method">{text}</Link>,
      })}
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
  const { t } = useMessages(moneyMessages);
  return (
    <>
      <ScreenHeading title={t('earnings.title')} />
      <WithdrawNeeds needs={needs} />
      <LoadState
        loading={loading}
        error={error}
        what={t('earnings.loading')}
        onRetry={() => earnings.send({ type: 'earnings.retry' })}
      />
      {ready ? (
        <TabsRoot defaultValue="allOver">
          <TabsList aria-label={t('earnings.periods')}>
            {EARNINGS_PERIODS.map((period) => (
              <TabsTrigger key={period} value={period}>
                {t(PERIOD_NAMES[period])}
              </TabsTrigger>
            ))}
          </TabsList>
          {EARNINGS_PERIODS.map((period) => (
            <TabsContent key={period} value={period} aria-busy={refreshing}>
              <Period period={period} earnings={earnings} withdraw={withdraw} />
            </TabsContent>
          ))}
        </TabsRoot>
      ) : null}
      <p>{withTags(t('earnings.documents'), { link: (text) => <Link to="/documents">{text}</Link> })}</p>
      {withdraw ? (
        <Suspense fallback={null}>
          <WithdrawDialogs actorRef={withdraw} />
        </Suspense>
      ) : null}
    </>
  );
}
