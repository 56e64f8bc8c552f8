// The advertiser's campaign editor (/campaigns/new, /campaigns/:id/edit; docs/architecture.md §Languages): its fields,
// deliverables, pay, targeting and creative, the checks campaignEditor holds as ids with values, and a draft's line of
// what Launch still needs (LaunchNeeds, on the campaign's page). A catalogue apart from the marketplace's
// (./catalogue.ts): it loads with the editor. The server's refusals come as they are; what the brand wrote, the
// platforms' and the countries' names stay as they are.
import { defineCatalogue } from '@/src/i18n/i18n';
import en from './messages/campaignEditor.en.json';

export const campaignEditorMessages = defineCatalogue('campaignEditor', en, {
  'es-MX': () => import('./messages/campaignEditor.es-MX.json'),
});
export type CampaignEditorMessage = keyof typeof en;
