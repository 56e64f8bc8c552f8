// The advertiser's campaign page, /campaigns/:id (docs/architecture.md §Languages): its controls with Launch and
// Cancel, the room with Add spots, the verified delivery (also the Campaigns cards' line), the details, the matched
// creators by offer status with their reasons and lines, and Confirm Delivery. A catalogue apart from the
// marketplace's (./catalogue.ts, whose deliverables' words the page reads too): it loads with the advertiser's
// screens only. The server's refusals come worded; the brand's, the campaign's and the creators' names, what they
// wrote and the targeting's stored values stay as they are.
import { defineCatalogue } from '@/src/i18n/i18n';
import en from './messages/campaign.en.json';

export const campaignMessages = defineCatalogue('campaign', en, {
  'es-MX': () => import('./messages/campaign.es-MX.json'),
});
export type CampaignMessage = keyof typeof en;
