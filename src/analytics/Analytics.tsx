import { useActorRef, useSelector } from '@xstate/react';
import { lazy, Suspense } from 'react';
import type { AnalyticsMetric, PlatformAnalytics } from '@/contract';
import { ANALYTICS_RANGES, RANGE_LABELS, type AnalyticsRange } from '@/contract/analytics';
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
import { formatAmount, formatCount, formatDateTime } from '@/src/common/format';
import * as shared from '@/src/shell/dashboard.css';
import * as s from './Analytics.css';
import { Chart, type ChartSeries } from './Chart';

// Below the cards, tables: their code loads with the figures, keeping the route within its bundle budget.
const ChatActivity = lazy(() => import('./Details').then((m) => ({ default: m.ChatActivity })));
const Sponsorships = lazy(() => import('./Details').then((m) => ({ default: m.Sponsorships })));

export const ANALYTICS_WARNING =
  'We are under construction and are in the process of displaying more of your data for you.';

const PERIOD: Record<AnalyticsRange, string> = { '7d': 'day', '30d': 'day', '90d': 'week', '12m': 'month' };

/** A metric's values as text: counts, bits, or a currency's amount. */
function formatterOf(metric: AnalyticsMetric): (value: number) => string {
  if (metric.key === 'donations' && metric.unit !== 'bits') {
    return (value) => formatAmount(value, metric.unit);
  }
  return (value) => `${formatCount(value)}${metric.key === 'donations' ? ' bits' : ''}`;
}

function changeText(metric: AnalyticsMetric, format: (value: number) => string): string | null {
  if (metric.change === null) return null;
  if (metric.change === 0) return `No change ${metric.changeLabel}`;
  return `${metric.change > 0 ? '+' : '−'}${format(Math.abs(metric.change))} ${metric.changeLabel}`;
}

function MetricCard({ metric, id, period }: { metric: AnalyticsMetric; id: string; period: string }) {
  const format = formatterOf(metric);
  const change = changeText(metric, format);
  const series: ChartSeries = { title: metric.title, kind: metric.kind, period, points: metric.points, format };
  return (
    <Card as="section" gradient aria-labelledby={`${id}-title`} className={s.card}>
      <h3 id={`${id}-title`} className={shared.cardTitle}>
        {metric.title}
      </h3>
      {metric.current === null ? (
        <Alert tone="warning" className={s.missing}>
          {metric.missing?.message ?? 'No data yet.'}
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
  const name = platform.platform === 'twitch' ? 'Twitch' : 'YouTube';
  const { channel, collection } = platform;
  return (
    <div className={s.panel}>
      {channel ? (
        <p className={s.channelLine}>
          {name} channel <strong>{channel.displayName}</strong>
          {collection?.lastAt ? ` · collected ${formatDateTime(collection.lastAt)}` : ''}
          {collection?.live ? ' · live now' : ''}
        </p>
      ) : (
        <p className={s.channelLine}>
          {name} is not connected. <Link to="/connect-accounts">Connect {name}</Link>
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

  if (loading || failed || !data) {
    return (
      <>
        <ScreenHeading title="Analytics" />
        {failed ? (
          <Alert tone="error" title="Your analytics could not be loaded">
            <p>{error}</p>
            <Button variant="secondary" size="sm" onClick={() => actor.send({ type: 'analytics.retry' })}>
              Try again
            </Button>
          </Alert>
        ) : (
          <Spinner label="Loading your analytics" />
        )}
      </>
    );
  }

  if (notConnected) {
    return (
      <>
        <ScreenHeading title="Analytics" />
        <Card as="section" gradient padding="lg" aria-labelledby="connect-title" className={s.prompt}>
          <div className={s.promptIcons} aria-hidden="true">
            <Icon name="twitch" size={28} />
            <Icon name="youtube" size={28} />
          </div>
          <h2 id="connect-title" className={s.promptTitle}>
            Connect your Twitch and YouTube accounts
          </h2>
          <p className={s.promptText}>See your followers, viewers, subscribers and donations in one place.</p>
          <Button asChild variant="light" size="lg">
            <Link to="/connect-accounts">Connect</Link>
          </Button>
        </Card>
        <Suspense fallback={<Spinner label="Loading your sponsorships" />}>
          <Sponsorships data={data} />
        </Suspense>
      </>
    );
  }

  return (
    <>
      <ScreenHeading title="Analytics" />
      {warning === 'gone' ? null : (
        <Alert tone="info" className={s.warning} data-state={warning}>
          {ANALYTICS_WARNING}
        </Alert>
      )}
      <div className={s.toolbar} aria-busy={reloading}>
        <RadioGroup
          label="Range"
          name="range"
          orientation="horizontal"
          value={range}
          onValueChange={(value) => actor.send({ type: 'range.change', range: value as AnalyticsRange })}
          options={ANALYTICS_RANGES.map((value) => ({ value, label: RANGE_LABELS[value] }))}
        />
        {reloading ? <Spinner label="Loading the range" /> : null}
      </div>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <TabsRoot value={tab} onValueChange={(value) => actor.send({ type: 'tab.select', tab: value as AnalyticsTab })}>
        <TabsList aria-label="Platform">
          <TabsTrigger value="twitch">
            <Icon name="twitch" size={18} />
            Twitch
          </TabsTrigger>
          <TabsTrigger value="youtube">
            <Icon name="youtube" size={18} />
            YouTube
          </TabsTrigger>
        </TabsList>
        <TabsContent value="twitch">
          <PlatformPanel platform={data.twitch} range={data.range} />
        </TabsContent>
        <TabsContent value="youtube">
          <PlatformPanel platform={data.youtube} range={data.range} />
        </TabsContent>
      </TabsRoot>
      <Suspense fallback={<Spinner label="Loading your sponsorships" />}>
        <Sponsorships data={data} />
      </Suspense>
    </>
  );
}
