// Connect Accounts' messages (docs/architecture.md §Languages): English, the source, and Mexican Spanish. A refusal
// shown on a card is the server's or the platform's, as they wrote it.
import { defineCatalogue } from '@/src/i18n/i18n';
import en from './messages/en.json';

export const connectionsMessages = defineCatalogue('connections', en, {
  'es-MX': () => import('./messages/es-MX.json'),
});
export type ConnectionsMessage = keyof typeof en;
