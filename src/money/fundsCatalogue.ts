// The Campaigns screen's self-serve money (docs/architecture.md §Languages): the Funds card's held and owed amounts,
// Add funds and Refund unspent funds with their dialogs and checks, the payment come back from Stripe and the card and
// bank payments. A catalogue apart from money's (./catalogue.ts): the creator's Earnings do not carry it. The sums are
// US dollars the language's way; the server's refusals and what Stripe or a bank said come worded as they are.
import { defineCatalogue } from '@/src/i18n/i18n';
import en from './messages/funds.en.json';

export const fundsMessages = defineCatalogue('funds', en, {
  'es-MX': () => import('./messages/funds.es-MX.json'),
});
export type FundsMessage = keyof typeof en;
