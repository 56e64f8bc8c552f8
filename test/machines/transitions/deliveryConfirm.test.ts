// Confirm Delivery's transitions, pinned by hand (docs/product.md §Money "Completion": money flows are pinned as well as
// path-tested): source, event, expected target and what it changes — the offer asked about, the offer id as sent, the
// server's refusal — and what the campaign page reads of it (deliveryConfirm.select.ts). The closing dialog stays
// mounted for its fade-out (src/ui/AlertDialog.tsx), so what the selectors say in `idle` is still on screen a moment.
// Its link to the campaign page that invokes it is replayed on the real page (test/views/deliveryConfirm.screen.test.tsx).
import { describe, expect } from 'vitest';
import { createActor } from 'xstate';
import type { Offer } from '@/contract';
import { apiRefusal } from '@/machines/events';
import { deliveryConfirmMachine } from '@/machines/marketplace/deliveryConfirm.machine';
import {
  selectAskingOffer,
  selectDeliveryError,
  selectDeliverySending,
} from '@/machines/marketplace/deliveryConfirm.select';
import { sampleOffer } from '@/machines/marketplace/samples';
import { controlled, receivedEvents } from '../controlled';
import { pinTransitions } from './pin';

const completed: Offer = {
  ...sampleOffer,
  status: 'completed',
  completedAt: '2026-11-24T10:00:00.000Z',
  earnedCents: 25_000,
};
const REFUSAL = 'This offer is already completed';

/** The flow on its own (as the paths of record and the inspector run it): no parent to tell. */
function start() {
  const confirm = controlled<Offer, { offerId: string }>();
  /** The events the flow itself received, by type: the names its pinned transitions are on. */
  const { received, inspect } = receivedEvents();
  const actor = createActor(deliveryConfirmMachine.provide({ actors: { confirmDelivery: confirm.logic } }), {
    inspect,
  });
  actor.start();
  const snapshot = () => actor.getSnapshot();
  return { actor, confirm, received, snapshot, value: () => snapshot().value, context: () => snapshot().context };
}

/** Confirm Delivery clicked on the offer's card: the dialog asks. */
function asking() {
  const flow = start();
  flow.actor.send({ type: 'delivery.ask', offerId: 'off_1' });
  expect(flow.value()).toBe('asking');
  return flow;
}

/** Yes, Confirm Delivery clicked: the confirmation is on its way. */
function sending() {
  const flow = asking();
  flow.actor.send({ type: 'delivery.confirm' });
  expect(flow.value()).toBe('sending');
  return flow;
}

describe('deliveryConfirm transitions', () => {
  const { pin, pinsEveryTransition } = pinTransitions(deliveryConfirmMachine);

  pin(
    { from: 'deliveryConfirm.idle', on: 'delivery.ask', to: 'deliveryConfirm.asking' },
    'from no dialog and no offer, Confirm Delivery asks about that offer, and sends nothing yet',
    () => {
      const { actor, confirm, snapshot, value, context } = start();
      expect(value()).toBe('idle');
      expect(context()).toEqual({ offerId: null, error: null });
      expect(selectAskingOffer(snapshot())).toBeNull();
      expect(selectDeliveryError(snapshot())).toBeNull();
      actor.send({ type: 'delivery.ask', offerId: 'off_1' });
      expect(value()).toBe('asking');
      expect(context()).toEqual({ offerId: 'off_1', error: null });
      expect(selectAskingOffer(snapshot())).toBe('off_1');
      expect(selectDeliveryError(snapshot())).toBeNull();
      expect(selectDeliverySending(snapshot())).toBe(false);
      expect(confirm.started).toBe(0);
    },
  );

  pin(
    { from: 'deliveryConfirm.asking', on: 'delivery.confirm', to: 'deliveryConfirm.sending' },
    'Yes sends the offer asked about; the dialog waits for the answer',
    () => {
      const { confirm, snapshot } = sending();
      expect(confirm.inputs).toEqual([{ offerId: 'off_1' }]);
      expect(selectDeliverySending(snapshot())).toBe(true);
      expect(selectAskingOffer(snapshot())).toBe('off_1');
      expect(selectDeliveryError(snapshot())).toBeNull();
    },
  );

  pin(
    { from: 'deliveryConfirm.asking', on: 'delivery.dismiss', to: 'deliveryConfirm.idle' },
    'No, Not Yet closes the dialog, sends nothing, and forgets the offer and an earlier refusal',
    async () => {
      const { actor, confirm, snapshot, value, context } = sending();
      await confirm.reject(apiRefusal(REFUSAL, 409));
      expect(selectDeliveryError(snapshot())).toBe(REFUSAL);
      actor.send({ type: 'delivery.dismiss' });
      expect(value()).toBe('idle');
      expect(context()).toEqual({ offerId: null, error: null });
      expect(selectAskingOffer(snapshot())).toBeNull();
      // The closing dialog no longer shows the refusal while it fades out.
      expect(selectDeliveryError(snapshot())).toBeNull();
      expect(confirm.started).toBe(1);
    },
  );

  pin(
    { from: 'deliveryConfirm.sending', on: 'xstate.done.actor.confirmDelivery', to: 'deliveryConfirm.idle' },
    'the confirmed delivery closes the dialog (on its own, with no parent to tell, the flow goes on)',
    async () => {
      const { confirm, received, snapshot, value, context } = sending();
      await confirm.resolve(completed);
      expect(received).toContain('xstate.done.actor.confirmDelivery');
      expect(value()).toBe('idle');
      expect(snapshot().status).toBe('active');
      expect(context()).toEqual({ offerId: null, error: null });
      expect(selectAskingOffer(snapshot())).toBeNull();
      expect(selectDeliverySending(snapshot())).toBe(false);
    },
  );

  pin(
    { from: 'deliveryConfirm.sending', on: 'xstate.error.actor.confirmDelivery', to: 'deliveryConfirm.asking' },
    "a refusal keeps the dialog on the same offer with the server's message; Yes again clears it and sends again",
    async () => {
      const { actor, confirm, received, snapshot, value, context } = sending();
      await confirm.reject(apiRefusal(REFUSAL, 409));
      expect(received).toContain('xstate.error.actor.confirmDelivery');
      expect(value()).toBe('asking');
      expect(context()).toEqual({ offerId: 'off_1', error: REFUSAL });
      expect(selectDeliveryError(snapshot())).toBe(REFUSAL);
      actor.send({ type: 'delivery.confirm' });
      expect(selectDeliveryError(snapshot())).toBeNull();
      expect(confirm.inputs).toEqual([{ offerId: 'off_1' }, { offerId: 'off_1' }]);
    },
  );

  pinsEveryTransition();
});
