// The offers flow's samples, for its generated paths and the inspector (catalogued in machines/samples.ts).
import type { Fixture } from '../events';
import type { offersMachine } from './offers.machine';
import { changedOffer, sampleCreatorOffers } from './samples';

export const samples = {
  events: {
    'xstate.done.actor.listOffers': [{ type: 'xstate.done.actor.listOffers', output: sampleCreatorOffers }],
    'offer.changed': [
      { type: 'offer.changed', offer: changedOffer('info_requested'), action: 'request-info' },
      { type: 'offer.changed', offer: changedOffer('accepted'), action: 'accept' },
    ],
    'tab.select': [{ type: 'tab.select', tab: 'accepted' }],
    'thread.open': [
      { type: 'thread.open', offerId: 'off_won' },
      { type: 'thread.open', offerId: 'off_unknown' },
    ],
  },
  abstract: (context) => ({
    offers: context.offers.map((offer) => offer.status),
    tab: context.tab,
    thread: context.threadOfferId !== null,
    failed: context.error !== null,
    refreshFailed: context.refreshError !== null,
  }),
} satisfies Fixture<typeof offersMachine>;
