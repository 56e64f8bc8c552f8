// The fundsRefund flow's samples, for its generated paths and the inspector (catalogued in machines/samples.ts).
import { apiRefusal, type Fixture } from '../events';
import { refundAmountProblem, type fundsRefundMachine } from './fundsRefund.machine';
import { sampleManualRefund, sampleStripeRefund } from './fundsSamples';

export const samples = {
  events: {
    'refund.open': [{ type: 'refund.open', balanceCents: 80_000 }],
    'amount.change': [
      { type: 'amount.change', value: '' },
      { type: 'amount.change', value: '900' },
      { type: 'amount.change', value: '500' },
    ],
    'xstate.done.actor.requestRefund': [
      {
        type: 'xstate.done.actor.requestRefund',
        output: { refunds: [sampleStripeRefund, sampleManualRefund], balanceCents: 30_000 },
      },
    ],
    'xstate.error.actor.requestRefund': [
      {
        type: 'xstate.error.actor.requestRefund',
        error: apiRefusal('Your free balance is $200: you cannot refund $500.', 409),
      },
      { type: 'xstate.error.actor.requestRefund', error: new Error('Failed to fetch') },
    ],
  },
  abstract: (context) => ({
    amount: context.amount === '' ? 'empty' : refundAmountProblem(context.amount, context.balanceCents) ? 'bad' : 'ok',
    amountError: context.amountError !== null,
    failure: context.failure !== null,
    pending: context.pending !== null,
    pieces: context.refunds.length,
  }),
} satisfies Fixture<typeof fundsRefundMachine>;
