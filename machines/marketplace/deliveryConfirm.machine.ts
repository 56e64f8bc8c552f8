// Confirming an offer's delivery on the campaign page (docs/product.md §Money "Completion"): the advertiser asks, confirms in a
// dialog, and the creator is paid from the campaign's reservation (POST /api/offers/:id/confirm-delivery). A refusal
// keeps the dialog and says why; a confirmation is sent to the campaign page, which invokes this flow as its child
// `deliveryConfirm` (`delivery.confirmed`), so the page reads its offers again.
import { assign, enqueueActions, setup } from 'xstate';
import type { Offer } from '@/contract';
import { errorText } from '../messages';
import { service } from '../placeholders';

export interface DeliveryConfirmContext {
  offerId: string | null;
  error: string | null;
}

export type DeliveryConfirmEvent =
  { type: 'delivery.ask'; offerId: string } | { type: 'delivery.confirm' } | { type: 'delivery.dismiss' };

/** Sent to the parent (the campaign page) when a delivery was confirmed: it reads its offers again. */
export type DeliveryConfirmed = { type: 'delivery.confirmed'; offer: Offer };

export const deliveryConfirmMachine = setup({
  types: { context: {} as DeliveryConfirmContext, events: {} as DeliveryConfirmEvent },
  actors: {
    confirmDelivery: service<Offer, { offerId: string }>('confirmDelivery'),
  },
}).createMachine({
  id: 'deliveryConfirm',
  context: { offerId: null, error: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'delivery.ask': { target: 'asking', actions: assign({ offerId: ({ event }) => event.offerId, error: null }) },
      },
    },
    asking: {
      on: {
        'delivery.confirm': { target: 'sending', actions: assign({ error: null }) },
        'delivery.dismiss': { target: 'idle', actions: assign({ offerId: null, error: null }) },
      },
    },
    sending: {
      invoke: {
        id: 'confirmDelivery',
        src: 'confirmDelivery',
        input: ({ context }) => ({ offerId: context.offerId! }),
        onDone: {
          target: 'idle',
          actions: [
            assign({ offerId: null }),
            // To the parent that invoked the flow (the campaign page); run on its own (path tests), it has none to tell.
            enqueueActions(({ enqueue, self, event }) => {
              if (self._parent)
                enqueue.sendParent({ type: 'delivery.confirmed', offer: event.output } satisfies DeliveryConfirmed);
            }),
          ],
        },
        onError: { target: 'asking', actions: assign({ error: ({ event }) => errorText(event.error) }) },
      },
    },
  },
});
