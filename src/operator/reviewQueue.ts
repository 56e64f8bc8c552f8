// The operator's review queue (docs/product.md §Verified delivery): GET /api/admin/reviews and POST
// /api/admin/reviews/:id/resolve (the offer's id) with the resolution's Idempotency-Key, as an operator.
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import { reviewQueueMachine, type AdminReview, type Resolution } from '@/machines/operator/reviewQueue.machine';
import { api, requireJwt, useAppWiring } from '../accounts/session';
import { asOperator, type Jwt } from './asOperator';

export type ReviewQueueLogic = typeof reviewQueueMachine;

export function reviewQueueActors(jwt: Jwt) {
  return {
    loadReviews: fromPromise<AdminReview[], void>(async () =>
      asOperator(async () => (await (await api()).request('adminReviews', { jwt: requireJwt(jwt()) })).reviews),
    ),
    resolveReview: fromPromise<AdminReview, Resolution>(({ input }) =>
      asOperator(
        async () =>
          (
            await (
              await api()
            ).request('resolveReview', {
              jwt: requireJwt(jwt()),
              params: { id: input.offerId },
              headers: { 'Idempotency-Key': input.idempotencyKey },
              json: { payCents: input.payCents, reason: input.reason },
            })
          ).review,
      ),
    ),
  };
}

export function useReviewQueueLogic(logic?: ReviewQueueLogic): ReviewQueueLogic {
  const app = useAppWiring();
  return useMemo(() => logic ?? reviewQueueMachine.provide({ actors: reviewQueueActors(app.jwt) }), [logic, app]);
}
