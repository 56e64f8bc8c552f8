// The brand's report as both its pages show it (docs/product.md §Deliverables, "The brand's report"): the creator
// filter, the totals, the charts by day beside the table of the same days, and the creators. Read-only: it renders
// the campaignReport actor's snapshot and sends the filter.
import type { ReactNode } from 'react';
import type { SnapshotFrom } from 'xstate';
import type { CampaignReport } from '@/contract/schemas/deliverables';
import type { CampaignReportEvent, campaignReportMachine } from '@/machines/deliverables/campaignReport.machine';
import {
  selectReport,
  selectReportCreators,
  selectReportError,
  selectReportOfferId,
  selectReportReloading,
} from '@/machines/deliverables/campaignReport.select';
import { Chart, type ChartSeries } from '@/src/analytics/Chart';
import { formatCount, formatDateTime, formatDay, formatDayRange, formatMoney } from '@/src/common/format';
import { Alert } from '@/src/ui/Alert';
import { Button } from '@/src/ui/Button';
import { Card } from '@/src/ui/Card';
import { NativeSelectField } from '@/src/ui/Field';
import { Progress } from '@/src/ui/Progress';
import { Table, type TableColumn } from '@/src/ui/Table';
import * as s from './Report.css';

type Snapshot = SnapshotFrom<typeof campaignReportMachine>;
type Totals = CampaignReport['totals'];
/** The deliverables the campaign asked for: only their figures are shown (issue 48 item 4). */
type Asks = CampaignReport['campaign']['asks'];

/** The entries whose condition holds: a figure, a chart or a column shown only for a deliverable asked for. */
function asked<T>(entries: Array<[boolean, T]>): T[] {
  return entries.filter(([shown]) => shown).map(([, entry]) => entry);
}

const ALL = '';

export const minutesOf = (seconds: number) => formatCount(Math.floor(seconds / 60));
export const rateOf = (rate: number | null) => (rate === null ? '—' : `${(rate * 100).toFixed(2)}%`);
const moneyOrDash = (cents: number | null) => (cents === null ? '—' : formatMoney(cents));

/** The report's figures, the filter and its state, for a page that wraps them (a heading, its own actions). */
export function ReportBody({
  snapshot,
  send,
  actions,
}: {
  snapshot: Snapshot;
  send: (event: CampaignReportEvent) => void;
  /** Beside the filter: the advertiser's Download CSV. */
  actions?: ReactNode;
}) {
  const report = selectReport(snapshot);
  const creators = selectReportCreators(snapshot);
  const offerId = selectReportOfferId(snapshot);
  const reloading = selectReportReloading(snapshot);
  const error = selectReportError(snapshot);
  if (!report) return null;
  const creatorName = creators.find((creator) => creator.offerId === offerId)?.name ?? null;
  return (
    <div className={s.stack} aria-busy={reloading || undefined}>
      <div className={s.spread}>
        <p className={s.muted}>
          {formatDayRange(report.from, report.to)} · {creatorName ? `${creatorName} only` : 'Every creator'} · updated{' '}
          {formatDateTime(report.generatedAt)}
        </p>
        <div className={s.row}>
          <NativeSelectField
            label="Creator"
            name="offerId"
            className={s.filter}
            value={offerId ?? ALL}
            onChange={(event) => send({ type: 'report.filter', offerId: event.target.value || null })}
            options={[
              { value: ALL, label: 'All creators' },
              ...creators.map((creator) => ({ value: creator.offerId, label: creator.name })),
            ]}
          />
          <Button
            variant="secondary"
            disabled={reloading}
            aria-busy={reloading || undefined}
            onClick={() => send({ type: 'report.refresh' })}
          >
            Refresh
          </Button>
          {actions}
        </div>
      </div>
      {error ? (
        <Alert tone="error" title="The report could not be read again">
          {error}
        </Alert>
      ) : null}
      <TotalsCard totals={report.totals} budgetCents={report.campaign.budgetCents} asks={report.campaign.asks} />
      <ByDay report={report} />
      {offerId === null ? <CreatorsTable report={report} /> : null}
    </div>
  );
}

function TotalsCard({ totals, budgetCents, asks }: { totals: Totals; budgetCents: number; asks: Asks }) {
  // Impressions, CPM and the click rate (clicks per impression) come from the overlay's verified minutes.
  const items = asked<[string, string]>([
    [asks.overlay, ['Verified minutes', minutesOf(totals.verifiedSeconds)]],
    [asks.overlay, ['Impressions', formatCount(totals.impressions)]],
    [asks.link, ['Clicks', formatCount(totals.clicks)]],
    [asks.overlay && asks.link, ['Click rate', rateOf(totals.clickRate)]],
    [asks.chat, ['Bot posts', formatCount(totals.botPosts)]],
    [asks.promo, ['Redemptions', formatCount(totals.redemptions)]],
    [asks.overlay, ['CPM', moneyOrDash(totals.cpmCents)]],
    [asks.link, ['CPC', moneyOrDash(totals.cpcCents)]],
    [true, ['Spend', `${formatMoney(totals.spendCents)} of ${formatMoney(budgetCents)}`]],
  ]);
  return (
    <Card as="section" aria-labelledby="report-totals">
      <h2 id="report-totals" className={s.title}>
        Totals
      </h2>
      <dl className={s.totals}>
        {items.map(([term, value]) => (
          <div key={term} className={s.total}>
            <dt className={s.term}>{term}</dt>
            <dd className={s.figure}>{value}</dd>
          </div>
        ))}
      </dl>
      <Progress value={budgetCents > 0 ? (totals.spendCents / budgetCents) * 100 : 0} label="Spend against budget" />
    </Card>
  );
}

function ByDay({ report }: { report: CampaignReport }) {
  const label = (day: string) => formatDay(day).replace(/, \d{4}$/, '');
  const { asks } = report.campaign;
  const count = (title: string, value: (day: CampaignReport['days'][number]) => number): ChartSeries => ({
    title,
    kind: 'bar',
    period: 'day',
    points: report.days.map((day) => ({ label: label(day.day), value: value(day) })),
    format: formatCount,
    wholeSteps: true,
  });
  // A chart of the clicks and one of the verified minutes, each where it was asked for; a campaign asking for
  // neither charts its bot posts or its redemptions instead.
  const charts = asked<ChartSeries>([
    [
      asks.link,
      {
        title: 'Clicks',
        kind: 'bar',
        period: 'day',
        points: report.days.map((day) => ({ label: label(day.day), value: day.clicks })),
        format: formatCount,
        wholeSteps: true,
      },
    ],
    [
      asks.overlay,
      {
        title: 'Verified minutes',
        kind: 'line',
        period: 'day',
        points: report.days.map((day) => ({ label: label(day.day), value: Math.floor(day.verifiedSeconds / 60) })),
        format: formatCount,
        wholeSteps: true,
      },
    ],
    [asks.chat && !asks.link && !asks.overlay, count('Bot posts', (day) => day.botPosts)],
    [asks.promo && !asks.link && !asks.overlay, count('Redemptions', (day) => day.redemptions)],
  ]);
  return (
    <section className={s.byDay} aria-labelledby="report-by-day">
      <div className={s.charts}>
        <h2 id="report-by-day" className={s.title}>
          By day
        </h2>
        {charts.map((series) => {
          const id = `report-${series.title.toLowerCase().replace(/\W+/g, '-')}`;
          return (
            <Card as="section" gradient key={id} aria-labelledby={`${id}-title`} className={s.chartCard}>
              <h3 id={`${id}-title`} className={s.chartTitle}>
                {series.title}
              </h3>
              <Chart series={series} id={id} />
            </Card>
          );
        })}
      </div>
      <Table
        caption="The report by day"
        captionVisible
        columns={asked<TableColumn>([
          [true, { key: 'day', header: 'Day' }],
          [asks.overlay, { key: 'minutes', header: 'Minutes', align: 'right' }],
          [asks.overlay, { key: 'impressions', header: 'Impressions', align: 'right' }],
          [asks.link, { key: 'clicks', header: 'Clicks', align: 'right' }],
          [asks.chat, { key: 'posts', header: 'Bot posts', align: 'right' }],
          [asks.promo, { key: 'redemptions', header: 'Redemptions', align: 'right' }],
          [true, { key: 'spend', header: 'Spend', align: 'right' }],
        ])}
        rows={report.days.map((day) => ({
          day: label(day.day),
          minutes: minutesOf(day.verifiedSeconds),
          impressions: formatCount(day.impressions),
          clicks: formatCount(day.clicks),
          posts: formatCount(day.botPosts),
          redemptions: formatCount(day.redemptions),
          spend: formatMoney(day.spendCents),
        }))}
        rowKey={(_row, index) => report.days[index]!.day}
        emptyMessage="No days yet."
      />
    </section>
  );
}

function CreatorsTable({ report }: { report: CampaignReport }) {
  const { asks } = report.campaign;
  return (
    <Table
      caption="Creators"
      captionVisible
      columns={asked<TableColumn>([
        [true, { key: 'name', header: 'Creator', wrap: true }],
        [asks.overlay, { key: 'minutes', header: 'Verified minutes', align: 'right' }],
        [asks.link, { key: 'clicks', header: 'Clicks', align: 'right' }],
        [asks.overlay && asks.link, { key: 'rate', header: 'Click rate', align: 'right' }],
        [asks.chat, { key: 'posts', header: 'Bot posts', align: 'right' }],
        [asks.promo, { key: 'redemptions', header: 'Redemptions', align: 'right' }],
        [true, { key: 'spend', header: 'Spend', align: 'right' }],
      ])}
      rows={report.creators.map((creator) => ({
        name: creator.name,
        minutes: minutesOf(creator.totals.verifiedSeconds),
        clicks: formatCount(creator.totals.clicks),
        rate: rateOf(creator.totals.clickRate),
        posts: formatCount(creator.totals.botPosts),
        redemptions: formatCount(creator.totals.redemptions),
        spend: formatMoney(creator.totals.spendCents),
      }))}
      rowKey={(_row, index) => report.creators[index]!.offerId}
      emptyMessage="No creator has accepted yet."
    />
  );
}
