// The invitation flow's samples, for its generated paths, the inspector and the view test (catalogued in machines/samples.ts).
import type { Offer } from '@/contract';
import { apiRefusal, type Fixture } from '../events';
import type { invitationMachine } from './invitation.machine';
import { sampleCampaign, sampleOffer } from './samples';

export const sampleActiveCampaign = { ...sampleCampaign, status: 'active' as const };
export const sampleInvitedOffer: Offer = { ...sampleOffer, status: 'invited', origin: 'invitation' };

export const samples = {
  events: {
    'invite.open': [{ type: 'invite.open', creator: { id: 'usr_alex', displayName: 'AlexRivera_Live' } }],
    'campaign.change': [
      { type: 'campaign.change', campaignId: sampleActiveCampaign.id },
      { type: 'campaign.change', campaignId: '' },
    ],
    'message.change': [{ type: 'message.change', value: 'We love your speedruns!' }],
    'xstate.done.actor.loadCampaigns': [
      {
        type: 'xstate.done.actor.loadCampaigns',
        output: [sampleActiveCampaign, { ...sampleCampaign, id: 'cmp_draft', status: 'draft' }],
      },
      { type: 'xstate.done.actor.loadCampaigns', output: [] },
    ],
    'xstate.done.actor.sendInvitation': [{ type: 'xstate.done.actor.sendInvitation', output: sampleInvitedOffer }],
    'xstate.error.actor.sendInvitation': [
      { type: 'xstate.error.actor.sendInvitation', error: apiRefusal('All spots of this campaign are taken', 409) },
    ],
  },
  abstract: (context) => ({
    campaigns: context.campaigns.length,
    chosen: context.campaignId !== '',
    message: context.message !== '',
    error: context.error !== null,
    creator: context.creator !== null,
  }),
} satisfies Fixture<typeof invitationMachine>;
