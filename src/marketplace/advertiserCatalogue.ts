// The advertiser's own screens (docs/architecture.md §Languages): Company Profile with its verification status, the
// advertiser's completion at /complete-register, and Campaigns with its checklist, its Funds card and the campaigns'
// cards, with the checks the company's form shows. A catalogue apart from the marketplace's (./catalogue.ts): the
// creator's screens do not carry it. The server's refusals come worded; a company's, a brand's and a campaign's names
// and what the advertiser wrote stay as they are.
import { defineCatalogue } from '@/src/i18n/i18n';
import en from './messages/advertiser.en.json';

export const advertiserMessages = defineCatalogue('advertiser', en, {
  'es-MX': () => import('./messages/advertiser.es-MX.json'),
});
export type AdvertiserMessage = keyof typeof en;
