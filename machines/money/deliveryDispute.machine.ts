// The advertiser's dispute of an overlay delivery (docs/product.md §Verified delivery): inside the review window the proof
// report's Dispute delivery opens a dialog asking why (10 to 1000 characters); Send posts it and the pay stays pending
// until an operator resolves it. A refusal (the window ended, already disputed) keeps the dialog and shows the server's
// message. The proof report (machines/overlay/displayProof.machine.ts) invokes this flow as its child `dispute`; the
// review the server answers is sent to that parent (`dispute.sent`).
import { assign, enqueueActions, setup } from 'xstate';
import type { OfferDisplay } from '@/contract';
import { REVIEW_REASON_LENGTH } from '@/contract/money';
import { errorText, REQUIRED_MESSAGE } from '../messages';
import { service } from '../placeholders';

/** An overlay earning's review window (contract/schemas/overlay.ts `earningReview`). */
export type EarningReview = NonNullable<OfferDisplay['review']>;

/** What is wrong with a dispute's or a resolution's reason (contract/money.ts REVIEW_REASON_LENGTH), or null. */
export function reviewReasonProblem(text: string): string | null {
  const length = text.trim().length;
  if (length === 0) return REQUIRED_MESSAGE;
  if (length < REVIEW_REASON_LENGTH.min) return `At least ${REVIEW_REASON_LENGTH.min} characters.`;
  return length > REVIEW_REASON_LENGTH.max ? `At most ${REVIEW_REASON_LENGTH.max} characters.` : null;
}

export interface DisputeRequest {
  offerId: string;
  reason: string;
}

/** Sent to the parent (the proof report) once the server recorded the dispute: the review as it is now. */
export type DisputeSent = { type: 'dispute.sent'; review: EarningReview };

export interface DeliveryDisputeContext {
  offerId: string;
  reason: string;
  reasonError: string | null;
  /** The server's refusal, shown in the dialog. */
  error: string | null;
}

export type DeliveryDisputeEvent =
  | { type: 'dispute.open' }
  | { type: 'reason.change'; value: string }
  | { type: 'dispute.submit' }
  | { type: 'dispute.cancel' };

export const deliveryDisputeMachine = setup({
  types: {
    context: {} as DeliveryDisputeContext,
    events: {} as DeliveryDisputeEvent,
    input: {} as { offerId: string },
  },
  actors: {
    /** POST /api/offers/:id/dispute {reason} → the review, now disputed. */
    sendDispute: service<EarningReview, DisputeRequest>('sendDispute'),
  },
  guards: {
    reasonOk: ({ context }) => reviewReasonProblem(context.reason) === null,
  },
}).createMachine({
  id: 'deliveryDispute',
  context: ({ input }) => ({ offerId: input.offerId, reason: '', reasonError: null, error: null }),
  initial: 'closed',
  states: {
    closed: {
      on: {
        'dispute.open': { target: 'editing', actions: assign({ reason: '', reasonError: null, error: null }) },
      },
    },
    editing: {
      tags: 'modal',
      on: {
        'reason.change': { actions: assign({ reason: ({ event }) => event.value, reasonError: null }) },
        'dispute.submit': [
          { guard: 'reasonOk', target: 'sending', actions: assign({ error: null }) },
          { actions: assign({ reasonError: ({ context }) => reviewReasonProblem(context.reason) }) },
        ],
        'dispute.cancel': 'closed',
      },
    },
    sending: {
      tags: 'modal',
      invoke: {
        id: 'sendDispute',
        src: 'sendDispute',
        input: ({ context }) => ({ offerId: context.offerId, reason: context.reason.trim() }),
        onDone: {
          target: 'closed',
          actions: [
            assign({ reason: '' }),
            // To the parent that invoked the flow (the proof report); run on its own (path tests), it has none to tell.
            enqueueActions(({ enqueue, self, event }) => {
              if (self._parent)
                enqueue.sendParent({ type: 'dispute.sent', review: event.output } satisfies DisputeSent);
            }),
          ],
        },
        onError: { target: 'editing', actions: assign({ error: ({ event }) => errorText(event.error) }) },
      },
    },
  },
});
