// The Funds card's Add funds dialog (docs/product.md §Self-serve money): an amount in dollars and cents ($10 to
// $50,000, what the balance rises by), a method (a card, or a US bank debit), the fee and the total shown before paying
// (depositFee: the advertiser bears Stripe's fee); Continue to payment opens a Stripe Checkout (POST
// /api/advertiser/deposits with an Idempotency-Key, kept while the same request is sent again after a lost answer) and
// the browser goes to its page. Stripe brings the advertiser back to /campaigns?deposit=<id>, which the depositReturn
// flow follows. The Funds card (advertiserFunds) invokes this flow as its child `addFunds`.
import { assign, setup } from 'xstate';
import type { CardDeposit } from '@/contract/schemas/money';
import { MAX_CARD_DEPOSIT_CENTS, MIN_CARD_DEPOSIT_CENTS, parseDollars, type DepositMethod } from '@/contract/money';
import { newIdempotencyKey } from '../ids';
import { errorText } from '../messages';
import { effect, service } from '../placeholders';

/**
 * What is wrong with the amount typed, as an id and the values its text reads (docs/architecture.md §Languages): the
 * dialog words it in the screen's language (src/money/fundsWords.ts), the limits in US dollars the language's way.
 */
export type DepositAmountProblem =
  { id: 'required' } | { id: 'invalid' } | { id: 'tooSmall'; minCents: number } | { id: 'tooLarge'; maxCents: number };

export const DEPOSIT_REQUIRED: DepositAmountProblem = { id: 'required' };
export const DEPOSIT_AMOUNT_INVALID: DepositAmountProblem = { id: 'invalid' };
export const DEPOSIT_TOO_SMALL: DepositAmountProblem = { id: 'tooSmall', minCents: MIN_CARD_DEPOSIT_CENTS };
export const DEPOSIT_TOO_LARGE: DepositAmountProblem = { id: 'tooLarge', maxCents: MAX_CARD_DEPOSIT_CENTS };

/** What POST /api/advertiser/deposits receives. */
export interface DepositRequest {
  amountCents: number;
  method: DepositMethod;
  idempotencyKey: string;
}

/** Its answer: the deposit (open) and Stripe's payment page. */
export interface DepositStarted {
  deposit: CardDeposit;
  checkoutUrl: string;
}

export interface AddFundsContext {
  amount: string;
  method: DepositMethod;
  amountError: DepositAmountProblem | null;
  /** Why the last request failed (the server's message, or the network's), shown in the dialog. */
  failure: string | null;
  /**
   * The last request that may have reached the server without an answer: the same amount and method sent again reuse
   * its key, so the server opens one Checkout, not two.
   */
  pending: DepositRequest | null;
  /** The Checkout opened: the browser is on its way to `checkoutUrl`. */
  started: DepositStarted | null;
}

export type AddFundsEvent =
  | { type: 'addFunds.open' }
  | { type: 'amount.change'; value: string }
  | { type: 'method.change'; method: DepositMethod }
  | { type: 'addFunds.submit' }
  | { type: 'addFunds.cancel' };

/** Cents of a valid amount, else null. */
export function depositAmountCents(amount: string): number | null {
  return depositAmountProblem(amount) === null ? parseDollars(amount) : null;
}

export function depositAmountProblem(amount: string): DepositAmountProblem | null {
  if (amount.trim() === '') return DEPOSIT_REQUIRED;
  const cents = parseDollars(amount);
  if (cents === null) return DEPOSIT_AMOUNT_INVALID;
  if (cents < MIN_CARD_DEPOSIT_CENTS) return DEPOSIT_TOO_SMALL;
  if (cents > MAX_CARD_DEPOSIT_CENTS) return DEPOSIT_TOO_LARGE;
  return null;
}

/** A refusal the server decided (4xx): nothing was opened, so the next attempt takes a new key. */
const decided = (error: unknown) => {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' && status >= 400 && status < 500;
};

export const addFundsMachine = setup({
  types: { context: {} as AddFundsContext, events: {} as AddFundsEvent },
  actors: {
    /** POST /api/advertiser/deposits → the deposit and Stripe Checkout's page. */
    createDeposit: service<DepositStarted, DepositRequest>('createDeposit'),
  },
  actions: {
    /** The browser goes to Stripe's payment page (window.location.assign); tests give a spy. */
    goToCheckout: effect<{ url: string }>('goToCheckout'),
  },
  guards: {
    amountValid: ({ context }) => depositAmountProblem(context.amount) === null,
  },
}).createMachine({
  id: 'addFunds',
  initial: 'closed',
  context: { amount: '', method: 'card', amountError: null, failure: null, pending: null, started: null },
  states: {
    closed: {
      on: {
        'addFunds.open': {
          target: 'open',
          // The amount typed before stays (a closed dialog is often reopened to finish); its messages go.
          actions: assign({ amountError: null, failure: null, started: null }),
        },
      },
    },
    open: {
      tags: 'modal',
      on: {
        'addFunds.cancel': 'closed',
        // Once shown, the amount's check follows the text as it is corrected.
        'amount.change': {
          actions: assign({
            amount: ({ event }) => event.value,
            amountError: ({ context, event }) => (context.amountError ? depositAmountProblem(event.value) : null),
          }),
        },
        'method.change': { actions: assign({ method: ({ event }) => event.method }) },
        'addFunds.submit': [
          {
            guard: 'amountValid',
            target: 'creating',
            actions: assign(({ context }) => {
              const amountCents = parseDollars(context.amount)!;
              const same =
                context.pending &&
                context.pending.amountCents === amountCents &&
                context.pending.method === context.method;
              return {
                amountError: null,
                failure: null,
                pending: same
                  ? context.pending
                  : { amountCents, method: context.method, idempotencyKey: newIdempotencyKey() },
              };
            }),
          },
          { actions: assign({ amountError: ({ context }) => depositAmountProblem(context.amount) }) },
        ],
      },
    },
    creating: {
      tags: 'modal',
      invoke: {
        id: 'createDeposit',
        src: 'createDeposit',
        input: ({ context }) => context.pending!,
        onDone: {
          target: 'redirecting',
          actions: [
            assign({ started: ({ event }) => event.output, pending: null }),
            { type: 'goToCheckout', params: ({ event }) => ({ url: event.output.checkoutUrl }) },
          ],
        },
        onError: {
          target: 'open',
          actions: assign({
            failure: ({ event }) => errorText(event.error),
            // A refusal opened nothing: a new attempt is a new deposit. A lost answer keeps the key.
            pending: ({ context, event }) => (decided(event.error) ? null : context.pending),
          }),
        },
      },
    },
    // The browser is leaving for Stripe's page; should it not (a blocked navigation), the dialog can still close.
    redirecting: {
      tags: 'modal',
      on: { 'addFunds.cancel': 'closed' },
    },
  },
});
