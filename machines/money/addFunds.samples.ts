// The addFunds flow's samples, for its generated paths and the inspector (catalogued in machines/samples.ts).
import { apiRefusal, type Fixture } from '../events';
import { depositAmountProblem, type addFundsMachine } from './addFunds.machine';
import { sampleCardDeposit } from './fundsSamples';

export const samples = {
  events: {
    'amount.change': [
      { type: 'amount.change', value: '' },
      { type: 'amount.change', value: '5' },
      { type: 'amount.change', value: '500' },
    ],
    'method.change': [
      { type: 'method.change', method: 'us_bank_account' },
      { type: 'method.change', method: 'card' },
    ],
    'xstate.done.actor.createDeposit': [
      {
        type: 'xstate.done.actor.createDeposit',
        output: { deposit: sampleCardDeposit, checkoutUrl: 'https://checkout.stripe.com/c/pay/cs_test_1' },
      },
    ],
    'xstate.error.actor.createDeposit': [
      // A refusal (nothing opened: the next attempt takes a new key) and a lost answer (the key is kept).
      { type: 'xstate.error.actor.createDeposit', error: apiRefusal('Too many requests: try again in a minute.', 429) },
      { type: 'xstate.error.actor.createDeposit', error: new Error('Failed to fetch') },
    ],
  },
  abstract: (context) => ({
    amount: context.amount === '' ? 'empty' : depositAmountProblem(context.amount) === null ? 'ok' : 'bad',
    method: context.method,
    amountError: context.amountError !== null,
    failure: context.failure !== null,
    pending: context.pending !== null,
  }),
} satisfies Fixture<typeof addFundsMachine>;
