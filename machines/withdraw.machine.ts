// Earnings' Withdraw modal and its failed/success result modals (SPEC §2 Withdraw modal and result modals, §3 Withdraw form, §4 Earnings, §8).
import { assign, setup } from 'xstate';
import { effect, service } from './placeholders';

/** Internal option values (SPEC §3): Influencer is Bank Account, Advertiser is PayPal; `first` matches neither. */
export type PayoutMethod = 'Influencer' | 'Advertiser' | 'first';

/**
 * What the modal's buttons report (SPEC §4): Cancel reports an error result, Withdraw a success. The payout
 * actor receives it so today's simulation can honour it; a real payout may ignore it.
 */
export type WithdrawOutcome = 'error' | 'success';

export interface PayoutRequest {
  amount: string;
  method: PayoutMethod;
  outcome: WithdrawOutcome;
}

export interface PayoutReceipt {
  amount: string;
  method: PayoutMethod;
}

export interface WithdrawContext {
  amount: string;
  method: PayoutMethod;
  outcome: WithdrawOutcome;
}

export type WithdrawEvent =
  | { type: 'withdraw.open' }
  | { type: 'amount.change'; value: string }
  | { type: 'method.change'; method: PayoutMethod }
  | { type: 'withdraw.cancel' }
  | { type: 'withdraw.submit' }
  | { type: 'withdraw.dismiss' }
  | { type: 'result.retry' }
  | { type: 'result.dismiss' };

export const withdrawMachine = setup({
  types: {
    context: {} as WithdrawContext,
    events: {} as WithdrawEvent,
  },
  actors: {
    /** Performs (today: simulates) the payout; resolves with a receipt or rejects. */
    requestPayout: service<PayoutReceipt, PayoutRequest>('requestPayout'),
  },
  actions: {
    /** The spec logs the result, whichever it is. */
    logResult: effect<{ ok: boolean; result: unknown }>('logResult'),
    resetForm: assign({ amount: '', method: 'first' as PayoutMethod }),
  },
}).createMachine({
  id: 'withdraw',
  initial: 'closed',
  context: { amount: '', method: 'first', outcome: 'success' },
  states: {
    closed: {
      on: { 'withdraw.open': { target: 'open', actions: 'resetForm' } },
    },
    open: {
      tags: 'modal',
      on: {
        'amount.change': { actions: assign({ amount: ({ event }) => event.value }) },
        'method.change': { actions: assign({ method: ({ event }) => event.method }) },
        'withdraw.cancel': { target: 'requesting', actions: assign({ outcome: 'error' as WithdrawOutcome }) },
        'withdraw.submit': { target: 'requesting', actions: assign({ outcome: 'success' as WithdrawOutcome }) },
        // Escape or the close icon: no result is reported.
        'withdraw.dismiss': 'closed',
      },
    },
    requesting: {
      tags: 'modal',
      invoke: {
        id: 'requestPayout',
        src: 'requestPayout',
        input: ({ context }) => ({ amount: context.amount, method: context.method, outcome: context.outcome }),
        onDone: { target: 'succeeded', actions: { type: 'logResult', params: ({ event }) => ({ ok: true, result: event.output }) } },
        onError: { target: 'failed', actions: { type: 'logResult', params: ({ event }) => ({ ok: false, result: event.error }) } },
      },
    },
    failed: {
      on: { 'result.retry': 'closed', 'result.dismiss': 'closed' },
    },
    succeeded: {
      on: { 'result.retry': 'closed', 'result.dismiss': 'closed' },
    },
  },
});
