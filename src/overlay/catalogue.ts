// The overlay's messages (docs/architecture.md §Languages): English, the source with the spec's OBS Extension texts,
// and Mexican Spanish. OBS's own names (Program, Studio Mode, Browser source) are said as Spanish OBS says them.
import { defineCatalogue } from '@/src/i18n/i18n';
import en from './messages/en.json';

export const overlayMessages = defineCatalogue('overlay', en, {
  'es-MX': () => import('./messages/es-MX.json'),
});
export type OverlayMessage = keyof typeof en;
