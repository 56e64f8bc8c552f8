// What the Campaigns list reads from the campaignList actor.
import type { SnapshotFrom } from 'xstate';
import type { Campaign } from '@/contract';
import { OPEN_OFFER_STATUSES } from '@/contract/marketplace';
import type { campaignListMachine } from './campaignList.machine';

type Snapshot = SnapshotFrom<typeof campaignListMachine>;

export const selectCampaigns = (snapshot: Snapshot) => snapshot.context.campaigns;
export const selectCampaignsLoading = (snapshot: Snapshot) => snapshot.matches('loading');
export const selectCampaignsFailed = (snapshot: Snapshot) => snapshot.matches('failed');
export const selectCampaignsReady = (snapshot: Snapshot) => snapshot.matches('ready');
export const selectCampaignsError = (snapshot: Snapshot) => snapshot.context.error;

/** Offer counts a row shows: open (waiting for the creator), accepted (taking a spot), all. */
export function offerCounts(campaign: Campaign) {
  const counts = campaign.offers;
  const open = OPEN_OFFER_STATUSES.reduce((sum, status) => sum + counts[status], 0);
  const accepted = counts.accepted + counts.active + counts.completed + counts.paid;
  const total = Object.values(counts).reduce((sum, n) => sum + n, 0);
  return { open, accepted, total };
}

/**
 * What a campaign's overlay offers delivered, as its card and page show it (docs/product.md §Verified delivery): whole
 * verified minutes, impressions, the effective CPM in cents (null before the first impression), and whether anything
 * was verified yet. Null when the campaign came without its delivery (only its advertiser's reads carry it).
 */
export function deliveryFigures(campaign: Campaign) {
  const delivery = campaign.delivery;
  // Verified minutes, impressions and CPM are the overlay's: none for a campaign that did not ask for it (issue 48 item 4).
  if (!delivery || campaign.deliverable.overlay === false) return null;
  return {
    verifiedSeconds: delivery.verifiedSeconds,
    minutes: Math.floor(delivery.verifiedSeconds / 60),
    impressions: delivery.impressions,
    cpmCents: delivery.cpmCents,
    verified: delivery.verifiedSeconds > 0,
  };
}
export type DeliveryFigures = NonNullable<ReturnType<typeof deliveryFigures>>;
