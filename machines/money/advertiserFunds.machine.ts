// The advertiser's funds (docs/product.md §Money "Advertiser funding"): the balance free to reserve, what launched campaigns hold,
// and the deposits Castbridge recorded (GET /api/advertiser/balance). Live news about money (a deposit, a delivery
// paid, a campaign ended) reads them again while the card stays as it is. How to add funds (docs/product.md §Advertiser
// onboarding: the advertiser's transfer reference and the operator's bank details, GET /api/advertiser/funding) is read
// once beside them; without it the card still shows the funds. Its children are the card's flows of self-serve money
// (docs/product.md §Self-serve money): `addFunds` (Add funds through Stripe Checkout), `depositReturn` (back from
// Checkout: what became of the payment; live news is forwarded to it) and `fundsRefund` (Refund unspent funds); a
// payment that succeeded or a refund requested reads the funds again.
import { assign, sendTo, setup } from 'xstate';
import type { AdvertiserBalance, FundingDetails } from '@/contract';
import { listener } from '../listener';
import { errorText } from '../messages';
import { service } from '../placeholders';
import { addFundsMachine } from './addFunds.machine';
import { depositReturnMachine, type DepositSettled } from './depositReturn.machine';
import { fundsRefundMachine, type RefundRequested } from './fundsRefund.machine';

export interface AdvertiserFundsContext {
  funds: AdvertiserBalance | null;
  error: string | null;
  /** How to add funds: the transfer reference and instructions; null until read (or when they could not be). */
  transfer: FundingDetails | null;
}

export type AdvertiserFundsEvent =
  | { type: 'funds.retry' }
  | { type: 'funds.reload' }
  /** From the child depositReturn flow: a payment succeeded. */
  | DepositSettled
  /** From the child fundsRefund flow: a refund was requested. */
  | RefundRequested;

export const advertiserFundsMachine = setup({
  types: { context: {} as AdvertiserFundsContext, events: {} as AdvertiserFundsEvent },
  actors: {
    loadFunds: service<AdvertiserBalance>('loadFunds'),
    /** GET /api/advertiser/funding: the transfer reference and the operator's instructions. */
    loadTransfer: service<FundingDetails>('loadTransfer'),
    /** Live notifications about the advertiser's money, sent back as `funds.reload`. */
    liveFeed: listener('liveFeed'),
    /** The card's flows; the app provides them with their API actors (src/money/addFunds.ts, fundsRefund.ts). */
    addFunds: addFundsMachine,
    depositReturn: depositReturnMachine,
    fundsRefund: fundsRefundMachine,
  },
  actions: {
    /** News about funds also reads again a payment the advertiser came back from. */
    forwardNews: sendTo('depositReturn', { type: 'deposit.recheck' }),
  },
}).createMachine({
  id: 'advertiserFunds',
  context: { funds: null, error: null, transfer: null },
  invoke: [
    { id: 'liveFeed', src: 'liveFeed' },
    // For the card's whole life: an Add funds pressed or a return read while the funds load is not lost.
    { id: 'addFunds', src: 'addFunds' },
    { id: 'depositReturn', src: 'depositReturn' },
    { id: 'fundsRefund', src: 'fundsRefund' },
    {
      id: 'loadTransfer',
      src: 'loadTransfer',
      onDone: { actions: assign({ transfer: ({ event }) => event.output }) },
      // Without it the card shows the funds all the same.
      onError: { actions: assign({ transfer: null }) },
    },
  ],
  // Before the funds are read (or when they could not be), news still reaches the returning payment.
  on: { 'funds.reload': { actions: 'forwardNews' } },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadFunds',
        src: 'loadFunds',
        onDone: { target: 'ready', actions: assign({ funds: ({ event }) => event.output, error: null }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorText(event.error) }) },
      },
    },
    failed: { on: { 'funds.retry': 'loading' } },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'funds.reload': { target: 'reloading', actions: 'forwardNews' },
            'deposit.settled': 'reloading',
            'refund.requested': 'reloading',
          },
        },
        reloading: {
          // News or a settled payment arriving while it reads: one more read afterwards.
          on: {
            'funds.reload': { target: 'reloading', reenter: true, actions: 'forwardNews' },
            'deposit.settled': { target: 'reloading', reenter: true },
            'refund.requested': { target: 'reloading', reenter: true },
          },
          invoke: {
            id: 'loadFunds',
            src: 'loadFunds',
            onDone: { target: 'idle', actions: assign({ funds: ({ event }) => event.output, error: null }) },
            onError: { target: 'idle', actions: assign({ error: ({ event }) => errorText(event.error) }) },
          },
        },
      },
    },
  },
});
