// The invitation flow's transitions, pinned by hand (docs/product.md §Discovery and negotiation: an invitation becomes an offer
// within the campaign's spots and reservation): source, event, expected target and what it changes — the campaigns
// loaded for that creator (the first that can take them chosen), the request sent (campaign, creator, message) and the
// server's refusal kept in the dialog.
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { InviteOption, Offer } from '@/contract';
import { invitationMachine, type InvitationRequest } from '@/machines/marketplace/invitation.machine';
import {
  sampleActiveCampaign,
  sampleInvitedOffer,
  sampleInviteOptions,
} from '@/machines/marketplace/invitation.samples';
import { controlled } from '../controlled';
import { pinTransitions } from './pin';

const refusal = (message: string, status: number) => Object.assign(new Error(message), { status });
const alex = { id: 'usr_alex', displayName: 'AlexRivera_Live' };
const unavailable = sampleInviteOptions.filter((option) => !option.canInvite);

function start() {
  const loadCampaigns = controlled<InviteOption[], { creatorId: string }>();
  const sendInvitation = controlled<Offer, InvitationRequest>();
  const actor = createActor(
    invitationMachine.provide({ actors: { loadCampaigns: loadCampaigns.logic, sendInvitation: sendInvitation.logic } }),
  );
  actor.start();
  return {
    actor,
    loadCampaigns,
    sendInvitation,
    value: () => actor.getSnapshot().value,
    context: () => actor.getSnapshot().context,
  };
}

async function choosing(campaigns: InviteOption[] = sampleInviteOptions) {
  const flow = start();
  flow.actor.send({ type: 'invite.open', creator: alex });
  await flow.loadCampaigns.resolve(campaigns);
  return flow;
}

async function sending() {
  const flow = await choosing();
  flow.actor.send({ type: 'message.change', value: 'Hi!' });
  flow.actor.send({ type: 'invite.submit' });
  expect(flow.value()).toEqual({ open: 'sending' });
  return flow;
}

describe('invitation transitions', () => {
  const { pin, pinsEveryTransition } = pinTransitions(invitationMachine);

  pin(
    { from: 'invitation.closed', on: 'invite.open', to: 'invitation.open' },
    'Invite opens the dialog for that creator and loads the campaigns',
    async () => {
      const flow = start();
      flow.actor.send({ type: 'invite.open', creator: alex });
      expect(flow.value()).toEqual({ open: 'loading' });
      expect(flow.context()).toMatchObject({ creator: alex, campaignId: '', message: '', error: null, offer: null });
      expect(flow.loadCampaigns.started).toBe(1);
      expect(flow.loadCampaigns.inputs).toEqual([{ creatorId: alex.id }]);
    },
  );

  pin(
    { from: 'invitation.open', on: 'invite.close', to: 'invitation.closed' },
    'closing forgets the creator, the choice and the message',
    async () => {
      const flow = await sending();
      flow.actor.send({ type: 'invite.close' });
      expect(flow.value()).toBe('closed');
      expect(flow.context()).toMatchObject({ creator: null, campaignId: '', message: '', error: null });
    },
  );

  pin(
    { from: 'invitation.open.loading', on: 'xstate.done.actor.loadCampaigns', to: 'invitation.open.choosing' },
    "each campaign is kept with the server's answer for this creator; the first that can take them is chosen",
    async () => {
      const flow = await choosing();
      expect(flow.value()).toEqual({ open: 'choosing' });
      expect(flow.context().campaigns).toEqual(sampleInviteOptions);
      expect(flow.context().campaignId).toBe(sampleActiveCampaign.id);
      const none = await choosing(unavailable);
      expect(none.context().campaignId).toBe('');
    },
  );

  pin(
    { from: 'invitation.open.loading', on: 'xstate.error.actor.loadCampaigns', to: 'invitation.open.loadFailed' },
    'a failed load says why',
    async () => {
      const flow = start();
      flow.actor.send({ type: 'invite.open', creator: alex });
      await flow.loadCampaigns.reject(new Error('Failed to fetch'));
      expect(flow.value()).toEqual({ open: 'loadFailed' });
      expect(flow.context().error).toBe('Failed to fetch');
    },
  );

  pin(
    { from: 'invitation.open.loadFailed', on: 'campaigns.retry', to: 'invitation.open.loading' },
    'Try again loads the campaigns again',
    async () => {
      const flow = start();
      flow.actor.send({ type: 'invite.open', creator: alex });
      await flow.loadCampaigns.reject(new Error('Failed to fetch'));
      flow.actor.send({ type: 'campaigns.retry' });
      expect(flow.value()).toEqual({ open: 'loading' });
      expect(flow.loadCampaigns.started).toBe(2);
      expect(flow.context().error).toBeNull();
    },
  );

  pin(
    { from: 'invitation.open.choosing', on: 'campaign.change', to: null },
    'choosing a campaign clears a refusal',
    async () => {
      const flow = await sending();
      await flow.sendInvitation.reject(refusal('All spots of this campaign are taken', 409));
      flow.actor.send({ type: 'campaign.change', campaignId: 'cmp_other' });
      expect(flow.context()).toMatchObject({ campaignId: 'cmp_other', error: null });
    },
  );

  pin(
    { from: 'invitation.open.choosing', on: 'message.change', to: null },
    'the message is kept as typed',
    async () => {
      const flow = await choosing();
      flow.actor.send({ type: 'message.change', value: ' Hello ' });
      expect(flow.context().message).toBe(' Hello ');
    },
  );

  pin(
    { from: 'invitation.open.choosing', on: 'invite.submit', guard: 'campaignChosen', to: 'invitation.open.sending' },
    'sends the campaign, the creator and the message; a campaign that cannot take them is never sent',
    async () => {
      const flow = await sending();
      expect(flow.sendInvitation.inputs).toEqual([
        { campaignId: sampleActiveCampaign.id, creatorId: alex.id, message: 'Hi!' },
      ]);
      const none = await choosing(unavailable);
      none.actor.send({ type: 'invite.submit' });
      expect(none.value()).toEqual({ open: 'choosing' });
      const refused = await choosing();
      refused.actor.send({ type: 'campaign.change', campaignId: 'cmp_taken' });
      refused.actor.send({ type: 'invite.submit' });
      expect(refused.value()).toEqual({ open: 'choosing' });
      expect(none.sendInvitation.started + refused.sendInvitation.started).toBe(0);
    },
  );

  pin(
    { from: 'invitation.open.sending', on: 'xstate.done.actor.sendInvitation', to: 'invitation.open.sent' },
    'the invited offer is kept and the dialog says it was sent',
    async () => {
      const flow = await sending();
      await flow.sendInvitation.resolve(sampleInvitedOffer);
      expect(flow.value()).toEqual({ open: 'sent' });
      expect(flow.context().offer).toEqual(sampleInvitedOffer);
    },
  );

  pin(
    { from: 'invitation.open.sending', on: 'xstate.error.actor.sendInvitation', to: 'invitation.open.choosing' },
    "the server's refusal stays in the dialog with the choice and the message",
    async () => {
      const flow = await sending();
      await flow.sendInvitation.reject(refusal('All spots of this campaign are taken', 409));
      expect(flow.value()).toEqual({ open: 'choosing' });
      expect(flow.context()).toMatchObject({
        error: 'All spots of this campaign are taken',
        campaignId: sampleActiveCampaign.id,
        message: 'Hi!',
      });
    },
  );

  pinsEveryTransition();
});

it('is the catalogue machine', () => {
  expect(invitationMachine.id).toBe('invitation');
});
