// Earnings' Withdraw modal and its failed/success result modals (docs/spec.md §2 Withdraw modal and result modals, §4
// Earnings, §8; docs/product.md §Money): the creator's saved payout methods load when the modal opens; the amount is typed in
// dollars and cents; Withdraw requests a real payout (POST /api/payouts with an Idempotency-Key); the success modal
// shows the request, the failure modal the server's reason; Cancel just closes. The result is logged (docs/spec.md §4).
// Earnings invokes this flow as its child `withdraw`; a payout requested is sent to that parent (`payout.requested`),
// which reads its figures again.
import { assign, enqueueActions, setup } from 'xstate';
import type { Payout, PayoutMethod } from '@/contract';
import { parseDollars } from '@/contract/money';
import { newIdempotencyKey } from '../ids';
import { errorCode, errorText } from '../messages';
import { effect, service } from '../placeholders';

/** What is wrong with the amount typed (the view words it): nothing typed, or not a positive sum of dollars and cents. */
export type WithdrawAmountProblem = 'required' | 'invalid';

/** What POST /api/payouts receives. */
export interface PayoutRequest {
  amountCents: number;
  /** The chosen method; the server takes the default one when null. */
  methodId: string | null;
  idempotencyKey: string;
}

export interface WithdrawContext {
  methods: PayoutMethod[];
  amount: string;
  methodId: string | null;
  amountError: WithdrawAmountProblem | null;
  /** The methods' load failure, shown in the modal with a retry. */
  loadError: string | null;
  /**
   * The last request that may have reached the server without an answer (a network failure): sending the same
   * amount to the same method again reuses its key, so the server cannot make it two payouts.
   */
  pending: PayoutRequest | null;
  /** The amount of the request the result modal is about. */
  requestedCents: number;
  payout: Payout | null;
  /** Why the payout was refused (the failure modal): the server's message, in the page's language. */
  failure: string | null;
  /** The refusal's stable code (contract/errors.ts), by which the modal links to what is missing; null without one. */
  failureCode: string | null;
  /**
   * The server decided (4xx): nothing was attempted, so the modal says what is missing rather than the spec's failed
   * transfer (issue 48 item 13). False for a lost answer or a server failure.
   */
  refused: boolean;
}

export type WithdrawEvent =
  | { type: 'withdraw.open' }
  | { type: 'amount.change'; value: string }
  | { type: 'method.change'; methodId: string }
  | { type: 'methods.retry' }
  | { type: 'withdraw.cancel' }
  | { type: 'withdraw.submit' }
  | { type: 'withdraw.dismiss' }
  | { type: 'result.retry' }
  | { type: 'result.dismiss' };

/** Sent to the parent (Earnings) when a payout was requested: it reads its figures again. */
export type PayoutRequested = { type: 'payout.requested'; payout: Payout };

function amountProblem(amount: string): WithdrawAmountProblem | null {
  if (amount.trim() === '') return 'required';
  const cents = parseDollars(amount);
  // No amount (null) counts as 0: not a positive one.
  return (cents ?? 0) <= 0 ? 'invalid' : null;
}

/** A refusal the server decided (4xx): nothing was created, so the next attempt takes a new key. */
const decided = (error: unknown) => {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' && status >= 400 && status < 500;
};

export const withdrawMachine = setup({
  types: {
    context: {} as WithdrawContext,
    events: {} as WithdrawEvent,
  },
  actors: {
    /** GET /api/payout-methods → the creator's saved methods (the default first). */
    loadMethods: service<PayoutMethod[]>('loadMethods'),
    /** POST /api/payouts → the payout requested, or a refusal carrying the server's reason. */
    requestPayout: service<Payout, PayoutRequest>('requestPayout'),
  },
  actions: {
    /** The spec logs the result, whichever it is. */
    logResult: effect<{ ok: boolean; result: unknown }>('logResult'),
  },
  guards: {
    amountValid: ({ context }) => amountProblem(context.amount) === null,
  },
}).createMachine({
  id: 'withdraw',
  initial: 'closed',
  context: {
    methods: [],
    amount: '',
    methodId: null,
    amountError: null,
    loadError: null,
    pending: null,
    requestedCents: 0,
    payout: null,
    failure: null,
    failureCode: null,
    refused: false,
  },
  states: {
    closed: {
      on: {
        'withdraw.open': {
          target: 'open',
          actions: assign({
            amount: '',
            amountError: null,
            loadError: null,
            payout: null,
            failure: null,
            failureCode: null,
            refused: false,
          }),
        },
      },
    },
    open: {
      tags: 'modal',
      initial: 'loading',
      on: {
        // Cancel, Escape or the close icon: the modal closes, no result modal (docs/product.md §Money).
        'withdraw.cancel': 'closed',
        'withdraw.dismiss': 'closed',
      },
      states: {
        loading: {
          invoke: {
            id: 'loadMethods',
            src: 'loadMethods',
            onDone: {
              target: 'editing',
              actions: assign({
                methods: ({ event }) => event.output,
                // The default method is chosen; a method chosen before (and still saved) stays chosen.
                methodId: ({ context, event }) =>
                  event.output.find((method) => method.id === context.methodId)?.id ??
                  event.output.find((method) => method.isDefault)?.id ??
                  event.output[0]?.id ??
                  null,
              }),
            },
            onError: { target: 'loadFailed', actions: assign({ loadError: ({ event }) => errorText(event.error) }) },
          },
        },
        loadFailed: {
          on: { 'methods.retry': { target: 'loading', actions: assign({ loadError: null }) } },
        },
        editing: {
          on: {
            // Once shown, the amount's check follows the text as it is corrected.
            'amount.change': {
              actions: assign({
                amount: ({ event }) => event.value,
                amountError: ({ context, event }) => (context.amountError ? amountProblem(event.value) : null),
              }),
            },
            'method.change': { actions: assign({ methodId: ({ event }) => event.methodId }) },
            'withdraw.submit': [
              {
                guard: 'amountValid',
                target: '#withdraw.requesting',
                actions: assign(({ context }) => {
                  const amountCents = parseDollars(context.amount)!;
                  const same =
                    context.pending &&
                    context.pending.amountCents === amountCents &&
                    context.pending.methodId === context.methodId;
                  return {
                    amountError: null,
                    requestedCents: amountCents,
                    pending: same
                      ? context.pending
                      : { amountCents, methodId: context.methodId, idempotencyKey: newIdempotencyKey() },
                  };
                }),
              },
              { actions: assign({ amountError: ({ context }) => amountProblem(context.amount) }) },
            ],
          },
        },
      },
    },
    requesting: {
      tags: 'modal',
      invoke: {
        id: 'requestPayout',
        src: 'requestPayout',
        input: ({ context }) => context.pending!,
        onDone: {
          target: 'succeeded',
          actions: [
            assign({ payout: ({ event }) => event.output, pending: null, amount: '' }),
            { type: 'logResult', params: ({ event }) => ({ ok: true, result: event.output }) },
            // To the parent that invoked the flow (Earnings); run on its own (path tests), it has none to tell.
            enqueueActions(({ enqueue, self, event }) => {
              if (self._parent)
                enqueue.sendParent({ type: 'payout.requested', payout: event.output } satisfies PayoutRequested);
            }),
          ],
        },
        onError: {
          target: 'failed',
          actions: [
            assign({
              failure: ({ event }) => errorText(event.error),
              failureCode: ({ event }) => errorCode(event.error),
              refused: ({ event }) => decided(event.error),
              // A refusal created nothing: a new attempt is a new payout. A lost answer keeps the key.
              pending: ({ context, event }) => (decided(event.error) ? null : context.pending),
            }),
            { type: 'logResult', params: ({ event }) => ({ ok: false, result: event.error }) },
          ],
        },
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
