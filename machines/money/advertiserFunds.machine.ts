// The advertiser's funds (docs/product.md §Money "Advertiser funding"): the balance free to reserve, what launched campaigns hold,
// and the deposits Castbridge recorded (GET /api/advertiser/balance). Live news about money (a deposit, a delivery
// paid, a campaign ended) reads them again while the card stays as it is.
import { assign, setup } from 'xstate';
import type { AdvertiserBalance } from '@/contract';
import { listener } from '../listener';
import { errorText } from '../messages';
import { service } from '../placeholders';

export interface AdvertiserFundsContext {
  funds: AdvertiserBalance | null;
  error: string | null;
}

export type AdvertiserFundsEvent = { type: 'funds.retry' } | { type: 'funds.reload' };

export const advertiserFundsMachine = setup({
  types: { context: {} as AdvertiserFundsContext, events: {} as AdvertiserFundsEvent },
  actors: {
    loadFunds: service<AdvertiserBalance>('loadFunds'),
    /** Live notifications about the advertiser's money, sent back as `funds.reload`. */
    liveFeed: listener('liveFeed'),
  },
}).createMachine({
  id: 'advertiserFunds',
  context: { funds: null, error: null },
  invoke: { id: 'liveFeed', src: 'liveFeed' },
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
