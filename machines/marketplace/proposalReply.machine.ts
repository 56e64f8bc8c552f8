// The advertiser's answer to a creator's counter-offer (docs/product.md §Counter-offers), on the campaign page's offer:
// Accept accepts the offer at the creator's terms (POST /api/offers/:id/proposals/:round/accept) and the campaign's
// reservation follows: accepted; short of funds (the 409 names the amount missing: the page shows it and links Funds,
// and Accept may be tried again once funds are added); or refused with the server's reason. Decline leaves the offer
// at its previous terms. Counter opens the same dialog as the creator's (pay in dollars, optional minutes, a message).
// Each answer is told to the page (`offerChanged`), which reads its offers again.
import { assign, setup } from 'xstate';
import type { Offer, Proposal } from '@/contract';
import { errorCode, errorText } from '../messages';
import { effect, service } from '../placeholders';
import {
  draftFrom,
  draftOk,
  draftProblems,
  edited,
  NO_ERRORS,
  requestOf,
  type ProposalDraft,
  type ProposalErrors,
  type ProposalFormEvent,
} from './proposalForm';

export interface ProposalReplyContext {
  offerId: string;
  /** The creator's open proposal. */
  proposal: Proposal;
  draft: ProposalDraft;
  errors: ProposalErrors;
  /** The server's refusal of the last action (for short funds: its message, which names the amount missing). */
  error: string | null;
}

export type ProposalReplyEvent =
  | { type: 'reply.accept' }
  | { type: 'reply.decline' }
  | { type: 'compose.open' }
  | { type: 'compose.submit' }
  | { type: 'compose.cancel' }
  | ProposalFormEvent;

export type ProposalReplyInput = { offerId: string; proposal: Proposal };

/**
 * A refusal that says the balance is short, known by its code whatever language its words are in (the contract
 * answers that code with a 409 only, contract/errors.ts).
 */
const isShort = (error: unknown) => errorCode(error) === 'marketplace.accept_short_of_funds';

export const proposalReplyMachine = setup({
  types: {
    context: {} as ProposalReplyContext,
    events: {} as ProposalReplyEvent,
    input: {} as ProposalReplyInput,
  },
  actors: {
    /** POST /api/offers/:id/proposals/:round/accept → the offer, accepted at those terms. */
    acceptProposal: service<Offer, { offerId: string; round: number }>('acceptProposal'),
    /** POST /api/offers/:id/proposals/:round/decline → the offer at its previous terms. */
    declineProposal: service<Offer, { offerId: string; round: number }>('declineProposal'),
    /** POST /api/offers/:id/proposals → the offer with the advertiser's counter open. */
    propose: service<Offer, { offerId: string; payCents: number; deliverableMinutes: number | null; message: string }>(
      'propose',
    ),
  },
  actions: {
    /** Tells the campaign page the offer changed: it reads its offers again. */
    offerChanged: effect<{ offer: Offer }>('offerChanged'),
    /** The counter dialog opens with the creator's pay, no minutes, no message. */
    startDraft: assign(({ context }) => ({
      draft: draftFrom(context.proposal.payCents),
      errors: NO_ERRORS,
      error: null,
    })),
  },
  guards: {
    draftOk: ({ context }) => draftOk(context.draft),
    short: ({ event }) => isShort((event as { error?: unknown }).error),
  },
}).createMachine({
  id: 'proposalReply',
  context: ({ input }) => ({
    offerId: input.offerId,
    proposal: input.proposal,
    draft: draftFrom(input.proposal.payCents),
    errors: NO_ERRORS,
    error: null,
  }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'reply.accept': { target: 'accepting', actions: assign({ error: null }) },
        'reply.decline': { target: 'declining', actions: assign({ error: null }) },
        'compose.open': { target: 'composing', actions: 'startDraft' },
      },
    },
    accepting: {
      tags: ['busy'],
      invoke: {
        id: 'acceptProposal',
        src: 'acceptProposal',
        input: ({ context }) => ({ offerId: context.offerId, round: context.proposal.round }),
        onDone: {
          target: 'accepted',
          actions: { type: 'offerChanged', params: ({ event }) => ({ offer: event.output }) },
        },
        onError: [
          { guard: 'short', target: 'short', actions: assign({ error: ({ event }) => errorText(event.error) }) },
          { target: 'refused', actions: assign({ error: ({ event }) => errorText(event.error) }) },
        ],
      },
    },
    accepted: {},
    // The balance does not cover the agreed pay: the amount missing and a link to add funds; Accept again after.
    short: {
      on: {
        'reply.accept': { target: 'accepting', actions: assign({ error: null }) },
        'reply.decline': { target: 'declining', actions: assign({ error: null }) },
        'compose.open': { target: 'composing', actions: 'startDraft' },
      },
    },
    refused: {
      on: {
        'reply.accept': { target: 'accepting', actions: assign({ error: null }) },
        'reply.decline': { target: 'declining', actions: assign({ error: null }) },
        'compose.open': { target: 'composing', actions: 'startDraft' },
      },
    },
    declining: {
      tags: ['busy'],
      invoke: {
        id: 'declineProposal',
        src: 'declineProposal',
        input: ({ context }) => ({ offerId: context.offerId, round: context.proposal.round }),
        onDone: {
          target: 'declined',
          actions: { type: 'offerChanged', params: ({ event }) => ({ offer: event.output }) },
        },
        onError: { target: 'refused', actions: assign({ error: ({ event }) => errorText(event.error) }) },
      },
    },
    declined: {},
    // The counter dialog is open.
    composing: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'pay.change': { actions: assign(({ context, event }) => edited(context.draft, context.errors, event)) },
            'minutes.change': {
              actions: assign(({ context, event }) => edited(context.draft, context.errors, event)),
            },
            'message.change': {
              actions: assign(({ context, event }) => edited(context.draft, context.errors, event)),
            },
            'compose.submit': [
              { guard: 'draftOk', target: 'submitting', actions: assign({ errors: NO_ERRORS, error: null }) },
              { actions: assign({ errors: ({ context }) => draftProblems(context.draft) }) },
            ],
            'compose.cancel': { target: '#proposalReply.idle', actions: assign({ error: null }) },
          },
        },
        submitting: {
          tags: ['busy'],
          invoke: {
            id: 'propose',
            src: 'propose',
            input: ({ context }) => ({ offerId: context.offerId, ...requestOf(context.draft) }),
            onDone: {
              target: '#proposalReply.countered',
              actions: { type: 'offerChanged', params: ({ event }) => ({ offer: event.output }) },
            },
            onError: { target: 'editing', actions: assign({ error: ({ event }) => errorText(event.error) }) },
          },
        },
      },
    },
    countered: {},
  },
});
