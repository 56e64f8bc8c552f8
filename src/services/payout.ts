// The payout actor handed to the withdraw statechart (SPEC §4 Earnings). No payout call exists (SPEC §7), so the
// default reproduces the spec's simulation: the modal's Cancel reports an error result, its Withdraw a success.
// A real payout replaces this implementation; the statechart stays as it is.
import { fromPromise } from 'xstate';
import type { PayoutReceipt, PayoutRequest } from '../../machines/withdraw.machine';
import { messages } from '../messages';

export async function simulatePayout(request: PayoutRequest): Promise<PayoutReceipt> {
  if (request.outcome === 'error') throw new Error(messages.genericError);
  return { amount: request.amount, method: request.method };
}

export const requestPayout = fromPromise<PayoutReceipt, PayoutRequest>(({ input }) => simulatePayout(input));

/** The spec logs the result (SPEC §4); a failed one as a warning, since nothing went wrong in the app itself. */
export function logWithdrawResult({ ok, result }: { ok: boolean; result: unknown }): void {
  if (ok) console.info('Withdrawal result', result);
  else console.warn('Withdrawal result', result);
}
