// The signed-in screens' messages (Settings, complete-register), a catalogue apart from the sign-in pages' (./catalogue.ts):
// those are prerendered and held to the public routes' budget, and do not carry these (docs/architecture.md §Languages).
import { defineCatalogue } from '@/src/i18n/i18n';
import en from './messages/signedIn.en.json';

export const accountsSignedInMessages = defineCatalogue('accountsSignedIn', en, {
  'es-MX': () => import('./messages/signedIn.es-MX.json'),
});
export type AccountsSignedInMessage = keyof typeof en;
