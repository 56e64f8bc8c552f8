// The Analytics screen (/dashboard, /analytics; docs/spec.md §2 Analytics, §4 Analytics, §9; docs/product.md §Analytics): the creator's real
// figures for a chosen range (GET /api/analytics). Nothing connected → the spec's Connect prompt; otherwise the
// Twitch and YouTube tabs. Where a card has no data yet, the spec's warning shows 10 s and fades for 300 ms on that
// card's tab, from when the tab is first shown (each such card says why); with every card filled it never shows. Changing the range reads the figures again, keeping the
// ones shown until the new ones arrive; a failed read keeps them too and says so. The last range chosen wins: a change
// while the figures of another one load starts the read again (the earlier answer is dropped).
import { assertEvent, assign, setup } from 'xstate';
import type { CreatorAnalytics } from '@/contract';
import { DEFAULT_RANGE, type AnalyticsRange } from '@/contract/analytics';
import { errorText } from '../messages';
import { service } from '../placeholders';
import { ANALYTICS_WARNING_MS, FADE_MS } from '../timing';

export type AnalyticsTab = 'twitch' | 'youtube';

export interface AnalyticsContext {
  range: AnalyticsRange;
  data: CreatorAnalytics | null;
  error: string | null;
}

export type AnalyticsEvent =
  | { type: 'tab.select'; tab: AnalyticsTab }
  | { type: 'range.change'; range: AnalyticsRange }
  | { type: 'analytics.retry' };

/** Neither platform is connected. */
export const nothingConnected = (data: CreatorAnalytics | null) =>
  data !== null && data.twitch.channel === null && data.youtube.channel === null;
/** Some card of a platform has no figure yet. */
export const somethingMissing = (data: CreatorAnalytics | null) =>
  data !== null && [...data.twitch.metrics, ...data.youtube.metrics].some((metric) => metric.missing !== null);
/** Some card of this platform's tab has no figure yet: the tab where the warning belongs. */
export const tabMissing = (data: CreatorAnalytics | null, tab: AnalyticsTab) =>
  data !== null && data[tab].metrics.some((metric) => metric.missing !== null);

export const analyticsConnectMachine = setup({
  types: { context: {} as AnalyticsContext, events: {} as AnalyticsEvent },
  actors: {
    /** GET /api/analytics?range= */
    loadAnalytics: service<CreatorAnalytics, { range: AnalyticsRange }>('loadAnalytics'),
  },
  actions: {
    chooseRange: assign(({ event }) => {
      assertEvent(event, 'range.change');
      return { range: event.range, error: null };
    }),
  },
  guards: {
    nothingConnected: ({ context }) => nothingConnected(context.data),
    somethingMissing: ({ context }) => somethingMissing(context.data),
    twitchMissing: ({ context }) => tabMissing(context.data, 'twitch'),
    selectsMissingTab: ({ context, event }) => event.type === 'tab.select' && tabMissing(context.data, event.tab),
    selectsYoutube: ({ event }) => event.type === 'tab.select' && event.tab === 'youtube',
    otherRange: ({ context, event }) => event.type === 'range.change' && event.range !== context.range,
  },
  delays: {
    warningShown: ANALYTICS_WARNING_MS,
    warningFade: FADE_MS,
  },
}).createMachine({
  id: 'analyticsConnect',
  initial: 'loading',
  context: { range: DEFAULT_RANGE, data: null, error: null },
  states: {
    loading: {
      invoke: {
        id: 'loadAnalytics',
        src: 'loadAnalytics',
        input: ({ context }) => ({ range: context.range }),
        onDone: { target: 'loaded', actions: assign({ data: ({ event }) => event.output, error: null }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorText(event.error) }) },
      },
    },
    failed: { on: { 'analytics.retry': 'loading' } },
    loaded: {
      always: [{ guard: 'nothingConnected', target: 'notConnected' }, { target: 'connected' }],
    },
    // The spec's prompt: Connect leads to Connect Accounts, where the platforms' OAuth happens.
    notConnected: {},
    connected: {
      type: 'parallel',
      states: {
        tab: {
          initial: 'twitch',
          on: {
            'tab.select': [{ guard: 'selectsYoutube', target: '.youtube' }, { target: '.twitch' }],
          },
          states: {
            twitch: {},
            youtube: {},
          },
        },
        figures: {
          initial: 'checking',
          states: {
            checking: { always: [{ guard: 'somethingMissing', target: 'partial' }, { target: 'complete' }] },
            // The range shown chosen again reads nothing (the radio group sends no change for it either).
            complete: { on: { 'range.change': { guard: 'otherRange', target: 'reloading', actions: 'chooseRange' } } },
            partial: {
              on: { 'range.change': { guard: 'otherRange', target: 'reloading', actions: 'chooseRange' } },
            },
            reloading: {
              // Another range: re-entered, the read under way stops (its answer is not taken) and one for it starts.
              on: {
                'range.change': { guard: 'otherRange', target: 'reloading', reenter: true, actions: 'chooseRange' },
              },
              invoke: {
                // The same id as the first read (never both at once): one done/error event type for both.
                id: 'loadAnalytics',
                src: 'loadAnalytics',
                input: ({ context }) => ({ range: context.range }),
                onDone: { target: 'checking', actions: assign({ data: ({ event }) => event.output }) },
                // The figures shown stay, with the reason.
                onError: { target: 'checking', actions: assign({ error: ({ event }) => errorText(event.error) }) },
              },
            },
          },
        },
        // "We are under construction…" only on a tab where a card has no data, from when that tab is first shown:
        // 10 s, a 300 ms fade, then gone for good. Twitch's figures under a warning caused by YouTube would read wrong.
        warning: {
          initial: 'deciding',
          states: {
            deciding: {
              always: [
                { guard: 'twitchMissing', target: 'shown' },
                { guard: 'somethingMissing', target: 'waiting' },
                { target: 'gone' },
              ],
            },
            // The tab shown has every figure; the other one has not.
            waiting: { on: { 'tab.select': { guard: 'selectsMissingTab', target: 'shown' } } },
            shown: { after: { warningShown: 'fading' } },
            fading: { after: { warningFade: 'gone' } },
            gone: {},
          },
        },
      },
    },
  },
});
