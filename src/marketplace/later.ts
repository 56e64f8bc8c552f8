// What the Sponsorship Offers screen loads after it shows, in one dynamic import asked for as it mounts: the cards'
// actions with their dialogs, the thread dialog (its own chunk, shared with the advertiser's campaign page), and the
// rare failure notices.
export { CounterOffer } from './CounterOffer';
export { OfferActions } from './OfferActions';
export { OffersOutlook } from './OffersOutlook';
export { OffersProblem } from './OffersProblem';
export { ThreadDialog } from '@/src/marketplace/ThreadDialog';
