// What the notifications domain writes around a notification, in the notification's language (server/http/texts.ts):
// its e-mail's button and why the e-mail came. A notification's own words are its domain's (server/money/texts.ts).
import { defineTexts } from '../http/texts.ts';

export const notificationTexts = defineTexts('notifications', {
  'mail.open': { en: 'Open Castbridge', 'es-MX': 'Abrir Castbridge' },
  'mail.why': {
    en: 'You get these e-mails because Notifications is on in your Settings.',
    'es-MX': 'Recibes estos correos porque las notificaciones están activadas en tu Configuración.',
  },
});
