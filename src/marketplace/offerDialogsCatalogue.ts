// The Sponsorship Offers cards' actions and dialogs (docs/architecture.md §Languages): Accept, Decline with its reason,
// Request More Information, the counter-offer (the creator's, and the advertiser's answer to it) and an offer's
// thread, with the checks their fields show. A catalogue apart from the marketplace's (./catalogue.ts): it loads with
// the cards' actions and the dialogs, not with the screens that show them. The server's refusals come worded; what a
// brand or a creator wrote, and their names, stay as they are.
import { defineCatalogue } from '@/src/i18n/i18n';
import en from './messages/offerDialogs.en.json';

export const offerDialogsMessages = defineCatalogue('offerDialogs', en, {
  'es-MX': () => import('./messages/offerDialogs.es-MX.json'),
});
export type OfferDialogsMessage = keyof typeof en;
