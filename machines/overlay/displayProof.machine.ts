// An offer's proof of display (docs/product.md §The overlay for OBS): minutes displayed against the deliverable, the timeline by day and the
// sessions (GET /api/offers/:id/display), for its creator and its advertiser; Print hands the page to the browser's
// print dialog (print to PDF). The advertiser's dispute (docs/product.md §Verified delivery) is this actor's child
// `dispute` (machines/money/deliveryDispute.machine.ts): the review it sends back replaces the report's.
import { assign, setup } from 'xstate';
import type { OfferDisplay } from '@/contract';
import { errorText } from '../messages';
import { effect, service } from '../placeholders';
import { deliveryDisputeMachine, type DisputeSent } from '../money/deliveryDispute.machine';

export interface DisplayProofContext {
  offerId: string;
  display: OfferDisplay | null;
  error: string | null;
}

export type DisplayProofEvent =
  | { type: 'proof.retry' }
  | { type: 'proof.print' }
  /** From the child dispute flow: the review, now disputed. */
  | DisputeSent;

export const displayProofMachine = setup({
  types: { context: {} as DisplayProofContext, events: {} as DisplayProofEvent, input: {} as { offerId: string } },
  actors: {
    loadDisplay: service<OfferDisplay, { offerId: string }>('loadDisplay'),
    /** The Dispute delivery dialog; the app provides it with its API actor (src/money/deliveryDispute.ts). */
    dispute: deliveryDisputeMachine,
  },
  actions: {
    print: effect('print'),
  },
}).createMachine({
  id: 'displayProof',
  context: ({ input }) => ({ offerId: input.offerId, display: null, error: null }),
  // For the report's whole life; the view offers it only to the advertiser, inside the review window.
  invoke: { id: 'dispute', src: 'dispute', input: ({ context }) => ({ offerId: context.offerId }) },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadDisplay',
        src: 'loadDisplay',
        input: ({ context }) => ({ offerId: context.offerId }),
        onDone: { target: 'ready', actions: assign({ display: ({ event }) => event.output, error: null }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorText(event.error) }) },
      },
    },
    failed: { on: { 'proof.retry': 'loading' } },
    ready: {
      on: {
        'proof.print': { actions: 'print' },
        'dispute.sent': {
          actions: assign({
            display: ({ context, event }) => (context.display ? { ...context.display, review: event.review } : null),
          }),
        },
      },
    },
  },
});
