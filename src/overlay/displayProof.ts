// An offer's proof of display (docs/product.md §The overlay for OBS): GET /api/offers/:id/display with the session's jwt; Print opens the
// browser's print dialog.
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import type { OfferDisplay } from '@/contract';
import { displayProofMachine } from '@/machines/overlay/displayProof.machine';
import { api, requireJwt, useAppWiring } from '../accounts/session';

export type DisplayProofLogic = typeof displayProofMachine;

export function useDisplayProofLogic(logic?: DisplayProofLogic): DisplayProofLogic {
  const app = useAppWiring();
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
      ).provide({ actions: { print: () => window.print() } }),
    [logic, app],
  );
}
