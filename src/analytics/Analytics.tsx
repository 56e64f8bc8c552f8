import { useActorRef, useSelector } from '@xstate/react';
import { lazy, Suspense } from 'react';
import type { AnalyticsMetric, PlatformAnalytics } from '@/contract';
import { PLATFORM_NAMES } from '@/contract/connections';
import { ANALYTICS_RANGES, type AnalyticsRange } from '@/contract/analytics';
import type { AnalyticsTab } from '@/machines/analytics/analyticsConnect.machine';
import {
  selectData,
  selectError,
  selectFailed,
  selectLoading,
  selectNotConnected,
  selectRange,
  selectReloading,
  selectTab,
  selectWarning,
} from '@/machines/analytics/analyticsConnect.select';
import { inspect } from '@/src/app/inspect';
import { useAnalyticsConnectLogic, type AnalyticsConnectLogic } from '@/src/analytics/analyticsConnect';
import { Alert } from '@/src/ui/Alert';
import { Button } from '@/src/ui/Button';
import { Card } from '@/src/ui/Card';
import { Icon } from '@/src/ui/Icon';
import { Link } from '@/src/ui/Link';
import { RadioGroup } from '@/src/ui/RadioGroup';
import { Spinner } from '@/src/ui/Spinner';
import { TabsContent, TabsList, TabsRoot, TabsTrigger } from '@/src/ui/Tabs';
import { ScreenHeading } from '@/src/shell/ScreenHeading';
import { formatsIn, type Formats } from '@/src/common/format';
import { InLanguage } from '@/src/common/InLanguage';
import { useMessages } from '@/src/i18n/i18n';
import * as shared from '@/src/shell/dashboard.css';
import * as s from './Analytics.css';
import { analyticsMessages, RANGE_IDS } from './catalogue';
import { Chart, type ChartSeries } from './Chart';

// Below the cards, tables: their code loads with the figures, keeping the route within its bundle budget.
const ChatActivity = lazy(() => import('./Details').then((m) => ({ default: m.ChatActivity })));
const Sponsorships = lazy(() => import('./Details').then((m) => ({ default: m.Sponsorships })));

type Say = ReturnType<typeof useMessages<[typeof analyticsMessages]>>['t'];

const PERIOD = { '7d': 'day', '30d': 'day', '90d': 'week', '12m': 'month' } as const;

/** A metric's values as text: counts, bits, or a currency's amount. */
function formatterOf(metric: AnalyticsMetric, t: Say, f: Formats): (value: number) => string {
  if (metric.key === 'donations' && metric.unit !== 'bits') {
    return (value) => f.amount(value, metric.unit);
  }
  if (metric.key === 'donations') return (value) => t('metric.bits', { count: f.count(value) });
  return f.count;
}

function changeText(metric: AnalyticsMetric, format: (value: number) => string, t: Say): string | null {
  if (metric.change === null) return null;
  if (metric.change === 0) return t('metric.noChange', { label: metric.changeLabel });
  return `${metric.change > 0 ? '+' : '−'}${format(Math.abs(metric.change))} ${metric.changeLabel}`;
}

function MetricCard({ metric, id, period }: { metric: AnalyticsMetric; id: string; period: ChartSeries['period'] }) {
  const { t, locale } = useMessages(analyticsMessages);
  const format = formatterOf(metric, t, formatsIn(locale));
  const change = changeText(metric, format, t);
  const series: ChartSeries = { title: metric.title, kind: metric.kind, period, points: metric.points, format };
  return (
    <Card as="section" gradient aria-labelledby={`${id}-title`} className={s.card}>
      <h3 id={`${id}-title`} className={shared.cardTitle}>
        {metric.title}
      </h3>
      {metric.current === null ? (
        <Alert tone="warning" className={s.missing}>
          {metric.missing?.message ?? t('metric.noData')}
        </Alert>
      ) : (
        <>
          <p className={s.headline}>
            <strong className={s.value}>{format(metric.current)}</strong>{' '}
            <span className={shared.mutedOnGradient}>{metric.currentLabel}</span>
          </p>
          {change ? (
            <p className={s.change} data-trend={metric.change! > 0 ? 'up' : metric.change! < 0 ? 'down' : 'flat'}>
              {change}
            </p>
          ) : null}
          <Chart series={series} id={id} />
        </>
      )}
      {metric.note ? <p className={s.source}>{metric.note}</p> : null}
      <p className={s.source}>{metric.source}</p>
    </Card>
  );
}

function PlatformPanel({ platform, range }: { platform: PlatformAnalytics; range: AnalyticsRange }) {
  const { t, locale } = useMessages(analyticsMessages);
  const name = PLATFORM_NAMES[platform.platform];
  const { channel, collection } = platform;
  return (
    <div className={s.panel}>
      {channel ? (
        <p className={s.channelLine}>
          {t('channel', { name })} <strong>{channel.displayName}</strong>
          {collection?.lastAt ? t('channel.collected', { at: formatsIn(locale).dateTime(collection.lastAt) }) : ''}
          {collection?.live ? t('channel.live') : ''}
        </p>
      ) : (
        <p className={s.channelLine}>
          {t('channel.none', { name })} <Link to="/connect-accounts">{t('channel.connect', { name })}</Link>
        </p>
      )}
      {collection && collection.status !== 'ok' && collection.status !== 'pending' && collection.problem ? (
        <Alert tone={collection.status === 'reconnect' ? 'error' : 'warning'}>{collection.problem}</Alert>
      ) : null}
      <div className={platform.platform === 'twitch' ? shared.gridThree : shared.grid}>
        {platform.metrics.map((metric) => (
          <MetricCard
            key={metric.key}
            metric={metric}
            id={`${platform.platform}-${metric.key}`}
            period={PERIOD[range]}
          />
        ))}
      </div>
      <Suspense fallback={null}>
        <ChatActivity platform={platform} />
      </Suspense>
    </div>
  );
}

/** Analytics (/dashboard and /analytics, docs/spec.md §2; docs/product.md §Analytics): the Connect prompt, or the creator's real figures. */
export function AnalyticsScreen({ logic }: { logic?: AnalyticsConnectLogic }) {
  const actor = useActorRef(useAnalyticsConnectLogic(logic), { inspect });
  const loading = useSelector(actor, selectLoading);
  const failed = useSelector(actor, selectFailed);
  const notConnected = useSelector(actor, selectNotConnected);
  const data = useSelector(actor, selectData);
  const tab = useSelector(actor, selectTab);
  const warning = useSelector(actor, selectWarning);
  const range = useSelector(actor, selectRange);
  const error = useSelector(actor, selectError);
  const reloading = useSelector(actor, selectReloading);
  // Last of the hooks: it may wait for the catalogue (docs/architecture.md §Languages).
  const { t, locale } = useMessages(analyticsMessages);

  if (loading || failed || !data) {
    return (
      <InLanguage lang={locale}>
        <ScreenHeading title={t('title')} />
        {failed ? (
          <Alert tone="error" title={t('failed')}>
            <p>{error}</p>
            <Button variant="secondary" size="sm" onClick={() => actor.send({ type: 'analytics.retry' })}>
              {t('retry')}
            </Button>
          </Alert>
        ) : (
          <Spinner label={t('loading')} />
        )}
      </InLanguage>
    );
  }

  if (notConnected) {
    return (
      <InLanguage lang={locale}>
        <ScreenHeading title={t('title')} />
        <Card as="section" gradient padding="lg" aria-labelledby="connect-title" className={s.prompt}>
          <div className={s.promptIcons} aria-hidden="true">
            <Icon name="twitch" size={28} />
            <Icon name="youtube" size={28} />
          </div>
          <h2 id="connect-title" className={s.promptTitle}>
            {t('connect.title')}
          </h2>
          <p className={s.promptText}>{t('connect.text')}</p>
          <Button asChild variant="light" size="lg">
            <Link to="/connect-accounts">{t('connect.button')}</Link>
          </Button>
        </Card>
        <Suspense fallback={<Spinner label={t('loadingSponsorships')} />}>
          <Sponsorships data={data} />
        </Suspense>
      </InLanguage>
    );
  }

  return (
    <InLanguage lang={locale}>
      <ScreenHeading title={t('title')} />
      {warning === 'gone' ? null : (
        <Alert tone="info" className={s.warning} data-state={warning}>
          {t('warning')}
        </Alert>
      )}
      <div className={s.toolbar} aria-busy={reloading}>
        <RadioGroup
          label={t('range')}
          name="range"
          orientation="horizontal"
          value={range}
          onValueChange={(value) => actor.send({ type: 'range.change', range: value as AnalyticsRange })}
          options={ANALYTICS_RANGES.map((value) => ({ value, label: t(RANGE_IDS[value]) }))}
        />
        {reloading ? <Spinner label={t('loadingRange')} /> : null}
      </div>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <TabsRoot value={tab} onValueChange={(value) => actor.send({ type: 'tab.select', tab: value as AnalyticsTab })}>
        <TabsList aria-label={t('platform')}>
          <TabsTrigger value="twitch">
            <Icon name="twitch" size={18} />
            {PLATFORM_NAMES.twitch}
          </TabsTrigger>
          <TabsTrigger value="youtube">
            <Icon name="youtube" size={18} />
            {PLATFORM_NAMES.youtube}
          </TabsTrigger>
        </TabsList>
        <TabsContent value="twitch">
          <PlatformPanel platform={data.twitch} range={data.range} />
        </TabsContent>
        <TabsContent value="youtube">
          <PlatformPanel platform={data.youtube} range={data.range} />
        </TabsContent>
      </TabsRoot>
      <Suspense fallback={<Spinner label={t('loadingSponsorships')} />}>
        <Sponsorships data={data} />
      </Suspense>
    </InLanguage>
  );
}
