// The advertiser's funds (docs/product.md §Money "Advertiser funding"): the balance free to reserve, what launched campaigns hold,
// and the deposits Castbridge recorded (GET /api/advertiser/balance). Live news about money (a deposit, a delivery
// paid, a campaign ended) reads them again while the card stays as it is. How to add funds (docs/product.md §Advertiser
// onboarding: the advertiser's transfer reference and the operator's bank details, GET /api/advertiser/funding) is read
// once beside them; without it the card still shows the funds.
import { assign, setup } from 'xstate';
import type { AdvertiserBalance, FundingDetails } from '@/contract';
import { listener } from '../listener';
import { errorText } from '../messages';
import { service } from '../placeholders';

export interface AdvertiserFundsContext {
  funds: AdvertiserBalance | null;
  error: string | null;
  /** How to add funds: the transfer reference and instructions; null until read (or when they could not be). */
  transfer: FundingDetails | null;
}

export type AdvertiserFundsEvent = { type: 'funds.retry' } | { type: 'funds.reload' };

export const advertiserFundsMachine = setup({
  types: { context: {} as AdvertiserFundsContext, events: {} as AdvertiserFundsEvent },
  actors: {
    loadFunds: service<AdvertiserBalance>('loadFunds'),
    /** GET /api/advertiser/funding: the transfer reference and the operator's instructions. */
    loadTransfer: service<FundingDetails>('loadTransfer'),
    /** Live notifications about the advertiser's money, sent back as `funds.reload`. */
    liveFeed: listener('liveFeed'),
  },
}).createMachine({
  id: 'advertiserFunds',
  context: { funds: null, error: null, transfer: null },
  invoke: [
    { id: 'liveFeed', src: 'liveFeed' },
    {
      id: 'loadTransfer',
      src: 'loadTransfer',
      onDone: { actions: assign({ transfer: ({ event }) => event.output }) },
      // Without it the card shows the funds all the same.
      onError: { actions: assign({ transfer: null }) },
    },
  ],
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
        idle: { on: { 'funds.reload': 'reloading' } },
        reloading: {
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
