// The HTTP basics' refusals in every language (server/http/problems.ts; codes in contract/errors.ts).
import { defineProblems } from './problems.ts';

export const httpProblems = defineProblems('http', {
  authentication_required: {
    en: 'Authentication required: send a valid token as "Authorization: Bearer <token>"',
    'es-MX': 'Necesitas iniciar sesión: envía un token válido como "Authorization: Bearer <token>"',
  },
  role_required: {
    en: 'Only {first, select, creator {creator} advertiser {advertiser} other {operator}}{second, select, creator { or creator} advertiser { or advertiser} operator { or operator} other {}} accounts can do this',
    'es-MX':
      'Solo las cuentas de {first, select, creator {creador} advertiser {anunciante} other {operador}}{second, select, creator { o de creador} advertiser { o de anunciante} operator { o de operador} other {}} pueden hacer esto',
  },
  no_endpoint: {
    en: 'No API endpoint {method} {path}',
    'es-MX': 'La API no tiene el endpoint {method} {path}',
  },
  body_too_large: {
    en: 'Request body is larger than {limit} bytes',
    'es-MX': 'El cuerpo de la solicitud pasa de {limit} bytes',
  },
  body_aborted: {
    en: 'The request was aborted before its body arrived',
    'es-MX': 'La solicitud se interrumpió antes de que llegara su cuerpo',
  },
  json_required: {
    en: 'Content-Type must be application/json',
    'es-MX': 'El Content-Type debe ser application/json',
  },
  invalid_utf8: {
    en: 'Request body is not valid UTF-8',
    'es-MX': 'El cuerpo de la solicitud no es UTF-8 válido',
  },
  invalid_json: {
    en: 'Request body is not valid JSON',
    'es-MX': 'El cuerpo de la solicitud no es JSON válido',
  },
  too_many_requests: {
    en: 'Too many requests; try again in {minutes, plural, one {# minute} other {# minutes}}',
    'es-MX': 'Demasiadas solicitudes; vuelve a intentarlo en {minutes, plural, one {# minuto} other {# minutos}}',
  },
  // A thread's author posting faster than its limits (./rate-limit.ts threadMessages): the dialog keeps the text.
  messages_too_fast: {
    en: 'You are sending messages too fast. Try again in {seconds, plural, one {# second} other {# seconds}}.',
    'es-MX':
      'Estás enviando mensajes demasiado rápido. Vuelve a intentarlo en {seconds, plural, one {# segundo} other {# segundos}}.',
  },
  idempotency_key_format: {
    en: 'Idempotency-Key must be 8 to 255 visible ASCII characters',
    'es-MX': 'El Idempotency-Key debe tener de 8 a 255 caracteres ASCII visibles',
  },
  idempotency_key_reused: {
    en: 'This Idempotency-Key was already used for a different request: send a new key with each new request',
    'es-MX':
      'Este Idempotency-Key ya se usó en otra solicitud distinta: envía una clave nueva con cada solicitud nueva',
  },
  idempotency_key_in_flight: {
    en: 'A request with this Idempotency-Key is still being processed: send it again shortly',
    'es-MX': 'Todavía se está procesando una solicitud con este Idempotency-Key: vuelve a enviarla en un momento',
  },
  // GET /api/health (server/app.ts).
  database_unreachable: {
    en: 'Database unreachable',
    'es-MX': 'No hay conexión con la base de datos',
  },
});
