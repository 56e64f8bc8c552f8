// The Earnings screen's figures (docs/spec.md §2 Earnings; docs/product.md §Money): per period Total Earning, Earning Balance and the two
// earning cards, and Payout History, all read from the ledger (GET /api/earnings, GET /api/payouts). A failed load
// offers a retry; a payout just requested, or news about one (paid, failed, an earning), reads them again while the
// screen stays as it is. The withdraw flow is this actor's child (`withdraw`): its payout requests come here.
import { assign, setup } from 'xstate';
import type { Earnings, Payout } from '@/contract';
import { listener } from '../listener';
import { errorText } from '../messages';
import { service } from '../placeholders';
import { withdrawMachine, type PayoutRequested } from './withdraw.machine';

export interface EarningsData {
  earnings: Earnings;
  payouts: Payout[];
}

export interface EarningsContext {
  data: EarningsData | null;
  error: string | null;
}

export type EarningsEvent =
  | { type: 'earnings.retry' }
  | { type: 'earnings.reload' }
  /** From the child withdraw flow: a payout was requested. */
  | PayoutRequested;

export const earningsMachine = setup({
  types: { context: {} as EarningsContext, events: {} as EarningsEvent },
  actors: {
    loadEarnings: service<EarningsData>('loadEarnings'),
    /** Live notifications about money (a payout paid or failed, an earning), sent back as `earnings.reload`. */
    liveFeed: listener('liveFeed'),
    /** The Withdraw modal and its result modals; the app provides it with its API actors (src/money/withdraw.ts). */
    withdraw: withdrawMachine,
  },
}).createMachine({
  id: 'earnings',
  context: { data: null, error: null },
  invoke: [
    { id: 'liveFeed', src: 'liveFeed' },
    // For the screen's whole life: a Withdraw pressed while the figures load is not lost.
    { id: 'withdraw', src: 'withdraw' },
  ],
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadEarnings',
        src: 'loadEarnings',
        onDone: { target: 'ready', actions: assign({ data: ({ event }) => event.output, error: null }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorText(event.error) }) },
      },
    },
    failed: {
      on: { 'earnings.retry': 'loading' },
    },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: { 'earnings.reload': 'reloading', 'payout.requested': 'reloading' },
        },
        reloading: {
          // News or a payout arriving while it reads: one more read afterwards.
          on: {
            'earnings.reload': { target: 'reloading', reenter: true },
            'payout.requested': { target: 'reloading', reenter: true },
          },
          invoke: {
            id: 'loadEarnings',
            src: 'loadEarnings',
            onDone: { target: 'idle', actions: assign({ data: ({ event }) => event.output, error: null }) },
            // The figures on screen stay, as they were last read; the next news reads them again.
            onError: { target: 'idle' },
          },
        },
      },
    },
  },
});
