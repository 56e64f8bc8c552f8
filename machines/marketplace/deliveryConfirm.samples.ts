// The deliveryConfirm flow's samples, for its generated paths and the inspector (catalogued in machines/samples.ts).
import { apiRefusal, type Fixture } from '../events';
import type { deliveryConfirmMachine } from './deliveryConfirm.machine';
import { sampleOffer } from './samples';

export const samples = {
  events: {
    'delivery.ask': [{ type: 'delivery.ask', offerId: 'off_1' }],
    'xstate.done.actor.confirmDelivery': [
      {
        type: 'xstate.done.actor.confirmDelivery',
        output: { ...sampleOffer, status: 'completed', completedAt: '2026-11-24T10:00:00.000Z', earnedCents: 25_000 },
      },
    ],
    'xstate.error.actor.confirmDelivery': [
      { type: 'xstate.error.actor.confirmDelivery', error: apiRefusal('This offer is already completed', 409) },
    ],
  },
  abstract: (context) => ({ asking: context.offerId !== null, failed: context.error !== null }),
} satisfies Fixture<typeof deliveryConfirmMachine>;
