// The overlay's refusals in every language (server/http/problems.ts; codes in contract/errors.ts): its settings are
// the creator's, and the overlay page's heartbeats and presence are refused with its token. An offer's display proof
// that is not the caller's answers the marketplace's own 404 (marketplace.offer_unknown).
import { defineProblems } from '../http/problems.ts';

export const overlayProblems = defineProblems('overlay', {
  creators_only: {
    en: 'Only creators have an overlay',
    'es-MX': 'Solo los creadores tienen un overlay',
  },
  // An unknown or rotated token learns nothing more, not even whether the offer exists.
  token_unknown: {
    en: 'Not found',
    'es-MX': 'No se encontró',
  },
  switched_off: {
    en: 'The overlay is switched off: it does not count display',
    'es-MX': 'El overlay está desactivado: no cuenta la exhibición',
  },
  offer_not_running: {
    en: 'This overlay has no active offer with that id',
    'es-MX': 'Este overlay no tiene ninguna oferta activa con ese id',
  },
});
