// Live events' refusals in every language (server/http/problems.ts; codes in contract/errors.ts): a ticket for the
// event stream, and the stream it opens once (./tickets.ts).
import { defineProblems } from '../http/problems.ts';

export const notificationProblems = defineProblems('notifications', {
  session_ended: {
    en: 'Authentication required',
    'es-MX': 'Necesitas iniciar sesión',
  },
  ticket_invalid: {
    en: 'The events ticket is missing, expired or invalid: get a new one from POST /api/events/ticket',
    'es-MX': 'El ticket de eventos falta, venció o no es válido: pide uno nuevo con POST /api/events/ticket',
  },
  ticket_used: {
    en: 'The events ticket was already used: get a new one from POST /api/events/ticket',
    'es-MX': 'El ticket de eventos ya se usó: pide uno nuevo con POST /api/events/ticket',
  },
});
