// Why no offers came (docs/product.md "Fair matching explained"): the Newley Offers tab, when empty, reads
// GET /api/offers/outlook and shows what would bring offers (the profile, a channel, what running campaigns ask for,
// the media kit). A failed read says so with Try again; the tab's generic text stays meanwhile.
import { assign, setup } from 'xstate';
import type { OffersOutlook } from '@/contract';
import { errorText } from '../messages';
import { service } from '../placeholders';

export interface OffersOutlookContext {
  outlook: OffersOutlook | null;
  error: string | null;
}

export type OffersOutlookEvent = { type: 'outlook.retry' };

export const offersOutlookMachine = setup({
  types: { context: {} as OffersOutlookContext, events: {} as OffersOutlookEvent },
  actors: {
    /** GET /api/offers/outlook. */
    loadOutlook: service<OffersOutlook>('loadOutlook'),
  },
}).createMachine({
  id: 'offersOutlook',
  context: { outlook: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadOutlook',
        src: 'loadOutlook',
        onDone: { target: 'ready', actions: assign({ outlook: ({ event }) => event.output, error: null }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorText(event.error) }) },
      },
    },
    failed: { on: { 'outlook.retry': 'loading' } },
    ready: { type: 'final' },
  },
});
