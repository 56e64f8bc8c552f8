// The Funds card's flows of self-serve money (docs/product.md §Self-serve money), with the session's jwt: Add funds
// (POST /api/advertiser/deposits with the flow's Idempotency-Key, then the browser goes to Stripe Checkout), the payment
// come back from (GET /api/advertiser/deposits/:id) and Refund unspent funds (POST /api/advertiser/refunds with the
// flow's Idempotency-Key).
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import type { CardDeposit } from '@/contract/schemas/money';
import { addFundsMachine, type DepositRequest, type DepositStarted } from '@/machines/money/addFunds.machine';
import { depositReturnMachine } from '@/machines/money/depositReturn.machine';
import { fundsRefundMachine, type RefundRequest, type RefundResult } from '@/machines/money/fundsRefund.machine';
import { api, requireJwt, useAppWiring } from '../accounts/session';

export type AddFundsLogic = typeof addFundsMachine;
export type DepositReturnLogic = typeof depositReturnMachine;
export type FundsRefundLogic = typeof fundsRefundMachine;

type Jwt = () => string | null;

/** The browser leaves for Stripe's payment page (a full navigation: Checkout is another site). */
export const goToCheckout = (_args: unknown, { url }: { url: string }) => window.location.assign(url);

export function addFundsActors(jwt: Jwt) {
  return {
    createDeposit: fromPromise<DepositStarted, DepositRequest>(async ({ input }) =>
      (await api()).request('createDeposit', {
        jwt: requireJwt(jwt()),
        headers: { 'Idempotency-Key': input.idempotencyKey },
        json: { amountCents: input.amountCents, method: input.method },
      }),
    ),
  };
}

export function depositReturnActors(jwt: Jwt) {
  return {
    loadDeposit: fromPromise<CardDeposit, { depositId: string }>(
      async ({ input }) =>
        (await (await api()).request('getDeposit', { jwt: requireJwt(jwt()), params: { id: input.depositId } }))
          .deposit,
    ),
    cancelDeposit: fromPromise<CardDeposit, { depositId: string }>(
      async ({ input }) =>
        (await (await api()).request('cancelDeposit', { jwt: requireJwt(jwt()), params: { id: input.depositId } }))
          .deposit,
    ),
  };
}

export function fundsRefundActors(jwt: Jwt) {
  return {
    requestRefund: fromPromise<RefundResult, RefundRequest>(async ({ input }) =>
      (await api()).request('requestRefund', {
        jwt: requireJwt(jwt()),
        headers: { 'Idempotency-Key': input.idempotencyKey },
        json: { amountCents: input.amountCents },
      }),
    ),
  };
}

export interface FundsFlowsLogic {
  addFunds?: AddFundsLogic;
  depositReturn?: DepositReturnLogic;
  fundsRefund?: FundsRefundLogic;
}

/** The card's three flows with the session's jwt; each given one (tests) replaces it whole. */
export function useFundsFlowsLogic(logic: FundsFlowsLogic = {}) {
  const app = useAppWiring();
  const { addFunds, depositReturn, fundsRefund } = logic;
  return useMemo(
    () => ({
      addFunds: addFunds ?? addFundsMachine.provide({ actors: addFundsActors(app.jwt), actions: { goToCheckout } }),
      depositReturn: depositReturn ?? depositReturnMachine.provide({ actors: depositReturnActors(app.jwt) }),
      fundsRefund: fundsRefund ?? fundsRefundMachine.provide({ actors: fundsRefundActors(app.jwt) }),
    }),
    [addFunds, depositReturn, fundsRefund, app],
  );
}
