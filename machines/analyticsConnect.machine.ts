// The Analytics screen (/dashboard, /analytics): connect prompt, then Twitch/YouTube tabs and a timed warning (SPEC §2 Analytics, §4 Analytics, §9).
import { setup } from 'xstate';
import { ANALYTICS_WARNING_MS, FADE_MS } from './timing';

export type AnalyticsTab = 'twitch' | 'youtube';

export const analyticsConnectMachine = setup({
  types: {
    events: {} as { type: 'analytics.connect' } | { type: 'tab.select'; tab: AnalyticsTab },
  },
  guards: {
    selectsYoutube: ({ event }) => event.type === 'tab.select' && event.tab === 'youtube',
  },
  delays: {
    warningShown: ANALYTICS_WARNING_MS,
    warningFade: FADE_MS,
  },
}).createMachine({
  id: 'analyticsConnect',
  initial: 'notConnected',
  states: {
    notConnected: {
      on: { 'analytics.connect': 'connected' },
    },
    connected: {
      type: 'parallel',
      states: {
        tab: {
          initial: 'twitch',
          on: {
            'tab.select': [
              { guard: 'selectsYoutube', target: '.youtube' },
              { target: '.twitch' },
            ],
          },
          states: {
            twitch: {},
            youtube: {},
          },
        },
        // "We are under construction…" stays 10 s, fades for 300 ms, then is gone for good.
        warning: {
          initial: 'shown',
          states: {
            shown: { after: { warningShown: 'fading' } },
            fading: { after: { warningFade: 'gone' } },
            gone: {},
          },
        },
      },
    },
  },
});
