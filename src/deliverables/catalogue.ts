// The deliverables' messages (docs/architecture.md §Languages): the chat bot's dialog on an offer and the evidence of
// each deliverable (tracked-link clicks, promo-code redemptions, the bot's posts), in English and Mexican Spanish. The
// bot's line, the platforms' message ids and their reasons for dropping a post stay as they are.
import { defineCatalogue } from '@/src/i18n/i18n';
import en from './messages/en.json';

export const deliverablesMessages = defineCatalogue('deliverables', en, {
  'es-MX': () => import('./messages/es-MX.json'),
});
export type DeliverablesMessage = keyof typeof en;
