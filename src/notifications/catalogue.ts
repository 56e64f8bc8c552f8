// The notifications modal's messages (docs/architecture.md §Languages): English, the source, and Mexican Spanish. The
// notifications themselves are written by the server when they happen, in English so far.
import { defineCatalogue } from '@/src/i18n/i18n';
import en from './messages/en.json';

export const notificationsMessages = defineCatalogue('notifications', en, {
  'es-MX': () => import('./messages/es-MX.json'),
});
export type NotificationsMessage = keyof typeof en;
