// The advertiser's campaign report screen (docs/architecture.md §Languages): its heading, its share links and the
// campaign's promo codes (their checks and notices, which the machines hold as ids), with the Copy button of a value
// shown once. A catalogue apart from the deliverables' (./catalogue.ts, which words the report's body and is shared
// with the public report page): it loads with the advertiser's screens only. The server's refusals come worded; the
// creators' names and the share links' labels stay as written.
import { defineCatalogue } from '@/src/i18n/i18n';
import en from './messages/campaignReport.en.json';

export const campaignReportMessages = defineCatalogue('campaignReport', en, {
  'es-MX': () => import('./messages/campaignReport.es-MX.json'),
});
export type CampaignReportMessage = keyof typeof en;
