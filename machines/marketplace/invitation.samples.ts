// The invitation flow's samples, for its generated paths, the inspector and the view test (catalogued in machines/samples.ts).
import type { InviteOption, Offer } from '@/contract';
import { apiRefusal, type Fixture } from '../events';
import type { invitationMachine } from './invitation.machine';
import { sampleCampaign, sampleOffer } from './samples';

export const sampleActiveCampaign = { ...sampleCampaign, status: 'active' as const };
export const sampleInvitedOffer: Offer = { ...sampleOffer, status: 'invited', origin: 'invitation' };

/** For one creator: the active campaign can take them, a draft and a crowded one cannot (as the server says why). */
export const sampleInviteOption: InviteOption = {
  id: sampleActiveCampaign.id,
  brand: sampleActiveCampaign.brand,
  title: sampleActiveCampaign.title,
  status: 'active',
  canInvite: true,
  reason: null,
};
export const sampleInviteOptions: InviteOption[] = [
  {
    id: 'cmp_draft',
    brand: sampleCampaign.brand,
    title: 'Winter launch',
    status: 'draft',
    canInvite: false,
    reason: 'Not launched yet (a draft): only an active campaign takes invitations',
  },
  sampleInviteOption,
  {
    id: 'cmp_taken',
    brand: sampleCampaign.brand,
    title: 'Spring speedruns',
    status: 'active',
    canInvite: false,
    reason: 'AlexRivera_Live already has an offer of this campaign (invited)',
  },
];

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
        output: sampleInviteOptions,
      },
      { type: 'xstate.done.actor.loadCampaigns', output: sampleInviteOptions.filter((option) => !option.canInvite) },
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
