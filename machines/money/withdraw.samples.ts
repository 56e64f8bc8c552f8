// The withdraw flow's samples, for its generated paths and the inspector (catalogued in machines/samples.ts).
import { parseDollars } from '@/contract/money';
import { apiRefusal, type Fixture } from '../events';
import type { withdrawMachine } from './withdraw.machine';
import { sampleBankMethod, samplePayout, samplePaypalMethod } from './samples';

const amountOk = (amount: string) => {
  const cents = parseDollars(amount);
  return cents !== null && cents > 0;
};

export const samples = {
  events: {
    'amount.change': [
      { type: 'amount.change', value: '' },
      { type: 'amount.change', value: '60.5.0' },
      { type: 'amount.change', value: '60' },
    ],
    'method.change': [
      { type: 'method.change', methodId: samplePaypalMethod.id },
      { type: 'method.change', methodId: sampleBankMethod.id },
    ],
    'xstate.done.actor.loadMethods': [
      { type: 'xstate.done.actor.loadMethods', output: [sampleBankMethod, samplePaypalMethod] },
      { type: 'xstate.done.actor.loadMethods', output: [] },
    ],
    'xstate.done.actor.requestPayout': [{ type: 'xstate.done.actor.requestPayout', output: samplePayout }],
    'xstate.error.actor.requestPayout': [
      // A refusal (nothing created: the next attempt takes a new key) and a lost answer (the key is kept).
      {
        type: 'xstate.error.actor.requestPayout',
        error: apiRefusal('Your available balance is $40: you cannot withdraw $60.', 409),
      },
      { type: 'xstate.error.actor.requestPayout', error: new Error('Failed to fetch') },
    ],
  },
  abstract: (context) => ({
    amount: context.amount === '' ? 'empty' : amountOk(context.amount) ? 'ok' : 'bad',
    amountError: context.amountError !== null,
    methods: context.methods.length,
    methodId: context.methodId,
    pending: context.pending !== null,
  }),
} satisfies Fixture<typeof withdrawMachine>;
