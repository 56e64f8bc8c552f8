// What the notifications domain writes around a notification, in the notification's language (server/http/texts.ts):
// its e-mail's button and why the e-mail came; and a thread digest's words, in its reader's language. A notification's
// own words are its domain's (server/money/texts.ts, server/marketplace/texts.ts); a digest quotes the messages, their
// authors' names and the campaign's title as they are.
import { defineTexts } from '../http/texts.ts';

export const notificationTexts = defineTexts('notifications', {
  'mail.open': { en: 'Open Castbridge', 'es-MX': 'Abrir Castbridge' },
  'mail.why': {
    en: 'You get these e-mails because Notifications is on in your Settings.',
    'es-MX': 'Recibes estos correos porque las notificaciones están activadas en tu Configuración.',
  },
  // A thread digest (store.ts sendThreadDigest): its subject and heading, and, when it quotes only the newest, says so.
  // English counts as it always has ("1000").
  'digest.subject': {
    en: '{count, plural, =1 {A new message} other {{count} new messages}} about "{title}"',
    'es-MX': '{count, plural, =1 {Un mensaje nuevo} other {# mensajes nuevos}} sobre «{title}»',
  },
  'digest.newest': {
    en: 'The newest {count} of them; the thread has the rest.',
    'es-MX': 'Estos son los {count, number} más recientes; el resto está en la conversación.',
  },
});
