// The Analytics screen (docs/spec.md §2 Analytics, §4 Analytics, §9; docs/product.md §Analytics), replayed along
// analyticsConnect's recorded paths on the real screen: the creator's figures for a range, nothing connected → the
// Connect prompt, otherwise the Twitch and YouTube tabs; a range change reads again keeping the figures shown; the
// under-construction warning shows 10,000 ms and fades 300 ms on a tab where a card has no data (fake timers).
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, expect, vi } from 'vitest';
import type { CreatorAnalytics } from '@/contract';
import { DEFAULT_RANGE, RANGE_LABELS, type AnalyticsRange } from '@/contract/analytics';
import { analyticsConnectMachine, type AnalyticsTab } from '@/machines/analytics/analyticsConnect.machine';
import { ANALYTICS_WARNING_MS, FADE_MS } from '@/machines/timing';
import { AnalyticsScreen } from '@/src/analytics/Analytics';
import { controlled, renderScreen } from './harness';
import { walkScreens } from './screens';

/** docs/spec.md §9: the warning's words, as a person reads them. */
const ANALYTICS_WARNING = 'We are under construction and are in the process of displaying more of your data for you.';

// The screen's tables load lazily; the module is loaded once here so that every path finds it ready.
beforeAll(async () => {
  await import('@/src/analytics/Details');
});
afterEach(() => vi.useRealTimers());

const TAB_LABELS = { twitch: 'Twitch', youtube: 'YouTube' } as const;
const CARDS = {
  twitch: ['Followers', 'Viewers', 'Donations', 'Subscribers'],
  youtube: ['Subscribers', 'Donations', 'Viewers', 'Views'],
} as const;
const PENDING = /First collection pending/;

/** What the person has been shown and chosen: the figures, the range, the tab, the last refusal, reads answered. */
interface Seen {
  data: CreatorAnalytics | null;
  range: AnalyticsRange;
  tab: AnalyticsTab;
  error: string | null;
  settled: number;
}

type Load = ReturnType<typeof controlled<CreatorAnalytics, { range: AnalyticsRange }>>;

/** A card of this tab has no figure yet (its card says why; the warning belongs to this tab). */
const tabMissing = (data: CreatorAnalytics, tab: AnalyticsTab) => data[tab].metrics.some((m) => m.missing !== null);

/** The tabs with the figures of `seen.tab`; the range read (or being read); the warning in its phase, if any. */
function expectConnected(
  { load, seen }: { load: Load; seen: Seen },
  figures: 'complete' | 'partial' | 'reloading',
  warning: 'shown' | 'fading' | 'waiting' | 'gone',
) {
  const data = seen.data!;
  expect(screen.queryByRole('heading', { name: 'Connect your Twitch and YouTube accounts' })).not.toBeInTheDocument();
  for (const [tab, label] of Object.entries(TAB_LABELS))
    expect(screen.getByRole('tab', { name: label })).toHaveAttribute('aria-selected', String(tab === seen.tab));
  const panel = screen.getByRole('tabpanel', { name: TAB_LABELS[seen.tab] });
  expect(
    within(panel)
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent),
  ).toEqual([...CARDS[seen.tab], 'Chat activity']);
  // The figures shown are the last ones answered: a card without data says why, the others draw their chart.
  const missing = tabMissing(data, seen.tab);
  if (missing) expect(within(panel).getAllByText(PENDING).length).toBeGreaterThan(0);
  else expect(within(panel).queryByText(PENDING)).not.toBeInTheDocument();
  const filled = data[seen.tab].metrics.filter((m) => m.current !== null).length;
  expect(within(panel).queryAllByRole('img')).toHaveLength(filled);
  // Whether some card of either tab waits (the other tab's cards are not drawn).
  const anyMissing = tabMissing(data, 'twitch') || tabMissing(data, 'youtube');
  if (figures !== 'reloading') expect(anyMissing).toBe(figures === 'partial');
  expect(screen.getByRole('radio', { name: RANGE_LABELS[seen.range] })).toBeChecked();
  if (figures === 'reloading') {
    expect(screen.getByText('Loading the range')).toBeInTheDocument();
    expect(load.started).toBe(seen.settled + 1);
    expect(load.inputs.at(-1)).toEqual({ range: seen.range });
  } else {
    expect(screen.queryByText('Loading the range')).not.toBeInTheDocument();
    expect(load.started).toBe(seen.settled);
  }
  if (seen.error) expect(screen.getByText(seen.error).closest('[role="alert"]')).not.toBeNull();
  // The warning, on a tab with a card without data only, while shown or fading.
  const notice = screen.queryByText(ANALYTICS_WARNING);
  if ((warning === 'shown' || warning === 'fading') && missing) {
    expect(notice).not.toBeNull();
    expect(notice!.closest('[data-state]')).toHaveAttribute('data-state', warning);
  } else expect(notice).toBeNull();
}

walkScreens('analyticsConnect', {
  mount() {
    // Synchronous fireEvent only: Testing Library's async helpers wait on a real setTimeout, which fake timers stop.
    vi.useFakeTimers();
    const load = controlled<CreatorAnalytics, { range: AnalyticsRange }>();
    renderScreen(
      <AnalyticsScreen logic={analyticsConnectMachine.provide({ actors: { loadAnalytics: load.logic } })} />,
      { path: '/analytics', jwt: 'creator.jwt' },
    );
    const seen: Seen = { data: null, range: DEFAULT_RANGE, tab: 'twitch', error: null, settled: 0 };
    const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
    return {
      load,
      seen,
      gestures: {
        'xstate.done.actor.loadAnalytics': async ({ output }) => {
          seen.settled += 1;
          seen.data = output;
          if (seen.settled === 1) seen.error = null;
          await load.resolve(output);
        },
        'xstate.error.actor.loadAnalytics': async ({ error }) => {
          seen.settled += 1;
          seen.error = (error as Error).message;
          await load.reject(error);
        },
        'analytics.retry': () => fireEvent.click(screen.getByRole('button', { name: 'Try again' })),
        // Radix Tabs select on a primary-button mousedown, as a real click begins.
        'tab.select': ({ tab }) => {
          seen.tab = tab;
          fireEvent.mouseDown(screen.getByRole('tab', { name: TAB_LABELS[tab] }), { button: 0 });
        },
        'range.change': ({ range }) => {
          if (range !== seen.range) {
            seen.error = null;
            // A read of another range under way is dropped (its answer is not taken) for the new one.
            if (load.started > seen.settled) seen.settled += 1;
          }
          seen.range = range;
          fireEvent.click(screen.getByRole('radio', { name: RANGE_LABELS[range] }));
        },
        'xstate.after.warningShown': () => wait(ANALYTICS_WARNING_MS),
        'xstate.after.warningFade': () => wait(FADE_MS),
      },
    };
  },
  states: {
    // The first read under way: its spinner, nothing else.
    loading: ({ load, seen }) => {
      expect(screen.getByText('Loading your analytics')).toBeInTheDocument();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
      expect(load.started).toBe(seen.settled + 1);
      expect(load.inputs.at(-1)).toEqual({ range: seen.range });
    },
    // The read failed: the reason and Try again; nothing read meanwhile.
    failed: ({ load, seen }) => {
      const alert = screen.getByRole('alert');
      expect(alert).toHaveTextContent('Your analytics could not be loaded');
      expect(alert).toHaveTextContent(seen.error!);
      expect(within(alert).getByRole('button', { name: 'Try again' })).toBeEnabled();
      expect(screen.queryByText('Loading your analytics')).not.toBeInTheDocument();
      expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
      expect(load.started).toBe(seen.settled);
    },
    // Nothing connected: the spec's Connect prompt, no tabs, no warning.
    notConnected: () => {
      expect(screen.getByRole('heading', { name: 'Connect your Twitch and YouTube accounts' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Connect' })).toHaveAttribute('href', '/connect-accounts');
      expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
      expect(screen.queryByText(ANALYTICS_WARNING)).not.toBeInTheDocument();
      expect(screen.queryByText('Loading your analytics')).not.toBeInTheDocument();
    },
    'connected.tab.twitch & figures.complete & warning.fading': (mounted) =>
      expectConnected(mounted, 'complete', 'fading'),
    'connected.tab.twitch & figures.complete & warning.gone': (mounted) => expectConnected(mounted, 'complete', 'gone'),
    'connected.tab.twitch & figures.complete & warning.shown': (mounted) =>
      expectConnected(mounted, 'complete', 'shown'),
    'connected.tab.twitch & figures.complete & warning.waiting': (mounted) =>
      expectConnected(mounted, 'complete', 'waiting'),
    'connected.tab.twitch & figures.partial & warning.fading': (mounted) =>
      expectConnected(mounted, 'partial', 'fading'),
    'connected.tab.twitch & figures.partial & warning.gone': (mounted) => expectConnected(mounted, 'partial', 'gone'),
    'connected.tab.twitch & figures.partial & warning.shown': (mounted) => expectConnected(mounted, 'partial', 'shown'),
    'connected.tab.twitch & figures.partial & warning.waiting': (mounted) =>
      expectConnected(mounted, 'partial', 'waiting'),
    'connected.tab.twitch & figures.reloading & warning.fading': (mounted) =>
      expectConnected(mounted, 'reloading', 'fading'),
    'connected.tab.twitch & figures.reloading & warning.gone': (mounted) =>
      expectConnected(mounted, 'reloading', 'gone'),
    'connected.tab.twitch & figures.reloading & warning.shown': (mounted) =>
      expectConnected(mounted, 'reloading', 'shown'),
    'connected.tab.twitch & figures.reloading & warning.waiting': (mounted) =>
      expectConnected(mounted, 'reloading', 'waiting'),
    'connected.tab.youtube & figures.complete & warning.fading': (mounted) =>
      expectConnected(mounted, 'complete', 'fading'),
    'connected.tab.youtube & figures.complete & warning.gone': (mounted) =>
      expectConnected(mounted, 'complete', 'gone'),
    'connected.tab.youtube & figures.complete & warning.shown': (mounted) =>
      expectConnected(mounted, 'complete', 'shown'),
    'connected.tab.youtube & figures.complete & warning.waiting': (mounted) =>
      expectConnected(mounted, 'complete', 'waiting'),
    'connected.tab.youtube & figures.partial & warning.fading': (mounted) =>
      expectConnected(mounted, 'partial', 'fading'),
    'connected.tab.youtube & figures.partial & warning.gone': (mounted) => expectConnected(mounted, 'partial', 'gone'),
    'connected.tab.youtube & figures.partial & warning.shown': (mounted) =>
      expectConnected(mounted, 'partial', 'shown'),
    'connected.tab.youtube & figures.partial & warning.waiting': (mounted) =>
      expectConnected(mounted, 'partial', 'waiting'),
    'connected.tab.youtube & figures.reloading & warning.fading': (mounted) =>
      expectConnected(mounted, 'reloading', 'fading'),
    'connected.tab.youtube & figures.reloading & warning.gone': (mounted) =>
      expectConnected(mounted, 'reloading', 'gone'),
    'connected.tab.youtube & figures.reloading & warning.shown': (mounted) =>
      expectConnected(mounted, 'reloading', 'shown'),
    'connected.tab.youtube & figures.reloading & warning.waiting': (mounted) =>
      expectConnected(mounted, 'reloading', 'waiting'),
  },
});
