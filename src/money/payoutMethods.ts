// Set Payout Method's implementations (docs/product.md §Money): GET, POST and DELETE /api/payout-methods with the session's jwt.
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import type { PayoutMethod } from '@/contract';
import { payoutMethodsMachine, type NewPayoutMethod } from '@/machines/money/payoutMethods.machine';
import { api, requireJwt, useAppWiring } from '../accounts/session';

export type PayoutMethodsLogic = typeof payoutMethodsMachine;

type Jwt = () => string | null;

export function payoutMethodsActors(jwt: Jwt) {
  return {
    loadMethods: fromPromise<PayoutMethod[], void>(
      async () => (await (await api()).request('listPayoutMethods', { jwt: requireJwt(jwt()) })).methods,
    ),
    addMethod: fromPromise<PayoutMethod[], NewPayoutMethod>(
      async ({ input }) =>
        (await (await api()).request('addPayoutMethod', { jwt: requireJwt(jwt()), json: input })).methods,
    ),
    removeMethod: fromPromise<PayoutMethod[], { id: string }>(
      async ({ input }) =>
        (await (await api()).request('deletePayoutMethod', { jwt: requireJwt(jwt()), params: { id: input.id } }))
          .methods,
    ),
  };
}

export function usePayoutMethodsLogic(logic?: PayoutMethodsLogic): PayoutMethodsLogic {
  const app = useAppWiring();
  return useMemo(() => logic ?? payoutMethodsMachine.provide({ actors: payoutMethodsActors(app.jwt) }), [logic, app]);
}
