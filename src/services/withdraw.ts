// The withdraw flow's implementations (SPEC §4 Earnings). No payout call exists (SPEC §7), so the payout actor
// reproduces the spec's simulation: the modal's Cancel reports an error result, its Withdraw a success.
import { fromPromise } from 'xstate';
import { withdrawMachine, type PayoutReceipt, type PayoutRequest } from '@/machines/withdraw.machine';
import { messages } from '@/src/messages';

export async function simulatePayout(request: PayoutRequest): Promise<PayoutReceipt> {
  if (request.outcome === 'error') throw new Error(messages.genericError);
  return { amount: request.amount, method: request.method };
}

/** The spec logs the result (SPEC §4); a failed one as a warning, since nothing went wrong in the app itself. */
export function logWithdrawResult({ ok, result }: { ok: boolean; result: unknown }): void {
  if (ok) console.info('Withdrawal result', result);
  else console.warn('Withdrawal result', result);
}

export const withdrawLogic = withdrawMachine.provide({
  actors: { requestPayout: fromPromise<PayoutReceipt, PayoutRequest>(({ input }) => simulatePayout(input)) },
  actions: { logResult: (_, params) => logWithdrawResult(params) },
});
export type WithdrawLogic = typeof withdrawLogic;
