// What Contact Us and Help and Support are answered, in every language (server/http/texts.ts): in the language of the
// page the ticket was sent from. The ticket's e-mail goes to Castbridge's support address and stays English.
import { defineTexts } from '../http/texts.ts';

export const supportTexts = defineTexts('support', {
  received: {
    en: 'Thank you! We received your message and will answer by email.',
    'es-MX': '¡Gracias! Recibimos tu mensaje y te responderemos por correo.',
  },
});
