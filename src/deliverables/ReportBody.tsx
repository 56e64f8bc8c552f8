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
import { formatsIn, TIME_ZONE, type Formats } from '@/src/common/format';
import { useMessages } from '@/src/i18n/i18n';
import { intlLocale } from '@/src/i18n/locales';
import { Alert } from '@/src/ui/Alert';
import { Button } from '@/src/ui/Button';
import { Card } from '@/src/ui/Card';
import { NativeSelectField } from '@/src/ui/Field';
import { Progress } from '@/src/ui/Progress';
import { Table, type TableColumn } from '@/src/ui/Table';
import { reportMessages } from './reportCatalogue';
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

/** The report's words and figures in the language of its part of the page (the shared page: the reader's). */
type Words = ReturnType<typeof useMessages<[typeof reportMessages]>>;

/** How the report writes its figures: whole minutes, a rate to two decimals, money or a dash, a day without its year. */
function figures({ t, locale }: Words) {
  const f: Formats = formatsIn(locale);
  const twoDecimals = new Intl.NumberFormat(intlLocale(locale), { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const dayMonth = new Intl.DateTimeFormat(intlLocale(locale), { month: 'short', day: 'numeric', timeZone: TIME_ZONE });
  return {
    f,
    minutes: (seconds: number) => f.count(Math.floor(seconds / 60)),
    rate: (rate: number | null) =>
      rate === null ? '—' : t('report.percent', { rate: twoDecimals.format(rate * 100) }),
    moneyOrDash: (cents: number | null) => (cents === null ? '—' : f.money(cents)),
    /** "Nov 20", "20 nov": the report's days are all of one campaign's window ('2026-11-20' reads as UTC midnight). */
    day: (day: string) => dayMonth.format(new Date(day)),
  };
}
type Figures = ReturnType<typeof figures>;

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
  const words = useMessages(reportMessages);
  const { t } = words;
  if (!report) return null;
  const shown = figures(words);
  const creatorName = creators.find((creator) => creator.offerId === offerId)?.name ?? null;
  const window = shown.f.dayRange(report.from, report.to);
  const updated = shown.f.dateTime(report.generatedAt);
  return (
    <div className={s.stack} aria-busy={reloading || undefined}>
      <div className={s.spread}>
        <p className={s.muted}>
          {creatorName
            ? t('report.summary', { window, creator: creatorName, updated })
            : t('report.summaryAll', { window, updated })}
        </p>
        <div className={s.row}>
          <NativeSelectField
            label={t('report.creator')}
            name="offerId"
            className={s.filter}
            value={offerId ?? ALL}
            onChange={(event) => send({ type: 'report.filter', offerId: event.target.value || null })}
            options={[
              { value: ALL, label: t('report.allCreators') },
              ...creators.map((creator) => ({ value: creator.offerId, label: creator.name })),
            ]}
          />
          <Button
            variant="secondary"
            disabled={reloading}
            aria-busy={reloading || undefined}
            onClick={() => send({ type: 'report.refresh' })}
          >
            {t('report.refresh')}
          </Button>
          {actions}
        </div>
      </div>
      {error ? (
        <Alert tone="error" title={t('report.notReread')}>
          {error}
        </Alert>
      ) : null}
      <TotalsCard
        totals={report.totals}
        budgetCents={report.campaign.budgetCents}
        asks={report.campaign.asks}
        words={words}
        shown={shown}
      />
      <ByDay report={report} words={words} shown={shown} />
      {offerId === null ? <CreatorsTable report={report} words={words} shown={shown} /> : null}
    </div>
  );
}

interface Shown {
  words: Words;
  shown: Figures;
}

function TotalsCard({
  totals,
  budgetCents,
  asks,
  words: { t },
  shown,
}: { totals: Totals; budgetCents: number; asks: Asks } & Shown) {
  const { f } = shown;
  // Impressions, CPM and the click rate (clicks per impression) come from the overlay's verified minutes.
  const items = asked<[string, string]>([
    [asks.overlay, [t('report.verifiedMinutes'), shown.minutes(totals.verifiedSeconds)]],
    [asks.overlay, [t('report.impressions'), f.count(totals.impressions)]],
    [asks.link, [t('report.clicks'), f.count(totals.clicks)]],
    [asks.overlay && asks.link, [t('report.clickRate'), shown.rate(totals.clickRate)]],
    [asks.chat, [t('report.botPosts'), f.count(totals.botPosts)]],
    [asks.promo, [t('report.redemptions'), f.count(totals.redemptions)]],
    [asks.overlay, [t('report.cpm'), shown.moneyOrDash(totals.cpmCents)]],
    [asks.link, [t('report.cpc'), shown.moneyOrDash(totals.cpcCents)]],
    [
      true,
      [t('report.spend'), t('report.spendOf', { spend: f.money(totals.spendCents), budget: f.money(budgetCents) })],
    ],
  ]);
  return (
    <Card as="section" aria-labelledby="report-totals">
      <h2 id="report-totals" className={s.title}>
        {t('report.totals')}
      </h2>
      <dl className={s.totals}>
        {items.map(([term, value]) => (
          <div key={term} className={s.total}>
            <dt className={s.term}>{term}</dt>
            <dd className={s.figure}>{value}</dd>
          </div>
        ))}
      </dl>
      <Progress value={budgetCents > 0 ? (totals.spendCents / budgetCents) * 100 : 0} label={t('report.spendBar')} />
    </Card>
  );
}

function ByDay({ report, words: { t }, shown }: { report: CampaignReport } & Shown) {
  const label = shown.day;
  const formatCount = shown.f.count;
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
        title: t('report.clicks'),
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
        title: t('report.verifiedMinutes'),
        kind: 'line',
        period: 'day',
        points: report.days.map((day) => ({ label: label(day.day), value: Math.floor(day.verifiedSeconds / 60) })),
        format: formatCount,
        wholeSteps: true,
      },
    ],
    [asks.chat && !asks.link && !asks.overlay, count(t('report.botPosts'), (day) => day.botPosts)],
    [asks.promo && !asks.link && !asks.overlay, count(t('report.redemptions'), (day) => day.redemptions)],
  ]);
  return (
    <section className={s.byDay} aria-labelledby="report-by-day">
      <div className={s.charts}>
        <h2 id="report-by-day" className={s.title}>
          {t('report.byDay')}
        </h2>
        {charts.map((series, index) => {
          const id = `report-chart-${index}`;
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
        caption={t('report.byDayCaption')}
        captionVisible
        columns={asked<TableColumn>([
          [true, { key: 'day', header: t('report.day') }],
          [asks.overlay, { key: 'minutes', header: t('report.minutes'), align: 'right' }],
          [asks.overlay, { key: 'impressions', header: t('report.impressions'), align: 'right' }],
          [asks.link, { key: 'clicks', header: t('report.clicks'), align: 'right' }],
          [asks.chat, { key: 'posts', header: t('report.botPosts'), align: 'right' }],
          [asks.promo, { key: 'redemptions', header: t('report.redemptions'), align: 'right' }],
          [true, { key: 'spend', header: t('report.spend'), align: 'right' }],
        ])}
        rows={report.days.map((day) => ({
          day: label(day.day),
          minutes: shown.minutes(day.verifiedSeconds),
          impressions: formatCount(day.impressions),
          clicks: formatCount(day.clicks),
          posts: formatCount(day.botPosts),
          redemptions: formatCount(day.redemptions),
          spend: shown.f.money(day.spendCents),
        }))}
        rowKey={(_row, index) => report.days[index]!.day}
        emptyMessage={t('report.noDays')}
      />
    </section>
  );
}

function CreatorsTable({ report, words: { t }, shown }: { report: CampaignReport } & Shown) {
  const { asks } = report.campaign;
  const { f } = shown;
  return (
    <Table
      caption={t('report.creators')}
      captionVisible
      columns={asked<TableColumn>([
        [true, { key: 'name', header: t('report.creator'), wrap: true }],
        [asks.overlay, { key: 'minutes', header: t('report.verifiedMinutes'), align: 'right' }],
        [asks.link, { key: 'clicks', header: t('report.clicks'), align: 'right' }],
        [asks.overlay && asks.link, { key: 'rate', header: t('report.clickRate'), align: 'right' }],
        [asks.chat, { key: 'posts', header: t('report.botPosts'), align: 'right' }],
        [asks.promo, { key: 'redemptions', header: t('report.redemptions'), align: 'right' }],
        [true, { key: 'spend', header: t('report.spend'), align: 'right' }],
      ])}
      rows={report.creators.map((creator) => ({
        name: creator.name,
        minutes: shown.minutes(creator.totals.verifiedSeconds),
        clicks: f.count(creator.totals.clicks),
        rate: shown.rate(creator.totals.clickRate),
        posts: f.count(creator.totals.botPosts),
        redemptions: f.count(creator.totals.redemptions),
        spend: f.money(creator.totals.spendCents),
      }))}
      rowKey={(_row, index) => report.creators[index]!.offerId}
      emptyMessage={t('report.noCreators')}
    />
  );
}
