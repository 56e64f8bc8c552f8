// The advertiser's Find creators screen (docs/architecture.md §Languages): the search with its filters and sorts, the
// creators' cards, the saved lists, and the Save to list and Invite dialogs, with what creatorLists holds as ids. A
// catalogue apart from the marketplace's (./catalogue.ts): it loads with this screen only. List names, the creators'
// names, handles and countries, a campaign's brand and title, what people wrote, the platforms' names and the
// server's refusals and reasons stay as they come.
import { defineCatalogue } from '@/src/i18n/i18n';
import en from './messages/findCreators.en.json';

export const findCreatorsMessages = defineCatalogue('findCreators', en, {
  'es-MX': () => import('./messages/findCreators.es-MX.json'),
});
export type FindCreatorsMessage = keyof typeof en;
