// Tax Form's implementations (docs/product.md §Self-serve money): GET and PUT /api/tax-form with the session's jwt.
// The answers carry the TIN masked only.
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import type { RequestBody } from '@/contract';
import { taxFormMachine, type TaxFormAnswer } from '@/machines/money/taxForm.machine';
import { api, requireJwt, useAppWiring } from '../accounts/session';

export type TaxFormLogic = typeof taxFormMachine;

type Jwt = () => string | null;

export function taxFormActors(jwt: Jwt) {
  return {
    loadForm: fromPromise<TaxFormAnswer, void>(async () =>
      (await api()).request('getTaxForm', { jwt: requireJwt(jwt()) }),
    ),
    submitForm: fromPromise<TaxFormAnswer, Record<string, unknown>>(async ({ input }) =>
      (await api()).request('submitTaxForm', {
        jwt: requireJwt(jwt()),
        json: input as RequestBody<'submitTaxForm'>,
      }),
    ),
  };
}

export function useTaxFormLogic(logic?: TaxFormLogic): TaxFormLogic {
  const app = useAppWiring();
  return useMemo(() => logic ?? taxFormMachine.provide({ actors: taxFormActors(app.jwt) }), [logic, app]);
}
