// The dashboard shell's messages (docs/architecture.md §Languages): English, the source, and Mexican Spanish.
import { defineCatalogue } from '@/src/i18n/i18n';
import en from './messages/en.json';

export const shellMessages = defineCatalogue('shell', en, { 'es-MX': () => import('./messages/es-MX.json') });
export type ShellMessage = keyof typeof en;
