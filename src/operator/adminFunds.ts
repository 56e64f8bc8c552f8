// The advertisers' funds (operator console): approved advertisers with their balances, and deposits recorded by hand
// (POST /api/admin/deposits with the flow's Idempotency-Key, docs/api.md "Idempotency-Key").
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import { adminFundsMachine, type DepositRequest, type FundedAdvertiser } from '@/machines/operator/adminFunds.machine';
import { api, requireJwt, useAppWiring } from '../accounts/session';
import { asOperator, type Jwt } from './asOperator';

export type AdminFundsLogic = typeof adminFundsMachine;

export function adminFundsActors(jwt: Jwt) {
  return {
    loadFunded: fromPromise<FundedAdvertiser[], void>(async () =>
      asOperator(
        async () =>
          (await (await api()).request('adminAdvertisers', { jwt: requireJwt(jwt()), query: { status: 'approved' } }))
            .advertisers,
      ),
    ),
    recordDeposit: fromPromise<{ balanceCents: number }, DepositRequest>(({ input: { idempotencyKey, ...json } }) =>
      asOperator(async () =>
        (await api()).request('recordDeposit', {
          jwt: requireJwt(jwt()),
          json,
          headers: { 'Idempotency-Key': idempotencyKey },
        }),
      ),
    ),
  };
}

export function useAdminFundsLogic(logic?: AdminFundsLogic): AdminFundsLogic {
  const app = useAppWiring();
  return useMemo(() => logic ?? adminFundsMachine.provide({ actors: adminFundsActors(app.jwt) }), [logic, app]);
}
