import { useMachine } from '@xstate/react';
import { analyticsConnectMachine, type AnalyticsTab } from '@/machines/analyticsConnect.machine';
import { selectConnected, selectTab, selectWarning } from '@/machines/analyticsConnect.select';
import { inspect } from '@/src/app/inspect';
import { analyticsCharts, type ChartSeries } from '@/src/sampleData';
import { Alert } from '@/src/ui/Alert';
import { Button } from '@/src/ui/Button';
import { Card } from '@/src/ui/Card';
import { Icon } from '@/src/ui/Icon';
import { TabsContent, TabsList, TabsRoot, TabsTrigger } from '@/src/ui/Tabs';
import { ScreenHeading } from '@/src/views/dashboard/ScreenHeading';
import * as shared from '@/src/views/dashboard/shared.css';
import * as s from './Analytics.css';
import { ChartCard } from './Chart';

export const ANALYTICS_WARNING = 'We are under construction and are in the process of displaying more of your data for you.';

function Charts({ tab, series }: { tab: AnalyticsTab; series: ChartSeries[] }) {
  return (
    <div className={tab === 'twitch' ? shared.gridThree : shared.grid}>
      {series.map((one) => (
        <ChartCard key={one.title} series={one} id={`${tab}-${one.title.toLowerCase()}`} />
      ))}
    </div>
  );
}

/** Analytics (/dashboard and /analytics, SPEC §2): a connect prompt, then Twitch and YouTube chart tabs. */
export function AnalyticsScreen({ logic = analyticsConnectMachine }: { logic?: typeof analyticsConnectMachine }) {
  const [snapshot, send] = useMachine(logic, { inspect });

  if (!selectConnected(snapshot)) {
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
          <Button variant="light" size="lg" onClick={() => send({ type: 'analytics.connect' })}>
            Connect
          </Button>
        </Card>
      </>
    );
  }

  const tab = selectTab(snapshot);
  const warning = selectWarning(snapshot);

  return (
    <>
      <ScreenHeading title="Analytics" />
      {warning === 'gone' ? null : (
        <Alert tone="info" className={s.warning} data-state={warning}>
          {ANALYTICS_WARNING}
        </Alert>
      )}
      <TabsRoot value={tab} onValueChange={(value) => send({ type: 'tab.select', tab: value as AnalyticsTab })}>
        <TabsList aria-label="Platform">
          {/* Connect is gone once pressed; keyboard focus continues on the first tab instead of the page start. */}
          <TabsTrigger value="twitch" autoFocus>
            <Icon name="twitch" size={18} />
            Twitch
          </TabsTrigger>
          <TabsTrigger value="youtube">
            <Icon name="youtube" size={18} />
            YouTube
          </TabsTrigger>
        </TabsList>
        <TabsContent value="twitch">
          <Charts tab="twitch" series={analyticsCharts.twitch} />
        </TabsContent>
        <TabsContent value="youtube">
          <Charts tab="youtube" series={analyticsCharts.youtube} />
        </TabsContent>
      </TabsRoot>
    </>
  );
}
