// One offer card's actions (docs/product.md §Offers, threads, notifications "Creator", docs/product.md "Offer"): Accept at once; Decline after a dialog asking an
// optional reason; Request More Information after a dialog with a required message to the advertiser. Only the
// actions OFFER_ACTIONS allows from the offer's status are offered; while one is under way nothing else starts (a
// double click does nothing). A refusal shows the server's message; a conflict (409: the campaign's spots are all
// taken, the offer expired meanwhile) also closes the card's actions, since none of them can succeed any more. The
// screen starts new actions when the offer's status changes (the cards are keyed by it).
import { assign, setup } from 'xstate';
import type { Offer } from '@/contract';
import { MARKETPLACE_LIMITS, OFFER_ACTIONS, type OfferAction, type OfferStatus } from '@/contract/marketplace';
import { effect, service } from '../placeholders';
import { messageProblem, type MessageProblem } from './thread.machine';
import { errorCode, errorText } from '../messages';

export const offerActionNames = Object.keys(OFFER_ACTIONS) as OfferAction[];

/** The actions an offer in `status` offers its creator. */
export function offerActionsFor(status: OfferStatus): OfferAction[] {
  return offerActionNames.filter((action) => (OFFER_ACTIONS[action] as readonly OfferStatus[]).includes(status));
}

/**
 * Why a decline reason cannot be sent, as an id and the value its text reads (docs/architecture.md §Languages): the
 * view words it (src/marketplace/offerDialogsWords.ts).
 */
export type ReasonProblem = { id: 'reasonTooLong'; max: number };

export const REASON_TOO_LONG: ReasonProblem = { id: 'reasonTooLong', max: MARKETPLACE_LIMITS.reason };

/** Why a decline reason cannot be sent (it is optional), or null. */
export function reasonProblem(text: string): ReasonProblem | null {
  return text.trim().length > MARKETPLACE_LIMITS.reason ? REASON_TOO_LONG : null;
}

export interface OfferActionsContext {
  offerId: string;
  status: OfferStatus;
  /** The decline dialog's reason (optional). */
  reason: string;
  reasonError: ReasonProblem | null;
  /** The request dialog's message to the advertiser (required). */
  message: string;
  messageError: MessageProblem | null;
  /** The server's refusal of the last action. */
  error: string | null;
  /** The server answered a conflict: the offer can no longer be answered from this card. */
  closed: boolean;
  /** Accepting was refused for want of a connected channel: the card links Connect Accounts and stays open. */
  needsChannel: boolean;
}

export type OfferActionsEvent =
  | { type: 'offer.accept' }
  | { type: 'decline.open' }
  | { type: 'reason.change'; value: string }
  | { type: 'decline.confirm' }
  | { type: 'decline.cancel' }
  | { type: 'info.open' }
  | { type: 'message.change'; value: string }
  | { type: 'info.send' }
  | { type: 'info.cancel' };

const allowed = (context: OfferActionsContext, action: OfferAction) => offerActionsFor(context.status).includes(action);

/** A 409 from the API (the client's ApiError carries the status; machines import nothing from src). */
const isConflict = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 409;

/**
 * The refusal's text, and whether it closes the card (a conflict, unless it asks for a channel to be connected first:
 * known by its code, `marketplace.channel_required`, whatever language its words are in).
 */
const refusal = (error: unknown) => {
  const text = errorText(error);
  const needsChannel = isConflict(error) && errorCode(error) === 'marketplace.channel_required';
  return { error: text, closed: isConflict(error) && !needsChannel, needsChannel };
};

export const offerActionsMachine = setup({
  types: {
    context: {} as OfferActionsContext,
    events: {} as OfferActionsEvent,
    input: {} as { offerId: string; status: OfferStatus },
  },
  actors: {
    /** POST /api/offers/:id/accept → the offer, accepted. */
    acceptOffer: service<Offer, { offerId: string }>('acceptOffer'),
    /** POST /api/offers/:id/decline { reason } → the offer, declined. */
    declineOffer: service<Offer, { offerId: string; reason: string | undefined }>('declineOffer'),
    /** POST /api/offers/:id/request-info { message } → the offer, info_requested (the message opens its thread). */
    requestInfo: service<Offer, { offerId: string; message: string }>('requestInfo'),
  },
  actions: {
    /** Tells the screen the offer changed (its card moves to its new tab). */
    offerChanged: effect<{ offer: Offer; action: OfferAction }>('offerChanged'),
    /** A closed dialog's refusal goes with it, unless it closed the card (the card says why). */
    dismissError: assign({ error: ({ context }) => (context.closed ? context.error : null) }),
  },
  guards: {
    canAccept: ({ context }) => allowed(context, 'accept'),
    canDecline: ({ context }) => allowed(context, 'decline'),
    canRequestInfo: ({ context }) => allowed(context, 'request-info'),
    reasonOk: ({ context }) => reasonProblem(context.reason) === null,
    messageOk: ({ context }) => messageProblem(context.message) === null,
    isClosed: ({ context }) => context.closed,
  },
}).createMachine({
  id: 'offerActions',
  context: ({ input }) => ({
    offerId: input.offerId,
    status: input.status,
    reason: '',
    reasonError: null,
    message: '',
    messageError: null,
    error: null,
    closed: false,
    needsChannel: false,
  }),
  initial: 'idle',
  states: {
    idle: {
      always: { guard: 'isClosed', target: 'closed' },
      on: {
        'offer.accept': {
          guard: 'canAccept',
          target: 'accepting',
          actions: assign({ error: null, needsChannel: false }),
        },
        'decline.open': {
          guard: 'canDecline',
          target: 'declining',
          actions: assign({ reason: '', reasonError: null, error: null }),
        },
        'info.open': {
          guard: 'canRequestInfo',
          target: 'requesting',
          actions: assign({ message: '', messageError: null, error: null }),
        },
      },
    },
    accepting: {
      tags: ['busy'],
      invoke: {
        id: 'acceptOffer',
        src: 'acceptOffer',
        input: ({ context }) => ({ offerId: context.offerId }),
        onDone: {
          target: 'idle',
          actions: [
            assign({ status: ({ event }) => event.output.status }),
            { type: 'offerChanged', params: ({ event }) => ({ offer: event.output, action: 'accept' as const }) },
          ],
        },
        onError: { target: 'idle', actions: assign(({ event }) => refusal(event.error)) },
      },
    },
    // The decline dialog is open.
    declining: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            // Once shown, the check follows the text as it is corrected.
            'reason.change': {
              actions: assign(({ context, event }) => ({
                reason: event.value,
                reasonError: context.reasonError ? reasonProblem(event.value) : null,
              })),
            },
            'decline.confirm': [
              { guard: 'reasonOk', target: 'sending', actions: assign({ reasonError: null, error: null }) },
              { actions: assign({ reasonError: ({ context }) => reasonProblem(context.reason) }) },
            ],
            'decline.cancel': { target: '#offerActions.idle', actions: 'dismissError' },
          },
        },
        sending: {
          tags: ['busy'],
          invoke: {
            id: 'declineOffer',
            src: 'declineOffer',
            input: ({ context }) => ({ offerId: context.offerId, reason: context.reason.trim() || undefined }),
            onDone: {
              target: '#offerActions.idle',
              actions: [
                assign({ status: ({ event }) => event.output.status }),
                { type: 'offerChanged', params: ({ event }) => ({ offer: event.output, action: 'decline' as const }) },
              ],
            },
            // The dialog stays open with the reason, and says why.
            onError: { target: 'editing', actions: assign(({ event }) => refusal(event.error)) },
          },
        },
      },
    },
    // The Request More Information dialog is open.
    requesting: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'message.change': {
              actions: assign(({ context, event }) => ({
                message: event.value,
                messageError: context.messageError ? messageProblem(event.value) : null,
              })),
            },
            'info.send': [
              { guard: 'messageOk', target: 'sending', actions: assign({ messageError: null, error: null }) },
              { actions: assign({ messageError: ({ context }) => messageProblem(context.message) }) },
            ],
            'info.cancel': { target: '#offerActions.idle', actions: 'dismissError' },
          },
        },
        sending: {
          tags: ['busy'],
          invoke: {
            id: 'requestInfo',
            src: 'requestInfo',
            input: ({ context }) => ({ offerId: context.offerId, message: context.message.trim() }),
            onDone: {
              target: '#offerActions.idle',
              actions: [
                assign({ status: ({ event }) => event.output.status, message: '' }),
                {
                  type: 'offerChanged',
                  params: ({ event }) => ({ offer: event.output, action: 'request-info' as const }),
                },
              ],
            },
            // The dialog stays open with the message, and says why.
            onError: { target: 'editing', actions: assign(({ event }) => refusal(event.error)) },
          },
        },
      },
    },
    // The server refused with a conflict: the card keeps the message and offers nothing more.
    closed: { tags: ['closed'] },
  },
});
