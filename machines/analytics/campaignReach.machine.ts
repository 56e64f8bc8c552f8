// The advertiser's reach per campaign (docs/product.md §Analytics "Advertisers see, per campaign…"): creators reached, display minutes,
// impressions, spend against budget, for a chosen range (GET /api/analytics?range=). A range change reads again and
// keeps the figures shown until the new ones arrive; a failed read keeps them and says why.
import { assign, setup } from 'xstate';
import type { AdvertiserAnalytics } from '@/contract';
import { DEFAULT_RANGE, type AnalyticsRange } from '@/contract/analytics';
import { errorText } from '../messages';
import { service } from '../placeholders';

export interface CampaignReachContext {
  range: AnalyticsRange;
  reach: AdvertiserAnalytics | null;
  error: string | null;
}

export type CampaignReachEvent = { type: 'range.change'; range: AnalyticsRange } | { type: 'reach.retry' };

export const campaignReachMachine = setup({
  types: { context: {} as CampaignReachContext, events: {} as CampaignReachEvent },
  actors: {
    /** GET /api/analytics?range= as an advertiser. */
    loadReach: service<AdvertiserAnalytics, { range: AnalyticsRange }>('loadReach'),
  },
}).createMachine({
  id: 'campaignReach',
  context: { range: DEFAULT_RANGE, reach: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadReach',
        src: 'loadReach',
        input: ({ context }) => ({ range: context.range }),
        onDone: { target: 'ready', actions: assign({ reach: ({ event }) => event.output, error: null }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorText(event.error) }) },
      },
    },
    // The failed card offers Try again only (its range control shows with the figures).
    failed: { on: { 'reach.retry': 'loading' } },
    ready: {
      on: {
        'range.change': { target: '.reloading', actions: assign({ range: ({ event }) => event.range, error: null }) },
      },
      initial: 'idle',
      states: {
        idle: {},
        reloading: {
          invoke: {
            id: 'loadReach',
            src: 'loadReach',
            input: ({ context }) => ({ range: context.range }),
            onDone: { target: 'idle', actions: assign({ reach: ({ event }) => event.output }) },
            onError: { target: 'idle', actions: assign({ error: ({ event }) => errorText(event.error) }) },
          },
        },
      },
    },
  },
});
