// What the Sponsorship Offers screen reads from the offers actor.
import type { SnapshotFrom } from 'xstate';
import type { Offer } from '@/contract';
import { OFFER_TABS, type OfferStatus, type OfferTab } from '@/contract/marketplace';
import type { offersMachine } from './offers.machine';

type Snapshot = SnapshotFrom<typeof offersMachine>;

export interface OfferTabView {
  /** The tab; the view names it ("Newley Offers", the spec's label, in English). */
  value: OfferTab;
  offers: Offer[];
}

export const selectOffersLoading = (snapshot: Snapshot) => snapshot.matches('loading');
export const selectOffersFailed = (snapshot: Snapshot) => snapshot.matches('failed');
export const selectOffersReady = (snapshot: Snapshot) => snapshot.matches('ready');
/** The list is being read again behind the shown cards. */
export const selectOffersRefreshing = (snapshot: Snapshot) => snapshot.matches({ ready: 'refreshing' });
export const selectOffersError = (snapshot: Snapshot) => snapshot.context.error;
export const selectOffersRefreshError = (snapshot: Snapshot) => snapshot.context.refreshError;
export const selectOfferTab = (snapshot: Snapshot) => snapshot.context.tab;

/** The three tabs with their offers, the latest change first. */
export const selectOfferTabs = (snapshot: Snapshot): OfferTabView[] =>
  OFFER_TABS.map((tab) => ({
    value: tab.value,
    offers: snapshot.context.offers
      .filter((offer) => (tab.statuses as readonly OfferStatus[]).includes(offer.status))
      .sort((a, b) => (a.updatedAt < b.updatedAt ? 1 : a.updatedAt > b.updatedAt ? -1 : 0)),
  }));

/** The offer whose thread is open, or null. */
export const selectThreadOffer = (snapshot: Snapshot): Offer | null =>
  snapshot.context.threadOfferId === null
    ? null
    : (snapshot.context.offers.find((offer) => offer.id === snapshot.context.threadOfferId) ?? null);
