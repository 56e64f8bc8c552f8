// What the marketplace writes for a person to read besides its refusals, in the reader's language
// (server/http/texts.ts): so far the creator's notice of a new offer. A brand's name and a campaign's title stay as
// the advertiser wrote them.
import { defineTexts } from '../http/texts.ts';

export const marketplaceTexts = defineTexts('marketplace', {
  'notice.newOffer': { en: 'New sponsorship offer', 'es-MX': 'Nueva oferta de patrocinio' },
  'notice.newOfferText': {
    en: '{brand} would like to sponsor you: {title}. Review the offer in Sponsorship Offers.',
    'es-MX': '{brand} quiere patrocinarte: {title}. Revisa la oferta en Ofertas de patrocinio.',
  },
});
