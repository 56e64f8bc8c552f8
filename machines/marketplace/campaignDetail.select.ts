// What the campaign page reads from the campaignDetail actor.
import type { SnapshotFrom } from 'xstate';
import type { Offer } from '@/contract';
import type { OfferStatus } from '@/contract/marketplace';
import type { campaignDetailMachine } from './campaignDetail.machine';
import { deliveryFigures } from './campaignList.select';

type Snapshot = SnapshotFrom<typeof campaignDetailMachine>;

/** The order the page lists offers in: what needs the advertiser's attention first. */
export const OFFER_GROUP_ORDER = [
  'info_requested',
  'invited',
  'accepted',
  'active',
  'completed',
  'paid',
  'declined',
  'expired',
] as const satisfies readonly OfferStatus[];
// Every status has its place in the order (a status added to the contract without one does not compile).
const _complete: [Exclude<OfferStatus, (typeof OFFER_GROUP_ORDER)[number]>] extends [never] ? true : never = true;
void _complete;

export interface OfferGroup {
  status: OfferStatus;
  offers: Offer[];
}

/** The offers by status, in OFFER_GROUP_ORDER, empty groups left out. */
export function groupOffers(offers: readonly Offer[]): OfferGroup[] {
  return OFFER_GROUP_ORDER.map((status) => ({
    status,
    offers: offers.filter((offer) => offer.status === status),
  })).filter((group) => group.offers.length > 0);
}

export const selectDetailCampaign = (snapshot: Snapshot) => snapshot.context.campaign;
export const selectDetailOffers = (snapshot: Snapshot) => snapshot.context.offers;
export const selectDetailError = (snapshot: Snapshot) => snapshot.context.error;
export const selectDetailLoading = (snapshot: Snapshot) => snapshot.matches('loading');
export const selectDetailFailed = (snapshot: Snapshot) => snapshot.matches('failed');
export const selectDetailReady = (snapshot: Snapshot) => snapshot.matches('ready');
export const selectDetailReloading = (snapshot: Snapshot) => snapshot.matches({ ready: { data: 'reloading' } });
/** The offer whose thread dialog is open, or null. */
export const selectThreadOffer = (snapshot: Snapshot) =>
  snapshot.matches({ ready: { thread: 'open' } })
    ? (snapshot.context.offers.find((offer) => offer.id === snapshot.context.threadOfferId) ?? null)
    : null;
/** The delivery confirmation, invoked by the campaign page's actor for the page's life. */
export const selectDeliveryConfirm = (snapshot: Snapshot) => snapshot.children.deliveryConfirm;
/** The campaign's verified delivery, once it is launched (a draft delivers nothing), or null. */
export const selectDetailDelivery = (snapshot: Snapshot) => {
  const campaign = snapshot.context.campaign;
  return campaign && campaign.status !== 'draft' ? deliveryFigures(campaign) : null;
};
