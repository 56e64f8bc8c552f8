// The public site's refusals in every language (server/http/problems.ts; codes in contract/errors.ts): an unsubscribe
// link that is not one, met on /unsubscribe in the page's language.
import { defineProblems } from '../http/problems.ts';

export const publicProblems = defineProblems('public', {
  unsubscribe_unknown: {
    en: 'This unsubscribe link is not valid.',
    'es-MX': 'Este enlace para cancelar la suscripción no es válido.',
  },
});
