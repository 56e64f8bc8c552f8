// The manual payout rail (operator console): the creators' withdrawals to pay by hand, each marked paid (with the
// transfer's reference) or failed (with the reason).
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import type { AdminPayout } from '@/contract';
import { adminPayoutsMachine, type Verdict } from '@/machines/operator/adminPayouts.machine';
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
    decidePayout: fromPromise<AdminPayout, { payoutId: string; verdict: Verdict; text: string }>(({ input }) =>
      asOperator(async () => {
        const client = await api();
        const token = requireJwt(jwt());
        const params = { id: input.payoutId };
        const answer =
          input.verdict === 'paid'
            ? await client.request('markPayoutPaid', { jwt: token, params, json: { reference: input.text } })
            : await client.request('markPayoutFailed', { jwt: token, params, json: { reason: input.text } });
        return answer.payout;
      }),
    ),
  };
}

export function useAdminPayoutsLogic(logic?: AdminPayoutsLogic): AdminPayoutsLogic {
  const app = useAppWiring();
  return useMemo(() => logic ?? adminPayoutsMachine.provide({ actors: adminPayoutsActors(app.jwt) }), [logic, app]);
}
