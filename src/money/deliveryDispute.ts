// The advertiser's dispute of an overlay delivery (docs/product.md §Verified delivery): POST /api/offers/:id/dispute with the
// session's jwt; the proof report (src/overlay/displayProof.ts) invokes the flow as its child.
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import {
  deliveryDisputeMachine,
  type DisputeRequest,
  type EarningReview,
} from '@/machines/money/deliveryDispute.machine';
import { api, requireJwt, useAppWiring } from '../accounts/session';

export type DeliveryDisputeLogic = typeof deliveryDisputeMachine;

type Jwt = () => string | null;

export function deliveryDisputeActors(jwt: Jwt) {
  return {
    sendDispute: fromPromise<EarningReview, DisputeRequest>(
      async ({ input }) =>
        (
          await (
            await api()
          ).request('disputeDelivery', {
            jwt: requireJwt(jwt()),
            params: { id: input.offerId },
            json: { reason: input.reason },
          })
        ).review,
    ),
  };
}

/** The dispute flow with the session's jwt; `logic` (tests) replaces it whole. */
export function useDeliveryDisputeLogic(logic?: DeliveryDisputeLogic): DeliveryDisputeLogic {
  const app = useAppWiring();
  return useMemo(
    () => logic ?? deliveryDisputeMachine.provide({ actors: deliveryDisputeActors(app.jwt) }),
    [logic, app],
  );
}
