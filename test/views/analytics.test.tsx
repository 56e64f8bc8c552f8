// The Analytics screen driven through the UI along every generated path of the `analyticsConnect` statechart;
// its delays run on fake timers with the spec's real lengths (10,000 ms shown, 300 ms fade).
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { analyticsConnectMachine } from '@/machines/analyticsConnect.machine';
import { catalogue } from '@/machines/index';
import { ANALYTICS_WARNING_MS, FADE_MS } from '@/machines/timing';
import { ANALYTICS_WARNING, AnalyticsScreen } from '@/src/views/dashboard/analytics/Analytics';
import { fixtures } from '@/test/machines/fixtures';
import { generatePaths } from '@/test/machines/paths';
import { perform, type Gestures } from './harness';

const tabLabel = { twitch: 'Twitch', youtube: 'YouTube' } as const;
const charts = { twitch: ['Followers', 'Viewers', 'Donations'], youtube: ['Subscribers', 'Donations'] } as const;

type Expected = 'notConnected' | { connected: { tab: 'twitch' | 'youtube'; warning: 'shown' | 'fading' | 'gone' } };

// Synchronous fireEvent, not user-event: Testing Library's async wrapper waits on a real setTimeout, which fake timers stop.
beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const connect = () => fireEvent.click(screen.getByRole('button', { name: 'Connect' }));
/** Radix Tabs select on a primary-button mousedown, as a real click begins. */
const selectTab = (label: string) => fireEvent.mouseDown(screen.getByRole('tab', { name: label }), { button: 0 });
const wait = (ms: number) => act(() => void vi.advanceTimersByTime(ms));

const gestures = {
  'analytics.connect': connect,
  'tab.select': ({ tab }) => selectTab(tabLabel[tab]),
  'xstate.after.warningShown': () => wait(ANALYTICS_WARNING_MS),
  'xstate.after.warningFade': () => wait(FADE_MS),
} satisfies Gestures<typeof analyticsConnectMachine>;

function expectState(expected: Expected) {
  if (expected === 'notConnected') {
    expect(screen.getByRole('heading', { name: 'Connect your Twitch and YouTube accounts' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Connect' })).toBeInTheDocument();
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(screen.queryByText(ANALYTICS_WARNING)).toBeNull();
    return;
  }
  const { tab, warning } = expected.connected;
  expect(screen.queryByRole('button', { name: 'Connect' })).toBeNull();
  for (const [value, label] of Object.entries(tabLabel)) {
    expect(screen.getByRole('tab', { name: label })).toHaveAttribute('aria-selected', String(value === tab));
  }
  const panel = screen.getByRole('tabpanel', { name: tabLabel[tab] });
  const titles = within(panel)
    .getAllByRole('heading', { level: 3 })
    .map((h) => h.textContent);
  expect(titles).toEqual([...charts[tab]]);
  // Each chart has a text alternative: a described image and a table of its values.
  expect(within(panel).getAllByRole('img')).toHaveLength(charts[tab].length);
  expect(within(panel).getAllByRole('table')).toHaveLength(charts[tab].length);

  const notice = screen.queryByText(ANALYTICS_WARNING);
  if (warning === 'gone') {
    expect(notice).toBeNull();
  } else {
    expect(notice).not.toBeNull();
    expect(notice!.closest('[data-state]')).toHaveAttribute('data-state', warning);
  }
}

describe('analytics view along generated paths', () => {
  const paths = generatePaths(catalogue.analyticsConnect, fixtures.analyticsConnect);

  it.each(paths.map((p) => [p.name, p] as const))('%s', async (_name, path) => {
    render(<AnalyticsScreen />);
    await perform(gestures, path.events);
    expectState(path.expected as Expected);
  });
});

describe('analytics warning timing', () => {
  it('shows for 10,000 ms, fades for 300 ms, then is gone', () => {
    render(<AnalyticsScreen />);
    connect();
    // Connect is gone; focus moves on to the selected tab rather than falling back to the page.
    expect(screen.getByRole('tab', { name: 'Twitch' })).toHaveFocus();
    expectState({ connected: { tab: 'twitch', warning: 'shown' } });
    wait(ANALYTICS_WARNING_MS - 1);
    expectState({ connected: { tab: 'twitch', warning: 'shown' } });
    wait(1);
    expectState({ connected: { tab: 'twitch', warning: 'fading' } });
    wait(FADE_MS - 1);
    expectState({ connected: { tab: 'twitch', warning: 'fading' } });
    wait(1);
    expectState({ connected: { tab: 'twitch', warning: 'gone' } });
  });
});
