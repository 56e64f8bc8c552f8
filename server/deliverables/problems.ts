// The deliverables' refusals in every language (server/http/problems.ts; codes in contract/errors.ts): what an
// advertiser's promo codes, its shop's redemptions and its report are refused, and an offer's progress and chat bot.
// An offer or a campaign that is not the caller's answers the marketplace's own 404 (marketplace.offer_unknown,
// marketplace.campaign_unknown), as its authorize step does. Codes, order ids, column and header names, a platform's
// name are the same in every language.
import { defineProblems } from '../http/problems.ts';

export const deliverablesProblems = defineProblems('deliverables', {
  // Promo codes (./promo.ts, ./promo-routes.ts).
  promo_forbidden: {
    en: "Only the campaign's advertiser manages its promo codes",
    'es-MX': 'Solo el anunciante de la campaña administra sus códigos promocionales',
  },
  promo_not_asked: {
    en: 'This campaign does not ask for promo-code redemptions',
    'es-MX': 'Esta campaña no pide canjes de códigos promocionales',
  },
  offer_not_coded: {
    en: 'No accepted offer {offerId} in this campaign',
    'es-MX': 'La oferta {offerId} no es una oferta aceptada de esta campaña',
  },
  offer_listed_twice: {
    en: 'codes: offer {offerId} is listed twice',
    'es-MX': 'codes: la oferta {offerId} aparece dos veces',
  },
  code_given_twice: {
    en: 'The code {code} is given to two offers',
    'es-MX': 'El código {code} está asignado a dos ofertas',
  },
  // `hasCode` no when another request took it meanwhile (the database refused it, without saying which).
  code_taken: {
    en: '{hasCode, select, yes {The code {code}} other {That code}} is already taken in this campaign',
    'es-MX': '{hasCode, select, yes {El código {code}} other {Ese código}} ya está en uso en esta campaña',
  },
  // Redemptions: the shop's server, with the campaign's key.
  redemption_key_required: {
    en: 'A redemption key is required: Authorization: Bearer {prefix}…',
    'es-MX': 'Se necesita una clave de canje: Authorization: Bearer {prefix}…',
  },
  redemption_key_unknown: {
    en: 'Unknown redemption key',
    'es-MX': 'Esa clave de canje no existe',
  },
  redemptions_throttled: {
    en: 'Too many redemptions for this key; try again in {seconds, plural, one {# second} other {# seconds}}.',
    'es-MX':
      'Demasiados canjes con esta clave; vuelve a intentarlo en {seconds, plural, one {# segundo} other {# segundos}}.',
  },
  redeemed_at_invalid: {
    en: 'redeemedAt: must be a date and time (ISO 8601)',
    'es-MX': 'redeemedAt: debe ser una fecha y hora (ISO 8601)',
  },
  redeemed_at_future: {
    en: 'redeemedAt: must not be in the future',
    'es-MX': 'redeemedAt: no puede estar en el futuro',
  },
  code_unknown: {
    en: 'No code {code} in this campaign',
    'es-MX': 'El código {code} no existe en esta campaña',
  },
  // The shop's CSV export, uploaded by the advertiser.
  csv_content_type: {
    en: 'Not CSV: Content-Type must be text/csv',
    'es-MX': 'No es un CSV: el Content-Type debe ser text/csv',
  },
  csv_not_utf8: {
    en: 'Not CSV: the file is not UTF-8 text (save it as "CSV UTF-8")',
    'es-MX': 'No es un CSV: el archivo no es texto UTF-8 (guárdalo como "CSV UTF-8")',
  },
  // `problem` is CsvSyntaxError's (./promo.ts).
  csv_syntax: {
    en: 'Not CSV: line {line}: {problem, select, unclosed {a quoted cell is never closed} other {text after a closing quote (a quote inside a cell is written "")}}',
    'es-MX':
      'No es un CSV: línea {line}: {problem, select, unclosed {una celda entre comillas nunca se cierra} other {hay texto después de las comillas que cierran una celda (unas comillas dentro de una celda se escriben "")}}',
  },
  csv_empty: {
    en: 'The file is empty: a header with order_id and code is required',
    'es-MX': 'El archivo está vacío: necesita un encabezado con order_id y code',
  },
  csv_columns: {
    en: 'The header must name the columns order_id and code (amount and redeemed_at are optional)',
    'es-MX': 'El encabezado debe nombrar las columnas order_id y code (amount y redeemed_at son opcionales)',
  },
  csv_too_many_rows: {
    en: 'At most {max, number} rows per upload; this file has {rows, number}',
    'es-MX': 'Puedes subir como máximo {max, number} filas a la vez; este archivo tiene {rows, number}',
  },
  // The brand's report (./report.ts, ./report-routes.ts).
  report_forbidden: {
    en: "Only the campaign's advertiser reads its report",
    'es-MX': 'Solo el anunciante de la campaña puede ver su reporte',
  },
  // `field` is the query parameter: from or to.
  report_day_invalid: {
    en: '{field}: must be a day, YYYY-MM-DD',
    'es-MX': '{field}: debe ser un día, AAAA-MM-DD',
  },
  report_range_reversed: {
    en: 'to: must not be before from',
    'es-MX': 'to: no puede ser anterior a from',
  },
  report_range_too_long: {
    en: 'to: at most {max} days in one report',
    'es-MX': 'to: un reporte abarca como máximo {max, number} días',
  },
  report_offer_unknown: {
    en: 'No such offer in this campaign',
    'es-MX': 'Esa oferta no es de esta campaña',
  },
  report_link_gone: {
    en: 'This report link is no longer available',
    'es-MX': 'Este enlace al reporte ya no está disponible',
  },
  share_unknown: {
    en: 'No such share link',
    'es-MX': 'Ese enlace para compartir no existe',
  },
  // An offer's progress (./progress-routes.ts) and its chat bot (./bot.ts, ./bot-routes.ts); `status` is
  // offerState's (server/marketplace/problems.ts).
  not_accepted_yet: {
    en: 'This offer is {status}: its deliverables are counted once it is accepted',
    'es-MX': 'Esta oferta {status}: sus entregables empiezan a contarse cuando se acepta',
  },
  bot_none: {
    en: 'This offer has no chat bot',
    'es-MX': 'Esta oferta no tiene bot del chat',
  },
  bot_offer_not_running: {
    en: 'This offer is {status}: the bot posts only for an accepted offer',
    'es-MX': 'Esta oferta {status}: el bot solo publica mientras la oferta está aceptada',
  },
  bot_platform_unknown: {
    en: 'Unknown platform',
    'es-MX': 'Plataforma desconocida',
  },
  bot_account_missing: {
    en: 'No {platform} account is connected',
    'es-MX': 'No tienes una cuenta de {platform} conectada',
  },
  bot_permission_missing: {
    en: 'Twitch has not granted Castbridge’s bot permission to post in your chat (channel:bot): connect Twitch again, then turn this on',
    'es-MX':
      'Twitch no le ha dado permiso al bot de Castbridge para publicar en tu chat (channel:bot): vuelve a conectar Twitch y luego actívalo',
  },
});
