// The advertiser's dispute of an overlay delivery (docs/product.md §Verified delivery): inside the review window the proof
// report's Dispute delivery opens a dialog asking why (10 to 1000 characters); Send posts it and the pay stays pending
// until an operator resolves it. A refusal (the window ended, already disputed) keeps the dialog and shows the server's
// message. The proof report (machines/overlay/displayProof.machine.ts) invokes this flow as its child `dispute`; the
// review the server answers is sent to that parent (`dispute.sent`).
import { assign, enqueueActions, setup } from 'xstate';
import type { OfferDisplay } from '@/contract';
import { REVIEW_REASON_LENGTH } from '@/contract/money';
import { errorText } from '../messages';
import { service } from '../placeholders';

/** An overlay earning's review window (contract/schemas/overlay.ts `earningReview`). */
export type EarningReview = NonNullable<OfferDisplay['review']>;

/**
 * What is wrong with a dispute's or a resolution's reason (contract/money.ts REVIEW_REASON_LENGTH), as an id and the
 * values its text reads (docs/architecture.md §Languages): the dispute dialog words it in the screen's language
 * (src/money/fundsWords.ts), the operator's Resolve dialog (machines/operator/reviewQueue.machine.ts) in the console's
 * (src/operator/ReviewQueue.tsx).
 */
export type ReviewReasonProblem = { id: 'required' } | { id: 'tooShort'; min: number } | { id: 'tooLong'; max: number };

export const REASON_REQUIRED: ReviewReasonProblem = { id: 'required' };
export const REASON_TOO_SHORT: ReviewReasonProblem = { id: 'tooShort', min: REVIEW_REASON_LENGTH.min };
export const REASON_TOO_LONG: ReviewReasonProblem = { id: 'tooLong', max: REVIEW_REASON_LENGTH.max };

/** The reason's problem, or null. */
export function reviewReasonCheck(text: string): ReviewReasonProblem | null {
  const length = text.trim().length;
  if (length === 0) return REASON_REQUIRED;
  if (length < REVIEW_REASON_LENGTH.min) return REASON_TOO_SHORT;
  return length > REVIEW_REASON_LENGTH.max ? REASON_TOO_LONG : null;
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
  reasonError: ReviewReasonProblem | null;
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
    reasonOk: ({ context }) => reviewReasonCheck(context.reason) === null,
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
          { actions: assign({ reasonError: ({ context }) => reviewReasonCheck(context.reason) }) },
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
