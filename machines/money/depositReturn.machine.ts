// Back from Stripe Checkout (docs/product.md §Self-serve money): /campaigns?deposit=<id> (and &cancelled=1 when the
// advertiser cancelled on Stripe's page) makes the Funds card say what became of that payment. The balance rises only
// when Stripe's signed webhook says the payment succeeded, which may come a moment after the browser is back (or days
// later for a bank debit): until then the payment is processing, read again (GET /api/advertiser/deposits/:id) after
// growing waits and on the live feed's news about funds (the Funds card forwards it as `deposit.recheck`). Succeeded
// tells the card (its parent) to read the funds again; failed, expired or cancelled say so plainly. The Funds card
// (advertiserFunds) invokes this flow as its child `depositReturn`.
import { assign, enqueueActions, setup } from 'xstate';
import type { CardDeposit } from '@/contract/schemas/money';
import { errorText } from '../messages';
import { service } from '../placeholders';

/** The waits before reading a processing payment again, the n-th read after the n-th; then only live news reads it. */
export const DEPOSIT_RECHECK_MS = [2000, 4000, 8000, 15_000, 30_000] as const;

export interface DepositReturnContext {
  depositId: string | null;
  /** Stripe sent the advertiser back through the cancel link. */
  cancelled: boolean;
  deposit: CardDeposit | null;
  /** Reads after the first one (each after a wait from DEPOSIT_RECHECK_MS). */
  attempts: number;
  error: string | null;
}

export type DepositReturnEvent =
  | { type: 'deposit.track'; depositId: string; cancelled: boolean }
  | { type: 'deposit.recheck' }
  | { type: 'deposit.retry' }
  | { type: 'deposit.dismiss' };

/** Sent to the parent (the Funds card) when the payment succeeded (the balance rose) or was cancelled: it reads again. */
export type DepositSettled = { type: 'deposit.settled'; deposit: CardDeposit };

const settled = (deposit: CardDeposit) =>
  deposit.status === 'succeeded' || deposit.status === 'failed' || deposit.status === 'expired';

export const depositReturnMachine = setup({
  types: { context: {} as DepositReturnContext, events: {} as DepositReturnEvent },
  actors: {
    /** GET /api/advertiser/deposits/:id. */
    loadDeposit: service<CardDeposit, { depositId: string }>('loadDeposit'),
    /** POST /api/advertiser/deposits/:id/cancel: Stripe's page can no longer be paid; the deposit reads expired. */
    cancelDeposit: service<CardDeposit, { depositId: string }>('cancelDeposit'),
  },
  delays: {
    recheck: ({ context }) => DEPOSIT_RECHECK_MS[Math.min(context.attempts, DEPOSIT_RECHECK_MS.length - 1)]!,
  },
  guards: {
    settled: ({ event }) => settled((event as unknown as { output: CardDeposit }).output),
    // Cancelled on Stripe's page, nothing paid: a Checkout left open simply expires.
    cancelledOpen: ({ context, event }) =>
      context.cancelled && (event as unknown as { output: CardDeposit }).output.status === 'open',
    moreWaits: ({ context }) => context.attempts < DEPOSIT_RECHECK_MS.length,
  },
}).createMachine({
  id: 'depositReturn',
  initial: 'idle',
  context: { depositId: null, cancelled: false, deposit: null, attempts: 0, error: null },
  on: {
    // Another return (a second tab's link, say) replaces the one shown.
    'deposit.track': {
      target: '.loading',
      actions: assign({
        depositId: ({ event }) => event.depositId,
        cancelled: ({ event }) => event.cancelled,
        deposit: null,
        attempts: 0,
        error: null,
      }),
    },
  },
  states: {
    idle: {},
    loading: {
      invoke: {
        id: 'loadDeposit',
        src: 'loadDeposit',
        input: ({ context }) => ({ depositId: context.depositId! }),
        onDone: [
          {
            guard: 'settled',
            target: 'settled',
            actions: [
              assign({ deposit: ({ event }) => event.output, error: null }),
              // To the Funds card; run on its own (path tests), it has none to tell.
              enqueueActions(({ enqueue, self, event }) => {
                if (self._parent && event.output.status === 'succeeded')
                  enqueue.sendParent({ type: 'deposit.settled', deposit: event.output } satisfies DepositSettled);
              }),
            ],
          },
          {
            guard: 'cancelledOpen',
            target: 'cancelling',
            actions: assign({ deposit: ({ event }) => event.output, error: null }),
          },
          {
            guard: 'moreWaits',
            target: 'waiting',
            actions: assign({ deposit: ({ event }) => event.output, error: null }),
          },
          { target: 'processing', actions: assign({ deposit: ({ event }) => event.output, error: null }) },
        ],
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorText(event.error) }) },
      },
    },
    // Processing: read again after a wait, or at once on news about funds.
    waiting: {
      after: { recheck: { target: 'loading', actions: assign({ attempts: ({ context }) => context.attempts + 1 }) } },
      on: {
        'deposit.recheck': { target: 'loading', actions: assign({ attempts: ({ context }) => context.attempts + 1 }) },
      },
    },
    // Still processing after every wait (a bank debit takes days): only news about funds reads it again.
    processing: {
      on: { 'deposit.recheck': 'loading', 'deposit.dismiss': 'idle' },
    },
    settled: { on: { 'deposit.dismiss': 'idle' } },
    // Cancelled on Stripe's page: the payment is closed at Stripe, so the Funds list stops saying "Not paid yet"
    // (issue 48 item 12). If Stripe does not answer, the page closes on its own within a day all the same.
    cancelling: {
      invoke: {
        id: 'cancelDeposit',
        src: 'cancelDeposit',
        input: ({ context }) => ({ depositId: context.depositId! }),
        onDone: {
          target: 'cancelled',
          actions: [
            assign({ deposit: ({ event }) => event.output }),
            // The Funds card reads its list again; run on its own (path tests), it has none to tell.
            enqueueActions(({ enqueue, self, event }) => {
              if (self._parent)
                enqueue.sendParent({ type: 'deposit.settled', deposit: event.output } satisfies DepositSettled);
            }),
          ],
        },
        onError: 'cancelled',
      },
    },
    cancelled: { on: { 'deposit.dismiss': 'idle' } },
    failed: { on: { 'deposit.retry': 'loading', 'deposit.dismiss': 'idle' } },
  },
});
