// The adminPayouts flow's samples, for its generated paths and the inspector (catalogued in machines/samples.ts).
import { apiRefusal, type Fixture } from '../events';
import { decisionProblem, type adminPayoutsMachine } from './adminPayouts.machine';
import { sampleAdminPayout } from './samples';

export const samples = {
  events: {
    'decision.open': [
      { type: 'decision.open', payoutId: 'po_1', verdict: 'paid' },
      { type: 'decision.open', payoutId: 'po_1', verdict: 'failed' },
    ],
    'decision.change': [
      { type: 'decision.change', value: 'ACH 7781' },
      { type: 'decision.change', value: ' ' },
    ],
    'xstate.done.actor.loadPayouts': [{ type: 'xstate.done.actor.loadPayouts', output: [sampleAdminPayout] }],
    'xstate.done.actor.decidePayout': [
      {
        type: 'xstate.done.actor.decidePayout',
        output: { ...sampleAdminPayout, status: 'paid', paidAt: '2026-11-25T10:00:00.000Z', destination: null },
      },
    ],
    'xstate.error.actor.decidePayout': [
      { type: 'xstate.error.actor.decidePayout', error: apiRefusal('This payout is already paid', 409) },
    ],
  },
  abstract: (context) => ({
    verdict: context.verdict,
    text: context.verdict ? decisionProblem(context.verdict, context.text) === null : null,
    textError: context.textError !== null,
    failed: context.error !== null,
    open: context.payouts.filter((payout) => payout.status === 'processing' || payout.status === 'requested').length,
  }),
} satisfies Fixture<typeof adminPayoutsMachine>;
