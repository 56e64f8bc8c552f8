// The operator console's refusals in every language (server/http/problems.ts; codes in contract/errors.ts): an
// advertiser's review, approved or rejected once. Operators read the console in English or Mexican Spanish.
import { defineProblems } from '../http/problems.ts';

export const operatorProblems = defineProblems('operator', {
  advertiser_unknown: {
    en: 'No such advertiser',
    'es-MX': 'Ese anunciante no existe',
  },
  // `status`: the advertiser's, approved or rejected.
  advertiser_already_reviewed: {
    en: 'This advertiser is already {status}',
    'es-MX':
      'Este anunciante ya {status, select, approved {fue aprobado} rejected {fue rechazado} other {fue revisado}}',
  },
});
