// Card disputes and the manual refund rail (operator console, docs/product.md §Self-serve money): the disputes and the
// refunds read together; a wired refund marked sent (with the wire's reference) or failed (with the reason), each with
// the flow's Idempotency-Key.
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import type { AdminRefund } from '@/contract/schemas/money';
import {
  adminRefundsMachine,
  type RefundDecision,
  type RefundsAndDisputes,
} from '@/machines/operator/adminRefunds.machine';
import { api, requireJwt, useAppWiring } from '../accounts/session';
import { asOperator, type Jwt } from './asOperator';

export type AdminRefundsLogic = typeof adminRefundsMachine;

export function adminRefundsActors(jwt: Jwt) {
  return {
    loadRefunds: fromPromise<RefundsAndDisputes, void>(() =>
      asOperator(async () => {
        const client = await api();
        const token = requireJwt(jwt());
        const [{ refunds }, { disputes }] = await Promise.all([
          client.request('adminRefunds', { jwt: token }),
          client.request('adminCardDisputes', { jwt: token }),
        ]);
        return { refunds, disputes };
      }),
    ),
    decideRefund: fromPromise<AdminRefund, RefundDecision>(({ input }) =>
      asOperator(async () => {
        const client = await api();
        const token = requireJwt(jwt());
        const params = { id: input.refundId };
        const headers = { 'Idempotency-Key': input.idempotencyKey };
        const answer =
          input.verdict === 'sent'
            ? await client.request('markRefundSent', { jwt: token, params, headers, json: { reference: input.text } })
            : await client.request('markRefundFailed', { jwt: token, params, headers, json: { reason: input.text } });
        return answer.refund;
      }),
    ),
  };
}

export function useAdminRefundsLogic(logic?: AdminRefundsLogic): AdminRefundsLogic {
  const app = useAppWiring();
  return useMemo(() => logic ?? adminRefundsMachine.provide({ actors: adminRefundsActors(app.jwt) }), [logic, app]);
}
