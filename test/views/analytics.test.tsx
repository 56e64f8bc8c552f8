// The Analytics screen (docs/product.md §Analytics) driven through the UI along every generated path of the `analyticsConnect`
// statechart, its API actor controlled by the test; the warning's delays run on fake timers with the spec's real
// lengths (10,000 ms shown, 300 ms fade) and only where a card has no data. Then the figures as a user reads them.
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CreatorAnalytics } from '@/contract';
import { RANGE_LABELS, type AnalyticsRange } from '@/contract/analytics';
import { analyticsConnectMachine } from '@/machines/analytics/analyticsConnect.machine';
import { catalogue } from '@/machines/index';
import { ANALYTICS_WARNING_MS, FADE_MS } from '@/machines/timing';
import { AnalyticsScreen } from '@/src/analytics/Analytics';
import { setLocale } from '@/src/i18n/i18n';
import { fixtures } from '@/machines/samples';
import { sampleCreatorAnalytics } from '@/machines/analytics/samples';
import { generatePaths } from '@/test/machines/paths';
import { controlled, perform, renderScreen, type Gestures } from './harness';

/** docs/spec.md §9: the warning's words, as a person reads them. */
const ANALYTICS_WARNING = 'We are under construction and are in the process of displaying more of your data for you.';

const tabLabel = { twitch: 'Twitch', youtube: 'YouTube' } as const;
const cards = {
  twitch: ['Followers', 'Viewers', 'Donations', 'Subscribers'],
  youtube: ['Subscribers', 'Donations', 'Viewers', 'Views'],
} as const;

type Expected =
  | 'loading'
  | 'failed'
  | 'notConnected'
  | {
      connected: {
        tab: 'twitch' | 'youtube';
        figures: 'complete' | 'partial' | 'reloading';
        warning: 'shown' | 'fading' | 'waiting' | 'gone';
      };
    };

// The screen's tables load lazily; the module is loaded once here so that every path finds it ready.
beforeAll(async () => {
  await import('@/src/analytics/Details');
});

// Synchronous fireEvent, not user-event: Testing Library's async wrapper waits on a real setTimeout, which fake timers stop.
beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** Radix Tabs select on a primary-button mousedown, as a real click begins. */
const selectTab = (label: string) => fireEvent.mouseDown(screen.getByRole('tab', { name: label }), { button: 0 });
const wait = (ms: number) => act(() => void vi.advanceTimersByTime(ms));
const refusal = (message: string) => Object.assign(new Error(message), { status: 0 });

function setup() {
  const load = controlled<CreatorAnalytics, { range: AnalyticsRange }>();
  const logic = analyticsConnectMachine.provide({ actors: { loadAnalytics: load.logic } });
  renderScreen(<AnalyticsScreen logic={logic} />, { path: '/analytics', jwt: 'creator.jwt' });
  return load;
}

function expectState(expected: Expected) {
  if (expected === 'loading') {
    expect(screen.getByText('Loading your analytics')).toBeInTheDocument();
    return;
  }
  if (expected === 'failed') {
    expect(screen.getByRole('alert')).toHaveTextContent('The server could not be reached');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    return;
  }
  if (expected === 'notConnected') {
    expect(screen.getByRole('heading', { name: 'Connect your Twitch and YouTube accounts' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Connect' })).toHaveAttribute('href', '/connect-accounts');
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(screen.queryByText(ANALYTICS_WARNING)).toBeNull();
    return;
  }
  const { tab, figures, warning } = expected.connected;
  expect(screen.queryByRole('link', { name: 'Connect' })).toBeNull();
  for (const [value, label] of Object.entries(tabLabel)) {
    expect(screen.getByRole('tab', { name: label })).toHaveAttribute('aria-selected', String(value === tab));
  }
  const panel = screen.getByRole('tabpanel', { name: tabLabel[tab] });
  const titles = within(panel)
    .getAllByRole('heading', { level: 3 })
    .map((h) => h.textContent);
  expect(titles).toEqual([...cards[tab], 'Chat activity']);
  if (figures === 'reloading') expect(screen.getByText('Loading the range')).toBeInTheDocument();
  // Waiting: the tab shown has every figure (the other tab is the one without).
  if (figures === 'partial' && tab === 'twitch' && warning !== 'waiting')
    expect(
      within(panel).getAllByText('First collection pending: your figures appear within a few minutes of connecting.')
        .length,
    ).toBeGreaterThan(0);
  if (figures === 'complete') {
    // Each chart has a text alternative: a described image and a table of its values.
    expect(within(panel).getAllByRole('img')).toHaveLength(cards[tab].length);
    expect(within(panel).queryByText(/First collection pending/)).toBeNull();
  }
  const notice = screen.queryByText(ANALYTICS_WARNING);
  // The warning belongs to a tab with a card without data: on a tab whose figures are all there it never shows.
  const tabMissing = within(panel).queryAllByText(/First collection pending/).length > 0;
  if (warning === 'gone' || warning === 'waiting' || !tabMissing) {
    expect(notice).toBeNull();
  } else {
    expect(notice).not.toBeNull();
    expect(notice!.closest('[data-state]')).toHaveAttribute('data-state', warning);
  }
}

describe('analytics view along generated paths', () => {
  const paths = generatePaths(catalogue.analyticsConnect, fixtures.analyticsConnect);

  it.each(paths.map((p) => [p.name, p] as const))('%s', async (_name, path) => {
    const load = setup();
    const gestures = {
      'xstate.done.actor.loadAnalytics': ({ output }) => load.resolve(output),
      'xstate.error.actor.loadAnalytics': () => load.reject(refusal('The server could not be reached')),
      'analytics.retry': () => fireEvent.click(screen.getByRole('button', { name: 'Try again' })),
      'tab.select': ({ tab }) => selectTab(tabLabel[tab]),
      'range.change': ({ range }) => fireEvent.click(screen.getByRole('radio', { name: RANGE_LABELS[range] })),
      'xstate.after.warningShown': () => wait(ANALYTICS_WARNING_MS),
      'xstate.after.warningFade': () => wait(FADE_MS),
    } satisfies Gestures<typeof analyticsConnectMachine>;
    await perform(gestures, path.events);
    expectState(path.expected as Expected);
  });
});

describe('the Analytics screen', () => {
  it('a card without data: the warning shows for 10,000 ms, fades for 300 ms, then is gone; the card says why', async () => {
    const load = setup();
    await load.resolve(sampleCreatorAnalytics('partial'));
    expectState({ connected: { tab: 'twitch', figures: 'partial', warning: 'shown' } });
    wait(ANALYTICS_WARNING_MS - 1);
    expectState({ connected: { tab: 'twitch', figures: 'partial', warning: 'shown' } });
    wait(1);
    expectState({ connected: { tab: 'twitch', figures: 'partial', warning: 'fading' } });
    wait(FADE_MS);
    expectState({ connected: { tab: 'twitch', figures: 'partial', warning: 'gone' } });
  });

  it('Twitch filled, YouTube not connected: no warning on Twitch; it shows on YouTube from when that tab opens', async () => {
    const load = setup();
    await load.resolve(sampleCreatorAnalytics('twitchOnly'));
    expect(screen.getByRole('tab', { name: 'Twitch' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByText(ANALYTICS_WARNING)).toBeNull();
    wait(ANALYTICS_WARNING_MS + FADE_MS);
    selectTab('YouTube');
    expect(screen.getByText(ANALYTICS_WARNING).closest('[data-state]')).toHaveAttribute('data-state', 'shown');
    selectTab('Twitch');
    expect(screen.queryByText(ANALYTICS_WARNING)).toBeNull();
    selectTab('YouTube');
    wait(ANALYTICS_WARNING_MS + FADE_MS);
    expect(screen.queryByText(ANALYTICS_WARNING)).toBeNull();
  });

  it('a chart’s caption says a value that did not change is unchanged', async () => {
    const load = setup();
    const data = sampleCreatorAnalytics('complete');
    const flat = data.twitch.metrics.map((metric) =>
      metric.key === 'followers'
        ? { ...metric, change: 0, points: metric.points.map((point) => ({ ...point, value: 8931 })) }
        : metric,
    );
    await load.resolve({ ...data, twitch: { ...data.twitch, metrics: flat } });
    const followers = screen.getByRole('region', { name: 'Followers' });
    expect(within(followers).getByRole('img').getAttribute('aria-label')).toBe(
      'Followers: 8,931 (Nov 25), unchanged since Oct 27.',
    );
    expect(within(followers).getByText('No change in 30d')).toBeInTheDocument();
  });

  it('a chart that ends where it began after varying is not called unchanged (issue 48 item 18)', async () => {
    const load = setup();
    const data = sampleCreatorAnalytics('complete');
    const varied = data.twitch.metrics.map((metric) =>
      metric.key === 'followers'
        ? {
            ...metric,
            change: 0,
            points: metric.points.map((point, i, all) => ({
              ...point,
              value: i === 0 || i === all.length - 1 ? 8931 : 8931 + (i % 3) * 40 - 20,
            })),
          }
        : metric,
    );
    await load.resolve({ ...data, twitch: { ...data.twitch, metrics: varied } });
    const followers = screen.getByRole('region', { name: 'Followers' });
    const summary = 'Followers: 8,931 (Nov 25), back to its Oct 27 level, after ranging from 8,911 to 8,991.';
    expect(within(followers).getByRole('img').getAttribute('aria-label')).toBe(summary);
    expect(within(followers).getByText(summary)).toBeInTheDocument();
  });

  it('small revenue counts whole dollars on the axis', async () => {
    const load = setup();
    const data = sampleCreatorAnalytics('complete');
    await load.resolve({
      ...data,
      sponsorships: {
        ...data.sponsorships,
        revenue: [{ label: 'Nov 2026', start: '2026-11-01', value: 120 }],
        revenueCents: 120,
      },
    });
    const revenue = screen.getByRole('region', { name: 'Revenue per month' });
    const ticks = [...within(revenue).getByRole('img').querySelectorAll('text')].map((t) => t.textContent);
    expect(ticks.filter((tick) => tick!.startsWith('$'))).toEqual(['$0', '$1', '$2']);
  });

  it('every card filled: no warning at all; figures, changes, sources, chat activity and sponsorships read as text', async () => {
    const load = setup();
    await load.resolve(sampleCreatorAnalytics('complete'));
    expect(screen.queryByText(ANALYTICS_WARNING)).toBeNull();
    const followers = screen.getByRole('region', { name: 'Followers' });
    expect(within(followers).getByText('1,200', { selector: 'strong' })).toBeInTheDocument();
    expect(within(followers).getByText('as of Nov 25')).toBeInTheDocument();
    expect(within(followers).getByText('+120 in 30d')).toBeInTheDocument();
    expect(within(followers).getByText('Where followers come from.')).toBeInTheDocument();
    expect(within(followers).getByRole('img').getAttribute('aria-label')).toBe(
      'Followers: 1,370 (Nov 25), up from 1,080 (Oct 27).',
    );
    // The table alternative: one row a day of the range.
    const table = followers.querySelector('table')!;
    expect(within(table).getAllByRole('row')).toHaveLength(31);
    const donations = screen.getAllByRole('region', { name: 'Donations' })[0]!;
    expect(within(donations).getByText('1,200 bits', { selector: 'strong' })).toBeInTheDocument();
    const chat = screen.getByRole('region', { name: 'Chat activity of your latest Twitch streams' });
    expect(within(chat).getByRole('link', { name: 'Speedrun night' })).toHaveAttribute(
      'href',
      '/archive-chat/twitch/streams/3',
    );
    expect(within(chat).getByText('42 / min')).toBeInTheDocument();
    const sponsorships = screen.getByRole('region', { name: 'Sponsorships' });
    expect(within(sponsorships).getByText('$125', { selector: 'strong' })).toBeInTheDocument();
    expect(within(sponsorships).getByRole('cell', { name: '45 of 120' })).toBeInTheDocument();
    expect(within(sponsorships).getByRole('cell', { name: '2,250' })).toBeInTheDocument();
  });

  it('a range change asks for that range and keeps the figures shown until they arrive; a failed read says so', async () => {
    const load = setup();
    expect(load.inputs.at(-1)).toEqual({ range: '30d' });
    await load.resolve(sampleCreatorAnalytics('complete'));
    fireEvent.click(screen.getByRole('radio', { name: '12 months' }));
    expect(load.inputs.at(-1)).toEqual({ range: '12m' });
    expect(screen.getByRole('region', { name: 'Followers' })).toBeInTheDocument();
    await load.reject(refusal('The server could not be reached'));
    expect(screen.getByRole('alert')).toHaveTextContent('The server could not be reached');
    expect(screen.getByRole('region', { name: 'Followers' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('radio', { name: '12 months' }));
    fireEvent.click(screen.getByRole('radio', { name: '90 days' }));
    expect(load.inputs.at(-1)).toEqual({ range: '90d' });
    await load.resolve(sampleCreatorAnalytics('complete', '90d'));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('region', { name: 'Followers' }).querySelectorAll('tbody tr')).toHaveLength(13);
  });

  it('a range chosen while another loads: the last one chosen wins, the other’s answer is not shown', async () => {
    const load = setup();
    await load.resolve(sampleCreatorAnalytics('complete'));
    fireEvent.click(screen.getByRole('radio', { name: '12 months' }));
    fireEvent.click(screen.getByRole('radio', { name: '7 days' }));
    expect(load.inputs.map((input) => input.range)).toEqual(['30d', '12m', '7d']);
    expect(screen.getByRole('radio', { name: '7 days' })).toBeChecked();
    expect(screen.getByText('Loading the range')).toBeInTheDocument();
    await load.resolve(sampleCreatorAnalytics('complete', '7d'));
    expect(screen.queryByText('Loading the range')).toBeNull();
    expect(screen.getByRole('radio', { name: '7 days' })).toBeChecked();
    expect(screen.getByRole('region', { name: 'Followers' }).querySelectorAll('tbody tr')).toHaveLength(7);
  });

  it('nothing connected: the spec’s prompt leads to Connect Accounts; sponsorships still show', async () => {
    const load = setup();
    await load.resolve(sampleCreatorAnalytics('none'));
    expect(screen.getByRole('link', { name: 'Connect' })).toHaveAttribute('href', '/connect-accounts');
    expect(screen.getByRole('region', { name: 'Sponsorships' })).toBeInTheDocument();
  });

  it('in Spanish: the screen, its charts and its money speak the page’s language; the server’s texts come as it wrote them', async () => {
    vi.useRealTimers();
    await act(() => setLocale('es-MX'));
    vi.useFakeTimers();
    const load = setup();
    expect(screen.getByText('Cargando tus estadísticas')).toBeInTheDocument();
    const data = sampleCreatorAnalytics('partial');
    await load.resolve(data);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Estadísticas');
    expect(
      screen.getByText('Estamos en construcción y trabajando para mostrarte más de tus datos.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(ANALYTICS_WARNING)).toBeNull();
    expect(screen.getByRole('radiogroup', { name: 'Periodo' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '30 días' })).toBeChecked();
    expect(screen.getByRole('tablist', { name: 'Plataforma' })).toBeInTheDocument();
    // The card's title and labels are the server's (in the request's language); the chart's words are the screen's.
    const followers = screen.getByRole('region', { name: 'Followers' });
    expect(within(followers).getByRole('img').getAttribute('aria-label')).toMatch(
      /^Followers: 1,370 \(Nov 25\), subió desde 1,080 \(Oct 27\)\.$/,
    );
    expect(followers.querySelector('caption')).toHaveTextContent('Followers por día');
    // Dollars stay dollars, written so that no one takes them for pesos.
    const sponsorships = screen.getByRole('region', { name: 'Patrocinios' });
    // (Testing Library reads the no-break space between "USD" and the figure as a space; the text keeps it.)
    expect(within(sponsorships).getByText('USD 125', { selector: 'strong' }).textContent).toBe('USD\u00a0125');
    expect(within(sponsorships).getByRole('cell', { name: '45 de 120' })).toBeInTheDocument();
    expect(within(sponsorships).getByText('ganados en 30 días')).toBeInTheDocument();
    // The screen says it is in Spanish (its part of the page, and what renders inside it).
    expect(screen.getByRole('heading', { level: 1 }).closest('[lang]')).toHaveAttribute('lang', 'es-MX');
  });
});
