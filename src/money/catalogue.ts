// Money's messages (docs/architecture.md §Languages): English, the source with the spec's Earnings and Withdraw texts
// verbatim, and Mexican Spanish. A refusal shown in the Withdraw dialog is the server's, in the page's language.
import { defineCatalogue } from '@/src/i18n/i18n';
import en from './messages/en.json';

export const moneyMessages = defineCatalogue('money', en, {
  'es-MX': () => import('./messages/es-MX.json'),
});
export type MoneyMessage = keyof typeof en;
