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
import { Table } from '@/src/ui/Table';
import * as s from './Report.css';

type Snapshot = SnapshotFrom<typeof campaignReportMachine>;
type Totals = CampaignReport['totals'];

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
      <TotalsCard totals={report.totals} budgetCents={report.campaign.budgetCents} />
      <ByDay report={report} />
      {offerId === null ? <CreatorsTable report={report} /> : null}
    </div>
  );
}

function TotalsCard({ totals, budgetCents }: { totals: Totals; budgetCents: number }) {
  const items: [string, string][] = [
    ['Verified minutes', minutesOf(totals.verifiedSeconds)],
    ['Impressions', formatCount(totals.impressions)],
    ['Clicks', formatCount(totals.clicks)],
    ['Click rate', rateOf(totals.clickRate)],
    ['Redemptions', formatCount(totals.redemptions)],
    ['CPM', moneyOrDash(totals.cpmCents)],
    ['CPC', moneyOrDash(totals.cpcCents)],
    ['Spend', `${formatMoney(totals.spendCents)} of ${formatMoney(budgetCents)}`],
  ];
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
  const charts: ChartSeries[] = [
    {
      title: 'Clicks',
      kind: 'bar',
      period: 'day',
      points: report.days.map((day) => ({ label: label(day.day), value: day.clicks })),
      format: formatCount,
      wholeSteps: true,
    },
    {
      title: 'Verified minutes',
      kind: 'line',
      period: 'day',
      points: report.days.map((day) => ({ label: label(day.day), value: Math.floor(day.verifiedSeconds / 60) })),
      format: formatCount,
      wholeSteps: true,
    },
  ];
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
        columns={[
          { key: 'day', header: 'Day' },
          { key: 'minutes', header: 'Minutes', align: 'right' },
          { key: 'impressions', header: 'Impressions', align: 'right' },
          { key: 'clicks', header: 'Clicks', align: 'right' },
          { key: 'redemptions', header: 'Redemptions', align: 'right' },
          { key: 'spend', header: 'Spend', align: 'right' },
        ]}
        rows={report.days.map((day) => ({
          day: label(day.day),
          minutes: minutesOf(day.verifiedSeconds),
          impressions: formatCount(day.impressions),
          clicks: formatCount(day.clicks),
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
  return (
    <Table
      caption="Creators"
      captionVisible
      columns={[
        { key: 'name', header: 'Creator', wrap: true },
        { key: 'minutes', header: 'Verified minutes', align: 'right' },
        { key: 'clicks', header: 'Clicks', align: 'right' },
        { key: 'rate', header: 'Click rate', align: 'right' },
        { key: 'redemptions', header: 'Redemptions', align: 'right' },
        { key: 'spend', header: 'Spend', align: 'right' },
      ]}
      rows={report.creators.map((creator) => ({
        name: creator.name,
        minutes: minutesOf(creator.totals.verifiedSeconds),
        clicks: formatCount(creator.totals.clicks),
        rate: rateOf(creator.totals.clickRate),
        redemptions: formatCount(creator.totals.redemptions),
        spend: formatMoney(creator.totals.spendCents),
      }))}
      rowKey={(_row, index) => report.creators[index]!.offerId}
      emptyMessage="No creator has accepted yet."
    />
  );
}
