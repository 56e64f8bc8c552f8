// The adminFunds flow's samples, for its generated paths and the inspector (catalogued in machines/samples.ts).
import { apiRefusal, type Fixture } from '../events';
import { depositProblems, type adminFundsMachine } from './adminFunds.machine';
import { sampleFundedAdvertiser } from './samples';

export const samples = {
  events: {
    'deposit.open': [{ type: 'deposit.open', userId: 'usr_nova' }],
    'deposit.change': [
      { type: 'deposit.change', field: 'amount', value: '5,000.00' },
      { type: 'deposit.change', field: 'amount', value: '5.000,00' },
      { type: 'deposit.change', field: 'reference', value: 'Wire NOVA-0002' },
    ],
    'xstate.done.actor.loadFunded': [{ type: 'xstate.done.actor.loadFunded', output: [sampleFundedAdvertiser] }],
    'xstate.done.actor.recordDeposit': [
      { type: 'xstate.done.actor.recordDeposit', output: { balanceCents: 1_750_000 } },
    ],
    'xstate.error.actor.recordDeposit': [
      { type: 'xstate.error.actor.recordDeposit', error: apiRefusal('No such advertiser', 404) },
    ],
  },
  abstract: (context) => ({
    target: context.target !== null,
    problems: Object.keys(depositProblems(context.draft)).sort(),
    shown: Object.values(context.fieldErrors).filter(Boolean).length,
    failed: context.error !== null,
    notice: context.notice !== null,
  }),
} satisfies Fixture<typeof adminFundsMachine>;
