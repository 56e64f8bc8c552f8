// An offer's proof of display (docs/product.md §The overlay for OBS): minutes displayed against the deliverable, the timeline by day and the
// sessions (GET /api/offers/:id/display), for its creator and its advertiser; Print hands the page to the browser's
// print dialog (print to PDF).
import { assign, setup } from 'xstate';
import type { OfferDisplay } from '@/contract';
import { errorText } from '../messages';
import { effect, service } from '../placeholders';

export interface DisplayProofContext {
  offerId: string;
  display: OfferDisplay | null;
  error: string | null;
}

export type DisplayProofEvent = { type: 'proof.retry' } | { type: 'proof.print' };

export const displayProofMachine = setup({
  types: { context: {} as DisplayProofContext, events: {} as DisplayProofEvent, input: {} as { offerId: string } },
  actors: {
    loadDisplay: service<OfferDisplay, { offerId: string }>('loadDisplay'),
  },
  actions: {
    print: effect('print'),
  },
}).createMachine({
  id: 'displayProof',
  context: ({ input }) => ({ offerId: input.offerId, display: null, error: null }),
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
    ready: { on: { 'proof.print': { actions: 'print' } } },
  },
});
