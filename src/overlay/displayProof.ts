// An offer's proof of display (docs/product.md §The overlay for OBS): GET /api/offers/:id/display with the session's jwt; Print opens the
// browser's print dialog. Its child, the advertiser's dispute, is wired by src/money/deliveryDispute.ts.
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import type { OfferDisplay } from '@/contract';
import { displayProofMachine } from '@/machines/overlay/displayProof.machine';
import { api, requireJwt, useAppWiring } from '../accounts/session';
import { useDeliveryDisputeLogic, type DeliveryDisputeLogic } from '../money/deliveryDispute';

export type DisplayProofLogic = typeof displayProofMachine;

/**
 * `logic` (tests) replaces the API actor; the print action is given either way, and so is the child dispute flow
 * (`dispute` replaces it whole, as in useDeliveryDisputeLogic).
 */
export function useDisplayProofLogic(logic?: DisplayProofLogic, dispute?: DeliveryDisputeLogic): DisplayProofLogic {
  const app = useAppWiring();
  const disputeLogic = useDeliveryDisputeLogic(dispute);
  return useMemo(
    () =>
      (
        logic ??
        displayProofMachine.provide({
          actors: {
            loadDisplay: fromPromise<OfferDisplay, { offerId: string }>(
              async ({ input }) =>
                (
                  await (
                    await api()
                  ).request('offerDisplay', { jwt: requireJwt(app.jwt()), params: { id: input.offerId } })
                ).display,
            ),
          },
        })
      ).provide({ actions: { print: () => window.print() }, actors: { dispute: disputeLogic } }),
    [logic, app, disputeLogic],
  );
}
