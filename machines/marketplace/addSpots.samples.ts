// The addSpots flow's samples, for its generated paths and the inspector (catalogued in machines/samples.ts).
import type { Fixture } from '../events';
import type { addSpotsMachine } from './addSpots.machine';
import { sampleCampaign } from './samples';

export const sampleRunningCampaign = { ...sampleCampaign, status: 'active' as const };

export const samples = {
  inputs: [{ campaignId: sampleCampaign.id, payCents: sampleCampaign.payCents, spots: sampleCampaign.spots }],
  events: {
    'count.change': [
      { type: 'count.change', value: '2' },
      { type: 'count.change', value: '0' },
    ],
    'xstate.done.actor.loadBalance': [
      { type: 'xstate.done.actor.loadBalance', output: { balanceCents: 1_250_000, owedCents: 0, owedDispute: null } },
      { type: 'xstate.done.actor.loadBalance', output: { balanceCents: 10_000, owedCents: 0, owedDispute: null } },
    ],
    'xstate.done.actor.addSpots': [
      { type: 'xstate.done.actor.addSpots', output: { ...sampleRunningCampaign, spots: sampleCampaign.spots + 2 } },
    ],
    'xstate.error.actor.addSpots': [
      {
        type: 'xstate.error.actor.addSpots',
        error: new Error(
          'Adding 2 spots reserves $500 (pay × spots) and your balance is $100: add funds, or add fewer spots',
        ),
      },
    ],
  },
  abstract: (context) => ({
    spots: context.spots,
    count: context.count,
    balance: context.balanceCents !== null,
    error: context.error !== null,
  }),
} satisfies Fixture<typeof addSpotsMachine>;
