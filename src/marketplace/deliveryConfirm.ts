// Confirming an offer's delivery on the campaign page: POST /api/offers/:id/confirm-delivery with the
// session's jwt. The campaign page's actor invokes the flow as its child (./campaignDetail provides it).
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import type { Offer } from '@/contract';
import { deliveryConfirmMachine } from '@/machines/marketplace/deliveryConfirm.machine';
import { api, requireJwt, useAppWiring } from '../accounts/session';

export type DeliveryConfirmLogic = typeof deliveryConfirmMachine;

type Jwt = () => string | null;

export function deliveryConfirmActors(jwt: Jwt) {
  return {
    confirmDelivery: fromPromise<Offer, { offerId: string }>(
      async ({ input }) =>
        (
          await (
            await api()
          ).request('confirmDelivery', {
            jwt: requireJwt(jwt()),
            params: { id: input.offerId },
            // An offer's delivery is confirmed (and paid) once: a resend after a lost answer is the same request.
            headers: { 'Idempotency-Key': `offer-confirm:${input.offerId}` },
          })
        ).offer,
    ),
  };
}

/** The delivery confirmation with the session's jwt; `logic` (tests) replaces it whole. */
export function useDeliveryConfirmLogic(logic?: DeliveryConfirmLogic): DeliveryConfirmLogic {
  const app = useAppWiring();
  return useMemo(
    () => logic ?? deliveryConfirmMachine.provide({ actors: deliveryConfirmActors(app.jwt) }),
    [logic, app],
  );
}
