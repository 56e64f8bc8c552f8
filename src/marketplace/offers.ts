// The Sponsorship Offers screen's list (docs/product.md §Offers, threads, notifications "Creator"): GET /api/offers with the session's jwt, and the live hub's
// news of offers. A card's actions are src/services/offerActions.ts; an offer's thread is src/services/thread.ts.
import { useMemo } from 'react';
import { fromCallback, fromPromise, type EventObject } from 'xstate';
import type { Offer } from '@/contract';
import { offersMachine, type OffersEvent } from '@/machines/marketplace/offers.machine';
import { subscribeLive } from '../notifications/liveHub';
import { api, requireJwt, useAppWiring } from '../accounts/session';

export type OffersLogic = typeof offersMachine;

type Jwt = () => string | null;

export function offersActors(jwt: Jwt) {
  return {
    listOffers: fromPromise<Offer[], void>(
      async () => (await (await api()).request('listOffers', { jwt: requireJwt(jwt()), query: {} })).offers,
    ),
  };
}

/** Any live notification naming an offer reads the list again (a new offer, an expiry, an answer). */
export const offersLiveFeed = fromCallback<EventObject, void>(({ sendBack }) =>
  subscribeLive((notification) => {
    if (notification.offerId !== null) sendBack({ type: 'offers.refresh' } satisfies OffersEvent);
  }),
);

/** The offers with the session's jwt; `logic` (tests) replaces the API actor. The live hub's feed is given either way. */
export function offersLogic(jwt: Jwt, logic?: OffersLogic): OffersLogic {
  return (logic ?? offersMachine.provide({ actors: offersActors(jwt) })).provide({
    actors: { liveFeed: offersLiveFeed },
  });
}

export function useOffersLogic(logic?: OffersLogic): OffersLogic {
  const app = useAppWiring();
  return useMemo(() => offersLogic(app.jwt, logic), [logic, app]);
}
