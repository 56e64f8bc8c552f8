// The creator's Sponsorship Offers screen (docs/spec.md §2, docs/product.md §Offers, threads, notifications "Creator"): the caller's offers (GET /api/offers), shown
// in the three tabs of OFFER_TABS; a card's action hands back the offer in its new status, which moves the card to its
// tab (Request More Information also selects that tab and opens the offer's thread); live news of an offer reads the
// list again in the background; one offer's thread open at a time.
import { assign, setup } from 'xstate';
import type { Offer } from '@/contract';
import type { OfferAction, OfferTab } from '@/contract/marketplace';
import { listener } from '../listener';
import { service } from '../placeholders';
import { errorText } from '../messages';

export interface OffersContext {
  /** Every offer of the caller, in the server's order (declined and expired ones are listed in no tab). */
  offers: Offer[];
  /** The selected tab. */
  tab: OfferTab;
  /** The offer whose thread is open. */
  threadOfferId: string | null;
  /** Why the first read failed. */
  error: string | null;
  /** Why the latest background read failed (the cards stay as they were). */
  refreshError: string | null;
}

export type OffersEvent =
  | { type: 'offers.retry' }
  /** Read the offers again (live news of an offer, or the user asking after a failed refresh). */
  | { type: 'offers.refresh' }
  /** A card's action succeeded: the offer in its new status. */
  // 'counter': a counter-offer was proposed, answered or declined (./counterOffer.machine.ts).
  | { type: 'offer.changed'; offer: Offer; action: OfferAction | 'counter' }
  | { type: 'tab.select'; tab: OfferTab }
  | { type: 'thread.open'; offerId: string }
  | { type: 'thread.close' };

/** The list with `offer` in place of its older version (added first when it was not listed). */
export function replaceOffer(offers: Offer[], offer: Offer): Offer[] {
  return offers.some((o) => o.id === offer.id)
    ? offers.map((o) => (o.id === offer.id ? offer : o))
    : [offer, ...offers];
}

/**
 * A fresh read, except where a card's action changed an offer after the read began: the newer version
 * (by `updatedAt`) stays, so a card does not jump back to its old tab.
 */
export function mergeOffers(current: Offer[], read: Offer[]): Offer[] {
  const newer = new Map(current.map((offer) => [offer.id, offer]));
  return read.map((offer) => {
    const mine = newer.get(offer.id);
    return mine && mine.updatedAt > offer.updatedAt ? mine : offer;
  });
}

export const offersMachine = setup({
  types: {
    context: {} as OffersContext,
    events: {} as OffersEvent,
  },
  actors: {
    /** GET /api/offers: every status at once. */
    listOffers: service<Offer[]>('listOffers'),
    /** The live notifications hub: sends `offers.refresh` when a notification names an offer. */
    liveFeed: listener('liveFeed'),
  },
  guards: {
    knownOffer: ({ context, event }) =>
      event.type === 'thread.open' && context.offers.some((offer) => offer.id === event.offerId),
    infoRequested: ({ event }) =>
      event.type === 'offer.changed' && event.action === 'request-info' && event.offer.status === 'info_requested',
  },
  actions: {
    replace: assign({
      offers: ({ context, event }) =>
        event.type === 'offer.changed' ? replaceOffer(context.offers, event.offer) : context.offers,
    }),
  },
}).createMachine({
  id: 'offers',
  context: { offers: [], tab: 'newley', threadOfferId: null, error: null, refreshError: null },
  invoke: { id: 'liveFeed', src: 'liveFeed' },
  initial: 'loading',
  states: {
    loading: {
      // News during the first read: read again, so the list is not older than the news.
      on: { 'offers.refresh': { target: 'loading', reenter: true } },
      invoke: {
        id: 'listOffers',
        src: 'listOffers',
        onDone: {
          target: 'ready',
          actions: assign({ offers: ({ event }) => event.output, error: null, refreshError: null }),
        },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorText(event.error) }) },
      },
    },
    failed: {
      on: { 'offers.retry': 'loading' },
    },
    ready: {
      on: {
        'tab.select': { actions: assign({ tab: ({ event }) => event.tab }) },
        'offer.changed': [
          // Asking for information moves the card to the third tab and opens its thread there.
          {
            guard: 'infoRequested',
            actions: ['replace', assign({ tab: 'requested', threadOfferId: ({ event }) => event.offer.id })],
          },
          { actions: 'replace' },
        ],
        'thread.open': { guard: 'knownOffer', actions: assign({ threadOfferId: ({ event }) => event.offerId }) },
        'thread.close': { actions: assign({ threadOfferId: null }) },
      },
      initial: 'idle',
      states: {
        idle: {
          on: { 'offers.refresh': 'refreshing' },
        },
        // The cards stay as they are while the list is read again; the latest news restarts the read.
        refreshing: {
          on: { 'offers.refresh': { target: 'refreshing', reenter: true } },
          invoke: {
            id: 'listOffers',
            src: 'listOffers',
            onDone: {
              target: 'idle',
              actions: assign({
                offers: ({ context, event }) => mergeOffers(context.offers, event.output),
                refreshError: null,
              }),
            },
            onError: { target: 'idle', actions: assign({ refreshError: ({ event }) => errorText(event.error) }) },
          },
        },
      },
    },
  },
});
