// What the public site's newsletter says, in every language (server/http/texts.ts): the welcome e-mail and the
// answers to subscribing and unsubscribing, in the language of the page that asked (its Accept-Language). The English
// is what they always said.
import { defineTexts } from '../http/texts.ts';

export const publicTexts = defineTexts('public', {
  subscribed: {
    en: 'Thanks for subscribing! We have sent a confirmation to your email.',
    'es-MX': '¡Gracias por suscribirte! Te enviamos una confirmación a tu correo.',
  },
  unsubscribed: {
    en: 'You are unsubscribed. You will not get our newsletter any more.',
    'es-MX': 'Cancelaste tu suscripción. Ya no recibirás nuestro boletín.',
  },
  'welcome.subject': {
    en: 'You are subscribed to the Castbridge newsletter',
    'es-MX': 'Te suscribiste al boletín de Castbridge',
  },
  'welcome.heading': {
    en: 'Welcome to the Castbridge newsletter',
    'es-MX': 'Te damos la bienvenida al boletín de Castbridge',
  },
  'welcome.text': {
    en: 'You will get our updates on sponsorships, the overlay and the chat archive at this address.',
    'es-MX': 'En este correo recibirás nuestras novedades sobre patrocinios, el overlay y el archivo del chat.',
  },
  'welcome.unsubscribe': { en: 'Unsubscribe', 'es-MX': 'Cancelar suscripción' },
  'welcome.footnote': {
    en: 'If you did not subscribe, use the link above and you will hear no more from us.',
    'es-MX': 'Si no te suscribiste, usa el enlace de arriba y no volverás a saber de nosotros.',
  },
});
