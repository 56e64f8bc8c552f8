// The adminRefunds flow's samples, for its generated paths and the inspector (catalogued in machines/samples.ts).
import { apiRefusal, type Fixture } from '../events';
import { sampleAdminRefund, sampleCardDispute } from '../money/fundsSamples';
import { refundDecisionProblem, type adminRefundsMachine } from './adminRefunds.machine';

/** A second wire waiting beside the sample's: a decision replaces its own refund only, and leaves this one waiting. */
const pixelRefund = {
  ...sampleAdminRefund,
  id: 'rf_4',
  advertiserId: 'adv_2',
  advertiserEmail: 'felix@pixelforge.example',
  amountCents: 7_500,
};

export const samples = {
  events: {
    'decision.open': [
      { type: 'decision.open', refundId: 'rf_2', verdict: 'sent' },
      { type: 'decision.open', refundId: 'rf_2', verdict: 'failed' },
    ],
    'decision.change': [
      { type: 'decision.change', value: 'WIRE 5521' },
      { type: 'decision.change', value: ' ' },
    ],
    'xstate.done.actor.loadRefunds': [
      {
        type: 'xstate.done.actor.loadRefunds',
        output: { refunds: [sampleAdminRefund, pixelRefund], disputes: [sampleCardDispute] },
      },
    ],
    'xstate.done.actor.decideRefund': [
      {
        type: 'xstate.done.actor.decideRefund',
        output: { ...sampleAdminRefund, status: 'succeeded', decidedAt: '2026-11-26T12:00:00.000Z' },
      },
    ],
    'xstate.error.actor.decideRefund': [
      { type: 'xstate.error.actor.decideRefund', error: apiRefusal('This refund is already sent', 409) },
    ],
  },
  abstract: (context) => ({
    verdict: context.verdict,
    text: context.verdict ? refundDecisionProblem(context.verdict, context.text) === null : null,
    textError: context.textError !== null,
    failed: context.error !== null,
    waiting: context.refunds.filter((refund) => refund.status === 'requested').length,
  }),
} satisfies Fixture<typeof adminRefundsMachine>;
