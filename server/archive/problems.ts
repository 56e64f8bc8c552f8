// The chat archive's refusals in every language (server/http/problems.ts; codes in contract/errors.ts): what Archive
// Chat, its search and its deletions are refused. A platform's name and a chatter's id are the same in every language.
import { defineProblems } from '../http/problems.ts';

export const archiveProblems = defineProblems('archive', {
  not_connected: {
    en: 'Connect your {platform} account first (Connect Accounts)',
    'es-MX': 'Primero conecta tu cuenta de {platform} (Conectar cuentas)',
  },
  not_configured: {
    en: '{platform} live chat cannot be archived on this server: it is not configured',
    'es-MX': 'El chat en vivo de {platform} no se puede archivar en este servidor: no está configurado',
  },
  stream_unknown: {
    en: 'No such archived stream',
    'es-MX': 'Esa transmisión archivada no existe',
  },
  day_empty: {
    en: 'No {platform} chat is archived for {date}',
    'es-MX': 'No hay chat de {platform} archivado del {date}',
  },
  nothing_on_day: {
    en: 'No chat is archived for {date}',
    'es-MX': 'No hay chat archivado del {date}',
  },
  chatter_unknown: {
    en: 'Nothing from chatter {chatterId} is archived on {platform}',
    'es-MX': 'No hay nada del participante {chatterId} archivado en {platform}',
  },
  // A path that names no day, or no chatter: the words a schema would have said.
  date_malformed: {
    en: 'date: must be a date as YYYY-MM-DD',
    'es-MX': 'date: debe ser una fecha con el formato AAAA-MM-DD',
  },
  date_not_a_day: {
    en: 'date: is not a day of the calendar',
    'es-MX': 'date: no es un día del calendario',
  },
  chatter_id_malformed: {
    en: "chatterId: must be a chatter's id (the chatterId of their messages)",
    'es-MX': 'chatterId: debe ser el id de un participante (el chatterId de sus mensajes)',
  },
});
