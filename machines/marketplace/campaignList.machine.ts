// The advertiser's Campaigns list (docs/product.md §Marketplace "Advertiser workspace"): GET /api/campaigns, with its status, pay, spots
// and offer counts per campaign; an empty list says so.
import { assign, setup } from 'xstate';
import type { Campaign } from '@/contract';
import { service } from '../placeholders';
import { errorText } from '../messages';

export interface CampaignListContext {
  campaigns: Campaign[];
  error: string | null;
}

export const campaignListMachine = setup({
  types: {
    context: {} as CampaignListContext,
    events: {} as { type: 'campaigns.retry' },
  },
  actors: {
    loadCampaigns: service<Campaign[]>('loadCampaigns'),
  },
}).createMachine({
  id: 'campaignList',
  context: { campaigns: [], error: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadCampaigns',
        src: 'loadCampaigns',
        onDone: { target: 'ready', actions: assign({ campaigns: ({ event }) => event.output, error: null }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorText(event.error) }) },
      },
    },
    failed: {
      on: { 'campaigns.retry': 'loading' },
    },
    ready: {},
  },
});
