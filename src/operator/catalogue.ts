// The operator console's messages (docs/architecture.md §Languages), in English and Mexican Spanish for Castbridge's
// staff in Mexico and the US: every tab of the console (Advertisers with its reason dialog, Funds with the transfer
// instructions, Payouts, Refunds and disputes, Reviews with its Resolve dialog, Campaigns, Users with the 1099-NEC
// export, Support Tickets and Platform budgets). What people wrote, names, the server's refusals and the IRS forms'
// names stay as they are.
import { defineCatalogue } from '@/src/i18n/i18n';
import en from './messages/en.json';

export const operatorMessages = defineCatalogue('operator', en, {
  'es-MX': () => import('./messages/es-MX.json'),
});
export type OperatorMessage = keyof typeof en;
