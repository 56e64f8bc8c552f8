// What the accounts domain mails, in every language (server/http/texts.ts): the password-reset e-mail, written in the
// account's language.
import { defineTexts } from '../http/texts.ts';

export const accountTexts = defineTexts('accounts', {
  'reset.subject': { en: 'Reset your Castbridge password', 'es-MX': 'Restablece tu contraseña de Castbridge' },
  'reset.heading': { en: 'Choose a new password', 'es-MX': 'Elige una contraseña nueva' },
  'reset.asked': {
    en: 'Someone (we hope you) asked to reset the password of the Castbridge account for this email address.',
    'es-MX':
      'Alguien (esperamos que tú) pidió restablecer la contraseña de la cuenta de Castbridge de este correo electrónico.',
  },
  'reset.once': {
    en: 'The link works once and for {minutes} minutes. Asking again replaces it.',
    'es-MX': 'El enlace funciona una sola vez y durante {minutes} minutos. Si lo pides de nuevo, se reemplaza.',
  },
  'reset.action': { en: 'Choose a new password', 'es-MX': 'Elegir una contraseña nueva' },
  'reset.footnote': {
    en: 'If you did not ask for this, ignore this e-mail: your password stays as it is.',
    'es-MX': 'Si no lo pediste, ignora este correo: tu contraseña se queda como está.',
  },
});
