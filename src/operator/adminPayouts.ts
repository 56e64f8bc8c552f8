// The manual payout rail (operator console): the creators' withdrawals to pay by hand, each marked paid (with the
// transfer's reference) or failed (with the reason), each with the flow's Idempotency-Key.
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import type { AdminPayout } from '@/contract';
import { adminPayoutsMachine, type PayoutDecision } from '@/machines/operator/adminPayouts.machine';
import { api, requireJwt, useAppWiring } from '../accounts/session';
import { asOperator, type Jwt } from './asOperator';

export type AdminPayoutsLogic = typeof adminPayoutsMachine;

export function adminPayoutsActors(jwt: Jwt) {
  return {
    loadPayouts: fromPromise<AdminPayout[], void>(async () =>
      asOperator(
        async () => (await (await api()).request('adminPayouts', { jwt: requireJwt(jwt()), query: {} })).payouts,
      ),
    ),
    decidePayout: fromPromise<AdminPayout, PayoutDecision>(({ input }) =>
      asOperator(async () => {
        const client = await api();
        const token = requireJwt(jwt());
        const params = { id: input.payoutId };
        const headers = { 'Idempotency-Key': input.idempotencyKey };
        const answer =
          input.verdict === 'paid'
            ? await client.request('markPayoutPaid', { jwt: token, params, headers, json: { reference: input.text } })
            : await client.request('markPayoutFailed', { jwt: token, params, headers, json: { reason: input.text } });
        return answer.payout;
      }),
    ),
  };
}

export function useAdminPayoutsLogic(logic?: AdminPayoutsLogic): AdminPayoutsLogic {
  const app = useAppWiring();
  return useMemo(() => logic ?? adminPayoutsMachine.provide({ actors: adminPayoutsActors(app.jwt) }), [logic, app]);
}
