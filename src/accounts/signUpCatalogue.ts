// Sign-up's and reset password's messages, and the password forms' problems (docs/architecture.md §Languages): a
// catalogue apart from the sign-in pages' (./catalogue.ts), so that each public page carries only its own words.
import { defineCatalogue } from '@/src/i18n/i18n';
import en from './messages/signUp.en.json';

export const accountsSignUpMessages = defineCatalogue('accountsSignUp', en, {
  'es-MX': () => import('./messages/signUp.es-MX.json'),
});
export type AccountsSignUpMessage = keyof typeof en;
