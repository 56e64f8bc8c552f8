// The campaignDetail flow's samples, for its generated paths and the inspector (catalogued in machines/samples.ts).
import type { Fixture } from '../events';
import type { campaignDetailMachine } from './campaignDetail.machine';
import { sampleCampaign, sampleOffer } from './samples';

export const samples = {
  inputs: [{ campaignId: sampleCampaign.id }],
  events: {
    // A running campaign with an accepted offer: its delivery can be confirmed (the child's `delivery.confirmed`).
    'xstate.done.actor.loadCampaignDetail': [
      {
        type: 'xstate.done.actor.loadCampaignDetail',
        output: { campaign: { ...sampleCampaign, status: 'active' }, offers: [{ ...sampleOffer, status: 'accepted' }] },
      },
    ],
    'campaign.updated': [{ type: 'campaign.updated', campaign: { ...sampleCampaign, status: 'paused' } }],
    'thread.open': [
      { type: 'thread.open', offerId: sampleOffer.id },
      { type: 'thread.open', offerId: 'off_unknown' },
    ],
    // What the child delivery confirmation sends after a confirmed delivery.
    'delivery.confirmed': [
      {
        type: 'delivery.confirmed',
        offer: { ...sampleOffer, status: 'completed', completedAt: '2026-11-24T10:00:00.000Z', earnedCents: 25_000 },
      },
    ],
  },
  abstract: (context) => ({
    status: context.campaign?.status ?? null,
    offers: context.offers.length,
    failed: context.error !== null,
    thread: context.threadOfferId,
  }),
} satisfies Fixture<typeof campaignDetailMachine>;
