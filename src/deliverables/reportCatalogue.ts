// A campaign report's words (docs/architecture.md §Languages): its figures, totals, days and creators, as the shared
// report `/reports/<token>` and the advertiser's report screen show them (ReportBody). A catalogue apart from the
// deliverables' (./catalogue.ts): the shared report is a public page, held to the public routes' budget, and carries
// no word of the bot's dialog or the evidence. The brand's and the creators' names stay as written.
import { defineCatalogue } from '@/src/i18n/i18n';
import en from './messages/report.en.json';

export const reportMessages = defineCatalogue('report', en, {
  'es-MX': () => import('./messages/report.es-MX.json'),
});
export type ReportMessage = keyof typeof en;
