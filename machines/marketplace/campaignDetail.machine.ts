// The campaign page (docs/product.md §Marketplace "Advertiser workspace"): the campaign with its matched creators, each offer with the
// per-criterion reasons, grouped by status; one offer's thread open at a time. Reads GET /api/campaigns/:id.
// Confirming a delivery is this actor's child (`deliveryConfirm`): a confirmed delivery comes here and the offers
// are read again.
import { assign, setup } from 'xstate';
import type { Campaign, Offer } from '@/contract';
import { listener } from '../listener';
import { service } from '../placeholders';
import { errorText } from '../messages';
import { deliveryConfirmMachine, type DeliveryConfirmed } from './deliveryConfirm.machine';

export interface CampaignDetail {
  campaign: Campaign;
  offers: Offer[];
}

export interface CampaignDetailContext {
  campaignId: string;
  campaign: Campaign | null;
  offers: Offer[];
  error: string | null;
  /** The offer whose thread is open. */
  threadOfferId: string | null;
}

export type CampaignDetailEvent =
  | { type: 'campaign.retry' }
  | { type: 'campaign.reload' }
  /** The controls changed the campaign (its status). */
  | { type: 'campaign.updated'; campaign: Campaign }
  | { type: 'thread.open'; offerId: string }
  | { type: 'thread.close' }
  /** From the child delivery confirmation: an offer's delivery was confirmed (the offer and the funds changed). */
  | DeliveryConfirmed;

export const campaignDetailMachine = setup({
  types: {
    context: {} as CampaignDetailContext,
    events: {} as CampaignDetailEvent,
    input: {} as { campaignId: string },
  },
  actors: {
    loadCampaignDetail: service<CampaignDetail, { id: string }>('loadCampaignDetail'),
    /** Live notifications about this campaign (an answer, an acceptance, a decline), sent back as `campaign.reload`. */
    liveFeed: listener<{ campaignId: string }>('liveFeed'),
    /** Confirm Delivery's dialog; the app provides it with its API actor (src/marketplace/deliveryConfirm.ts). */
    deliveryConfirm: deliveryConfirmMachine,
  },
  guards: {
    knownOffer: ({ context, event }) =>
      event.type === 'thread.open' && context.offers.some((offer) => offer.id === event.offerId),
  },
}).createMachine({
  id: 'campaignDetail',
  context: ({ input }) => ({
    campaignId: input.campaignId,
    campaign: null,
    offers: [],
    error: null,
    threadOfferId: null,
  }),
  invoke: [
    { id: 'liveFeed', src: 'liveFeed', input: ({ context }) => ({ campaignId: context.campaignId }) },
    // For the page's whole life, as the offers' Confirm Delivery buttons are.
    { id: 'deliveryConfirm', src: 'deliveryConfirm' },
  ],
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadCampaignDetail',
        src: 'loadCampaignDetail',
        input: ({ context }) => ({ id: context.campaignId }),
        onDone: { target: 'ready', actions: assign(({ event }) => ({ ...event.output, error: null })) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorText(event.error) }) },
      },
    },
    failed: {
      on: { 'campaign.retry': 'loading' },
    },
    ready: {
      type: 'parallel',
      on: {
        // A control's answer carries no delivery (server/marketplace/campaigns.ts act): the page keeps the one it read.
        'campaign.updated': {
          actions: assign({
            campaign: ({ context, event }) => ({
              ...event.campaign,
              delivery: event.campaign.delivery ?? context.campaign?.delivery,
            }),
          }),
        },
      },
      states: {
        data: {
          initial: 'idle',
          states: {
            idle: {
              on: { 'campaign.reload': 'reloading', 'delivery.confirmed': 'reloading' },
            },
            // The page stays as it is while it is read again (new offers after a launch).
            reloading: {
              invoke: {
                id: 'loadCampaignDetail',
                src: 'loadCampaignDetail',
                input: ({ context }) => ({ id: context.campaignId }),
                onDone: { target: 'idle', actions: assign(({ event }) => ({ ...event.output, error: null })) },
                onError: { target: 'idle', actions: assign({ error: ({ event }) => errorText(event.error) }) },
              },
            },
          },
        },
        thread: {
          initial: 'closed',
          states: {
            closed: {
              on: {
                'thread.open': {
                  guard: 'knownOffer',
                  target: 'open',
                  actions: assign({ threadOfferId: ({ event }) => event.offerId }),
                },
              },
            },
            open: {
              on: { 'thread.close': { target: 'closed', actions: assign({ threadOfferId: null }) } },
            },
          },
        },
      },
    },
  },
});
