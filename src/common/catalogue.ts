// The messages of the parts every area shares (docs/architecture.md §Languages): English, the source, and Mexican Spanish.
import { defineCatalogue } from '@/src/i18n/i18n';
import en from './messages/en.json';

export const commonMessages = defineCatalogue('common', en, { 'es-MX': () => import('./messages/es-MX.json') });
