// Why no offers came (docs/product.md "Fair matching explained"): GET /api/offers/outlook with the session's jwt.
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import type { OffersOutlook } from '@/contract';
import { offersOutlookMachine } from '@/machines/marketplace/offersOutlook.machine';
import { api, requireJwt, useAppWiring } from '../accounts/session';

export type OffersOutlookLogic = typeof offersOutlookMachine;

export function offersOutlookActors(jwt: () => string | null) {
  return {
    loadOutlook: fromPromise<OffersOutlook, void>(async () =>
      (await api()).request('offersOutlook', { jwt: requireJwt(jwt()) }),
    ),
  };
}

export function useOffersOutlookLogic(logic?: OffersOutlookLogic): OffersOutlookLogic {
  const app = useAppWiring();
  return useMemo(() => logic ?? offersOutlookMachine.provide({ actors: offersOutlookActors(app.jwt) }), [logic, app]);
}
