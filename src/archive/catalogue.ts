// The chat archive's messages (docs/architecture.md §Languages): Archive Chat, its search and the chat of a day or a
// stream, in English and Mexican Spanish. What chatters wrote, their names and the channels' stay as they are.
import { defineCatalogue } from '@/src/i18n/i18n';
import en from './messages/en.json';

export const archiveMessages = defineCatalogue('archive', en, {
  'es-MX': () => import('./messages/es-MX.json'),
});
export type ArchiveMessage = keyof typeof en;
