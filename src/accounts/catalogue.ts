// The sign-in pages' messages (docs/architecture.md §Languages): English, the source, and Mexican Spanish. The spec's
// Spanish error messages are the same in both.
import { defineCatalogue } from '@/src/i18n/i18n';
import en from './messages/en.json';

export const accountsMessages = defineCatalogue('accounts', en, { 'es-MX': () => import('./messages/es-MX.json') });
export type AccountsMessage = keyof typeof en;
