// The advertiserFunds flow's samples, for its generated paths and the inspector (catalogued in machines/samples.ts).
import type { Fixture } from '../events';
import type { advertiserFundsMachine } from './advertiserFunds.machine';

export const samples = {
  events: {
    'xstate.done.actor.loadFunds': [
      {
        type: 'xstate.done.actor.loadFunds',
        output: {
          balanceCents: 1_250_000,
          reservedCents: 75_000,
          refundingCents: 0,
          disputedCents: 0,
          owedCents: 0,
          owedDispute: null,
          deposits: [],
          cardDeposits: [],
        },
      },
    ],
    'xstate.done.actor.loadTransfer': [
      {
        type: 'xstate.done.actor.loadTransfer',
        output: { reference: 'CB-7KQ4-M2XD', instructions: 'Example Bank · IBAN GB33 BUKB 2020 1555 5555 55' },
      },
    ],
  },
  abstract: (context) => ({
    loaded: context.funds !== null,
    failed: context.error !== null,
    transfer: context.transfer !== null,
  }),
} satisfies Fixture<typeof advertiserFundsMachine>;
