// The campaignControls flow's samples, for its generated paths and the inspector (catalogued in machines/samples.ts).
import type { Fixture } from '../events';
import type { campaignControlsMachine } from './campaignControls.machine';
import { sampleCampaign } from './samples';

export const samples = {
  inputs: [
    { campaignId: sampleCampaign.id, status: 'draft', reserveCents: 50_000 },
    { campaignId: sampleCampaign.id, status: 'active', reserveCents: 50_000 },
    { campaignId: sampleCampaign.id, status: 'paused', reserveCents: 50_000 },
    { campaignId: sampleCampaign.id, status: 'completed', reserveCents: 50_000 },
  ],
  events: {
    'control.run': [
      { type: 'control.run', action: 'launch' },
      { type: 'control.run', action: 'pause' },
      { type: 'control.run', action: 'resume' },
      { type: 'control.run', action: 'cancel' },
    ],
    'xstate.done.actor.loadBalance': [
      {
        type: 'xstate.done.actor.loadBalance',
        output: { balanceCents: 1_250_000, owedCents: 0, owedDispute: null },
      },
      {
        type: 'xstate.done.actor.loadBalance',
        output: { balanceCents: 0, owedCents: 330, owedDispute: 'open' },
      },
    ],
    'xstate.done.actor.runCampaignAction': [
      { type: 'xstate.done.actor.runCampaignAction', output: { ...sampleCampaign, status: 'active' } },
    ],
    'xstate.error.actor.runCampaignAction': [
      {
        type: 'xstate.error.actor.runCampaignAction',
        error: new Error('Your company profile is waiting for approval; campaigns launch once it is approved.'),
      },
    ],
  },
} satisfies Fixture<typeof campaignControlsMachine>;
