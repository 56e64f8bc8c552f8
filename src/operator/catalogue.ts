// The operator console's messages (docs/architecture.md §Languages), in English and Mexican Spanish for Castbridge's
// staff in Mexico and the US: so far the console's tabs, the Advertisers tab with its reason dialog, and the
// Campaigns, Users (with the 1099-NEC export) and Support Tickets tabs. The money tabs, Reviews and Platform budgets
// are still English (EnglishOnly in OperatorConsole.tsx). What people wrote, names, the server's refusals and the
// IRS forms' names stay as they are.
import { defineCatalogue } from '@/src/i18n/i18n';
import en from './messages/en.json';

export const operatorMessages = defineCatalogue('operator', en, {
  'es-MX': () => import('./messages/es-MX.json'),
});
export type OperatorMessage = keyof typeof en;
