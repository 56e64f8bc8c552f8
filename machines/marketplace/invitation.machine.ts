// Invite a creator (docs/product.md §Discovery and negotiation): Invite on a creator's card opens a dialog that loads the
// advertiser's campaigns and offers the active ones; the advertiser picks one, may write a message (it opens the
// offer's thread), and sends (POST /api/campaigns/:id/invitations). The server's refusal (all spots taken, an offer
// already made, too many open offers, the creator unpublished meanwhile) is shown in the dialog, which stays open to
// choose another campaign; a sent invitation says so until the dialog is closed. Without an active campaign there is
// nothing to send: the dialog says to launch one.
import { assign, setup } from 'xstate';
import type { Campaign, Offer } from '@/contract';
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
  /** The advertiser's active campaigns. */
  campaigns: Campaign[];
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
    /** GET /api/campaigns: every campaign of the advertiser (the dialog offers the active ones). */
    loadCampaigns: service<Campaign[]>('loadCampaigns'),
    /** POST /api/campaigns/:id/invitations → the invited offer. */
    sendInvitation: service<Offer, InvitationRequest>('sendInvitation'),
  },
  guards: {
    campaignChosen: ({ context }) => context.campaignId !== '',
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
          tags: ['busy'],
          invoke: {
            id: 'loadCampaigns',
            src: 'loadCampaigns',
            onDone: {
              target: 'choosing',
              actions: assign(({ event }) => {
                const active = event.output.filter((campaign) => campaign.status === 'active');
                return { campaigns: active, campaignId: active[0]?.id ?? '' };
              }),
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
          tags: ['busy'],
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
