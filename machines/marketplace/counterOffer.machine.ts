// The creator's side of a counter-offer (docs/product.md §Counter-offers), on an invited or info-requested offer card:
// Propose different pay opens a dialog (pay in dollars, optional minutes, a message), checked as the server checks it,
// then sent (POST /api/offers/:id/proposals): sent, or refused with the server's reason and the dialog kept. An
// advertiser's open proposal can be accepted (the offer is accepted at its terms), declined (the offer stays at its
// previous terms) or countered with the same dialog. The creator's own open proposal waits for the brand: nothing to
// do until it is answered. Each answer is told to the screen (`offerChanged`), which moves or refreshes the card.
import { assign, setup } from 'xstate';
import type { Offer, Proposal } from '@/contract';
import { errorText } from '../messages';
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

export interface CounterOfferContext {
  offerId: string;
  /** The offer's pay now (its own, else the campaign's). */
  payCents: number;
  /** The open proposal, from either side, or null. */
  proposal: Proposal | null;
  draft: ProposalDraft;
  errors: ProposalErrors;
  /** The server's refusal of the last action. */
  error: string | null;
}

export type CounterOfferEvent =
  | { type: 'compose.open' }
  | { type: 'compose.submit' }
  | { type: 'compose.cancel' }
  | ProposalFormEvent
  | { type: 'proposal.accept' }
  | { type: 'proposal.decline' }
  | { type: 'notice.dismiss' };

export type CounterOfferInput = { offerId: string; payCents: number; proposal: Proposal | null };

/** The advertiser's proposal is open: the creator's turn to answer it. */
const theirs = (context: CounterOfferContext) =>
  context.proposal?.status === 'open' && context.proposal.side === 'advertiser';
/** The creator may open a round (none open) or counter the advertiser's. */
const mayCompose = (context: CounterOfferContext) => context.proposal === null || theirs(context);

export const counterOfferMachine = setup({
  types: {
    context: {} as CounterOfferContext,
    events: {} as CounterOfferEvent,
    input: {} as CounterOfferInput,
  },
  actors: {
    /** POST /api/offers/:id/proposals → the offer with its new open proposal. */
    propose: service<Offer, { offerId: string; payCents: number; deliverableMinutes: number | null; message: string }>(
      'propose',
    ),
    /** POST /api/offers/:id/proposals/:round/accept → the offer, accepted at those terms. */
    acceptProposal: service<Offer, { offerId: string; round: number }>('acceptProposal'),
    /** POST /api/offers/:id/proposals/:round/decline → the offer at its previous terms. */
    declineProposal: service<Offer, { offerId: string; round: number }>('declineProposal'),
  },
  actions: {
    /** Tells the screen the offer changed (the card refreshes or moves to its new tab). */
    offerChanged: effect<{ offer: Offer }>('offerChanged'),
  },
  guards: {
    mayCompose: ({ context }) => mayCompose(context),
    theirs: ({ context }) => theirs(context),
    draftOk: ({ context }) => draftOk(context.draft),
  },
}).createMachine({
  id: 'counterOffer',
  context: ({ input }) => ({
    offerId: input.offerId,
    payCents: input.payCents,
    proposal: input.proposal,
    draft: draftFrom(input.proposal?.payCents ?? input.payCents),
    errors: NO_ERRORS,
    error: null,
  }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'compose.open': {
          guard: 'mayCompose',
          target: 'composing',
          actions: assign(({ context }) => ({
            draft: draftFrom(context.proposal?.payCents ?? context.payCents),
            errors: NO_ERRORS,
            error: null,
          })),
        },
        'proposal.accept': { guard: 'theirs', target: 'accepting', actions: assign({ error: null }) },
        'proposal.decline': { guard: 'theirs', target: 'declining', actions: assign({ error: null }) },
      },
    },
    // The dialog is open.
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
            'compose.cancel': { target: '#counterOffer.idle', actions: assign({ error: null }) },
          },
        },
        submitting: {
          tags: ['busy'],
          invoke: {
            id: 'propose',
            src: 'propose',
            input: ({ context }) => ({ offerId: context.offerId, ...requestOf(context.draft) }),
            onDone: {
              target: '#counterOffer.sent',
              actions: [
                assign({ proposal: ({ event }) => event.output.proposal }),
                { type: 'offerChanged', params: ({ event }) => ({ offer: event.output }) },
              ],
            },
            // Refused: the dialog stays open with the draft, and says why.
            onError: { target: 'editing', actions: assign({ error: ({ event }) => errorText(event.error) }) },
          },
        },
      },
    },
    // The proposal went out: it waits for the brand's answer.
    sent: {
      on: { 'notice.dismiss': 'idle' },
    },
    accepting: {
      tags: ['busy'],
      invoke: {
        id: 'acceptProposal',
        src: 'acceptProposal',
        input: ({ context }) => ({ offerId: context.offerId, round: context.proposal!.round }),
        onDone: {
          target: 'idle',
          actions: [
            assign({ proposal: null }),
            { type: 'offerChanged', params: ({ event }) => ({ offer: event.output }) },
          ],
        },
        onError: { target: 'idle', actions: assign({ error: ({ event }) => errorText(event.error) }) },
      },
    },
    declining: {
      tags: ['busy'],
      invoke: {
        id: 'declineProposal',
        src: 'declineProposal',
        input: ({ context }) => ({ offerId: context.offerId, round: context.proposal!.round }),
        onDone: {
          target: 'idle',
          actions: [
            assign({ proposal: null }),
            { type: 'offerChanged', params: ({ event }) => ({ offer: event.output }) },
          ],
        },
        onError: { target: 'idle', actions: assign({ error: ({ event }) => errorText(event.error) }) },
      },
    },
  },
});
