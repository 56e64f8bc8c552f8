// What the overlay writes for a person to read, in the reader's language (server/http/texts.ts): the notices of an
// offer its verified minutes completed (server/deliverables/completion-notices.ts), for its creator and its
// advertiser. A brand's name, a campaign's title and a creator's name stay as they are.
import { defineTexts } from '../http/texts.ts';

export const overlayTexts = defineTexts('overlay', {
  // To the creator: the pay waits for the review window, or is held for Castbridge's review.
  'notice.completed': { en: 'Sponsorship completed', 'es-MX': 'Patrocinio completado' },
  'notice.completedText': {
    en: 'Your overlay showed "{title}" for its full time: {amount} {held, select, yes {is held for a review by Castbridge} other {is pending review until {until}}}, then it moves to your Earning Balance.',
    'es-MX':
      'Tu overlay mostró «{title}» durante todo el tiempo pedido: {amount} {held, select, yes {queda retenido para una revisión de Castbridge} other {queda en revisión hasta el {until}}}; después pasa a tu saldo de ganancias.',
  },
  // To the advertiser: the platform verified it; they may dispute it until the window ends.
  'notice.deliveryConfirmed': { en: 'Delivery confirmed', 'es-MX': 'Entrega confirmada' },
  'notice.deliveryConfirmedText': {
    en: '{creator} completed "{title}", verified by the platform: {pay} is paid once the review window ends. You can review the proof and dispute it until {until}{held, select, yes {; Castbridge also holds it for a review of the proof} other {}}.',
    'es-MX':
      '{creator} completó «{title}», verificado por la plataforma: {pay} se paga cuando termine el periodo de revisión. Puedes revisar la prueba y disputarla hasta el {until}{held, select, yes {; Castbridge además retiene el pago para revisar la prueba} other {}}.',
  },
});
