// The Funds card's Refund unspent funds dialog (docs/product.md §Self-serve money): an amount in dollars and cents, at
// most the free balance (what no campaign reserves, no refund or dispute holds). Card and bank-debit money returns to
// the payments it came from through Stripe; wired money is sent back by an operator. The request (POST
// /api/advertiser/refunds with an Idempotency-Key, kept while the same amount is sent again after a lost answer)
// answers with the pieces it made, which the dialog then shows with their states; the Funds card (its parent) reads the
// funds again. The Funds card (advertiserFunds) invokes this flow as its child `fundsRefund`.
import { assign, enqueueActions, setup } from 'xstate';
import type { Refund } from '@/contract/schemas/money';
import { parseDollars } from '@/contract/money';
import { newIdempotencyKey } from '../ids';
import { errorText } from '../messages';
import { service } from '../placeholders';

/**
 * What is wrong with the amount typed, as an id and the values its text reads (docs/architecture.md §Languages): the
 * dialog words it in the screen's language (src/money/fundsWords.ts), the free balance in US dollars the language's way.
 */
export type RefundAmountProblem = { id: 'required' } | { id: 'invalid' } | { id: 'tooLarge'; balanceCents: number };

export const REFUND_REQUIRED: RefundAmountProblem = { id: 'required' };
export const REFUND_AMOUNT_INVALID: RefundAmountProblem = { id: 'invalid' };
export const refundTooLarge = (balanceCents: number): RefundAmountProblem => ({ id: 'tooLarge', balanceCents });

export interface RefundRequest {
  amountCents: number;
  idempotencyKey: string;
}

export interface RefundResult {
  refunds: Refund[];
  balanceCents: number;
}

export interface FundsRefundContext {
  /** The free balance when the dialog opened: the most a refund takes. */
  balanceCents: number;
  amount: string;
  amountError: RefundAmountProblem | null;
  failure: string | null;
  /** The last request that may have reached the server without an answer (its key is reused for the same amount). */
  pending: RefundRequest | null;
  /** The pieces the request made. */
  refunds: Refund[];
}

export type FundsRefundEvent =
  | { type: 'refund.open'; balanceCents: number }
  | { type: 'amount.change'; value: string }
  | { type: 'refund.submit' }
  | { type: 'refund.cancel' };

/** Sent to the parent (the Funds card) once a refund was requested: the balance fell. */
export type RefundRequested = { type: 'refund.requested'; refunds: Refund[] };

export function refundAmountProblem(amount: string, balanceCents: number): RefundAmountProblem | null {
  if (amount.trim() === '') return REFUND_REQUIRED;
  // No amount (null) counts as 0: not a positive one.
  const cents = parseDollars(amount) ?? 0;
  if (cents <= 0) return REFUND_AMOUNT_INVALID;
  return cents > balanceCents ? refundTooLarge(balanceCents) : null;
}

const decided = (error: unknown) => {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' && status >= 400 && status < 500;
};

export const fundsRefundMachine = setup({
  types: { context: {} as FundsRefundContext, events: {} as FundsRefundEvent },
  actors: {
    /** POST /api/advertiser/refunds → the pieces and the balance left. */
    requestRefund: service<RefundResult, RefundRequest>('requestRefund'),
  },
  guards: {
    amountValid: ({ context }) => refundAmountProblem(context.amount, context.balanceCents) === null,
  },
}).createMachine({
  id: 'fundsRefund',
  initial: 'closed',
  context: { balanceCents: 0, amount: '', amountError: null, failure: null, pending: null, refunds: [] },
  states: {
    closed: {
      on: {
        'refund.open': {
          target: 'open',
          actions: assign({
            balanceCents: ({ event }) => event.balanceCents,
            amount: '',
            amountError: null,
            failure: null,
            refunds: [],
          }),
        },
      },
    },
    open: {
      tags: 'modal',
      on: {
        'refund.cancel': 'closed',
        'amount.change': {
          actions: assign({
            amount: ({ event }) => event.value,
            amountError: ({ context, event }) =>
              context.amountError ? refundAmountProblem(event.value, context.balanceCents) : null,
          }),
        },
        'refund.submit': [
          {
            guard: 'amountValid',
            target: 'requesting',
            actions: assign(({ context }) => {
              const amountCents = parseDollars(context.amount)!;
              const same = context.pending?.amountCents === amountCents;
              return {
                amountError: null,
                failure: null,
                pending: same ? context.pending : { amountCents, idempotencyKey: newIdempotencyKey() },
              };
            }),
          },
          {
            actions: assign({
              amountError: ({ context }) => refundAmountProblem(context.amount, context.balanceCents),
            }),
          },
        ],
      },
    },
    requesting: {
      tags: 'modal',
      invoke: {
        id: 'requestRefund',
        src: 'requestRefund',
        input: ({ context }) => context.pending!,
        onDone: {
          target: 'done',
          actions: [
            assign({
              refunds: ({ event }) => event.output.refunds,
              balanceCents: ({ event }) => event.output.balanceCents,
              pending: null,
              amount: '',
            }),
            enqueueActions(({ enqueue, self, event }) => {
              if (self._parent)
                enqueue.sendParent({
                  type: 'refund.requested',
                  refunds: event.output.refunds,
                } satisfies RefundRequested);
            }),
          ],
        },
        onError: {
          target: 'open',
          actions: assign({
            failure: ({ event }) => errorText(event.error),
            pending: ({ context, event }) => (decided(event.error) ? null : context.pending),
          }),
        },
      },
    },
    // The pieces made, with their states, until the dialog is closed.
    done: {
      tags: 'modal',
      on: { 'refund.cancel': 'closed' },
    },
  },
});
