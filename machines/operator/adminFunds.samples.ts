// The adminFunds flow's samples, for its generated paths and the inspector (catalogued in machines/samples.ts).
import { apiRefusal, type Fixture } from '../events';
import { depositProblems, type adminFundsMachine } from './adminFunds.machine';
import { sampleFundedAdvertiser } from './samples';

export const samples = {
  events: {
    'deposit.open': [{ type: 'deposit.open', userId: 'usr_nova' }],
    // A transfer reference pasted as a bank statement shows it (docs/product.md §Advertiser onboarding), then another one.
    'funds.find': [
      { type: 'funds.find', text: 'Transfer cb 7kq4 m2xd' },
      { type: 'funds.find', text: 'CB-2222-2222' },
    ],
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
    find: context.find,
    reference: context.draft.reference !== '',
  }),
} satisfies Fixture<typeof adminFundsMachine>;
