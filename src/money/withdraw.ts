// The withdraw flow's implementations (docs/product.md §Money): the creator's payout methods (GET /api/payout-methods) and the
// payout request (POST /api/payouts with the flow's Idempotency-Key), with the session's jwt; the result is logged
// (docs/spec.md §4).
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import type { Payout, PayoutMethod } from '@/contract';
import { withdrawMachine, type PayoutRequest } from '@/machines/money/withdraw.machine';
import { api, requireJwt, useAppWiring } from '../accounts/session';

export type WithdrawLogic = typeof withdrawMachine;

type Jwt = () => string | null;

/** The spec logs the result (docs/spec.md §4); a refusal as a warning, since nothing went wrong in the app itself. */
export function logWithdrawResult({ ok, result }: { ok: boolean; result: unknown }): void {
  if (ok) console.info('Withdrawal result', result);
  else console.warn('Withdrawal result', result);
}

export function withdrawActors(jwt: Jwt) {
  return {
    loadMethods: fromPromise<PayoutMethod[], void>(
      async () => (await (await api()).request('listPayoutMethods', { jwt: requireJwt(jwt()) })).methods,
    ),
    requestPayout: fromPromise<Payout, PayoutRequest>(async ({ input }) => {
      const answer = await (
        await api()
      ).request('requestPayout', {
        jwt: requireJwt(jwt()),
        headers: { 'Idempotency-Key': input.idempotencyKey },
        json: { amount_cents: input.amountCents, ...(input.methodId ? { method_id: input.methodId } : {}) },
      });
      return answer.payout;
    }),
  };
}

/** The withdraw flow with the session's jwt; `logic` (tests) replaces it whole. */
export function useWithdrawLogic(logic?: WithdrawLogic): WithdrawLogic {
  const app = useAppWiring();
  return useMemo(
    () =>
      logic ??
      withdrawMachine.provide({
        actors: withdrawActors(app.jwt),
        actions: { logResult: (_, params) => logWithdrawResult(params) },
      }),
    [logic, app],
  );
}
