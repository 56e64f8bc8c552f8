// An offer card's actions (docs/product.md §Offers, threads, notifications "Creator"): POST /api/offers/:id/accept|decline|request-info with the session's
// jwt; the answer is the offer in its new status, which the screen hears to move the card.
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import type { Offer } from '@/contract';
import type { OfferAction } from '@/contract/marketplace';
import { offerActionsMachine } from '@/machines/marketplace/offerActions.machine';
import { api, requireJwt, useAppWiring } from '../accounts/session';

export type OfferActionsLogic = typeof offerActionsMachine;

type Jwt = () => string | null;

export function offerActionsActors(jwt: Jwt) {
  return {
    acceptOffer: fromPromise<Offer, { offerId: string }>(
      async ({ input }) =>
        (await (await api()).request('acceptOffer', { jwt: requireJwt(jwt()), params: { id: input.offerId } })).offer,
    ),
    declineOffer: fromPromise<Offer, { offerId: string; reason: string | undefined }>(
      async ({ input }) =>
        (
          await (
            await api()
          ).request('declineOffer', {
            jwt: requireJwt(jwt()),
            params: { id: input.offerId },
            json: input.reason === undefined ? {} : { reason: input.reason },
          })
        ).offer,
    ),
    requestInfo: fromPromise<Offer, { offerId: string; message: string }>(
      async ({ input }) =>
        (
          await (
            await api()
          ).request('requestInfo', {
            jwt: requireJwt(jwt()),
            params: { id: input.offerId },
            json: { message: input.message },
          })
        ).offer,
    ),
  };
}

/** A card's actions with the session's jwt; `onChanged` hears the offer in its new status (the screen moves the card). */
export function useOfferActionsLogic(
  logic: OfferActionsLogic | undefined,
  onChanged: (offer: Offer, action: OfferAction) => void,
): OfferActionsLogic {
  const app = useAppWiring();
  return useMemo(
    () =>
      (logic ?? offerActionsMachine.provide({ actors: offerActionsActors(app.jwt) })).provide({
        actions: { offerChanged: (_, { offer, action }) => onChanged(offer, action) },
      }),
    [logic, app, onChanged],
  );
}
