// The marketplace's messages (docs/architecture.md §Languages): so far the creator's Media kit screen, in English and
// Mexican Spanish. What the creator wrote (the About), names and countries stay as they are.
import { defineCatalogue } from '@/src/i18n/i18n';
import en from './messages/en.json';

export const marketplaceMessages = defineCatalogue('marketplace', en, {
  'es-MX': () => import('./messages/es-MX.json'),
});
export type MarketplaceMessage = keyof typeof en;
