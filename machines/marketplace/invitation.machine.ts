// Invite a creator (docs/product.md §Discovery and negotiation): Invite on a creator's card opens a dialog that loads,
// for that creator, each of the advertiser's campaigns with whether it can take them now and why not
// (GET /api/creators/:id/invite-options: not launched, paused, an offer already made, no spots left, too many open
// offers); it offers only those that can, and says why the others cannot before anything is sent. The advertiser
// picks one, may write a message (it opens the offer's thread), and sends (POST /api/campaigns/:id/invitations). The
// server stays the authority: its refusal (something changed meanwhile) is shown in the dialog, which stays open to
// choose another campaign; a sent invitation says so until the dialog is closed. Without a campaign that can take the
// creator there is nothing to send.
import { assign, setup } from 'xstate';
import type { InviteOption, Offer } from '@/contract';
import { errorText } from '../messages';
import { service } from '../placeholders';

/** Who is being invited, as the card shows them. */
export interface Invitee {
  id: string;
  displayName: string;
}

export interface InvitationRequest {
  campaignId: string;
  creatorId: string;
  message: string;
}

export interface InvitationContext {
  creator: Invitee | null;
  /** The advertiser's campaigns, each saying whether it can take this creator now and why not. */
  campaigns: InviteOption[];
  campaignId: string;
  message: string;
  error: string | null;
  /** The offer the invitation made. */
  offer: Offer | null;
}

export type InvitationEvent =
  | { type: 'invite.open'; creator: Invitee }
  | { type: 'invite.close' }
  | { type: 'campaign.change'; campaignId: string }
  | { type: 'message.change'; value: string }
  | { type: 'invite.submit' }
  | { type: 'campaigns.retry' };

const closedContext = { creator: null, campaignId: '', message: '', error: null, offer: null };

export const invitationMachine = setup({
  types: { context: {} as InvitationContext, events: {} as InvitationEvent },
  actors: {
    /** GET /api/creators/:id/invite-options: the advertiser's campaigns, each with whether it can take the creator. */
    loadCampaigns: service<InviteOption[], { creatorId: string }>('loadCampaigns'),
    /** POST /api/campaigns/:id/invitations → the invited offer. */
    sendInvitation: service<Offer, InvitationRequest>('sendInvitation'),
  },
  guards: {
    campaignChosen: ({ context }) =>
      context.campaigns.some((campaign) => campaign.id === context.campaignId && campaign.canInvite),
  },
}).createMachine({
  id: 'invitation',
  context: { campaigns: [], ...closedContext },
  initial: 'closed',
  states: {
    closed: {
      on: {
        'invite.open': {
          target: 'open',
          actions: assign(({ event }) => ({ ...closedContext, creator: event.creator })),
        },
      },
    },
    open: {
      initial: 'loading',
      on: { 'invite.close': { target: 'closed', actions: assign(closedContext) } },
      states: {
        loading: {
          invoke: {
            id: 'loadCampaigns',
            src: 'loadCampaigns',
            input: ({ context }) => ({ creatorId: context.creator!.id }),
            onDone: {
              target: 'choosing',
              actions: assign(({ event }) => ({
                campaigns: event.output,
                campaignId: event.output.find((campaign) => campaign.canInvite)?.id ?? '',
              })),
            },
            onError: { target: 'loadFailed', actions: assign({ error: ({ event }) => errorText(event.error) }) },
          },
        },
        loadFailed: { on: { 'campaigns.retry': { target: 'loading', actions: assign({ error: null }) } } },
        choosing: {
          on: {
            'campaign.change': { actions: assign({ campaignId: ({ event }) => event.campaignId, error: null }) },
            'message.change': { actions: assign({ message: ({ event }) => event.value }) },
            'invite.submit': { guard: 'campaignChosen', target: 'sending', actions: assign({ error: null }) },
          },
        },
        sending: {
          invoke: {
            id: 'sendInvitation',
            src: 'sendInvitation',
            input: ({ context }) => ({
              campaignId: context.campaignId,
              creatorId: context.creator!.id,
              message: context.message,
            }),
            onDone: { target: 'sent', actions: assign({ offer: ({ event }) => event.output }) },
            // The server's refusal, in the dialog: choose another campaign, or close.
            onError: { target: 'choosing', actions: assign({ error: ({ event }) => errorText(event.error) }) },
          },
        },
        sent: {},
      },
    },
  },
});
