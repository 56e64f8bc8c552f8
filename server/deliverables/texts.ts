// What the deliverables write for a person to read, in the reader's language (server/http/texts.ts): the notices of
// an offer they completed (./completion-notices.ts), for its creator and its advertiser. A brand's name, a campaign's
// title and a creator's name stay as they are.
import { defineTexts } from '../http/texts.ts';

export const deliverablesTexts = defineTexts('deliverables', {
  // To the creator: what was delivered (per click: the window ended below the cap, or the cap reached), and where the
  // pay waits (the review window, or held for Castbridge's review).
  'notice.completed': { en: 'Sponsorship completed', 'es-MX': 'Patrocinio completado' },
  'notice.completedText': {
    en: `{clicks, select, partial {The campaign "{title}" has ended and your tracked link's clicks earned {pay} of the {cap} cap} capped {Your tracked link's clicks for "{title}" reached the {cap} cap} other {You delivered everything "{title}" asked for}}: {amount} {held, select, yes {is held for a review by Castbridge} other {is pending review until {until}}}, then it moves to your Earning Balance.`,
    'es-MX':
      '{clicks, select, partial {La campaña «{title}» terminó y los clics de tu enlace rastreado ganaron {pay} del tope de {cap}} capped {Los clics de tu enlace rastreado para «{title}» alcanzaron el tope de {cap}} other {Entregaste todo lo que pedía «{title}»}}: {amount} {held, select, yes {queda retenido para una revisión de Castbridge} other {queda en revisión hasta el {until}}}; después pasa a tu saldo de ganancias.',
  },
  // To the advertiser: what Castbridge counted, and until when they may dispute it.
  'notice.deliveryConfirmed': { en: 'Delivery confirmed', 'es-MX': 'Entrega confirmada' },
  'notice.deliveryConfirmedText': {
    en: `{clicks, select, partial {{creator}'s tracked link for "{title}" earned {pay} in counted clicks (the rest of the {cap} cap returns to your balance)} capped {{creator}'s tracked link for "{title}" earned {pay} in counted clicks (its cap)} other {{creator} delivered everything "{title}" asked for, as Castbridge counted it}}: {pay} is paid once the review window ends. You can review the proof and dispute it until {until}{held, select, yes {; Castbridge also holds it for a review of the proof} other {}}.`,
    'es-MX':
      '{clicks, select, partial {El enlace rastreado de {creator} para «{title}» ganó {pay} en clics contados (el resto del tope de {cap} vuelve a tu saldo)} capped {El enlace rastreado de {creator} para «{title}» ganó {pay} en clics contados (su tope)} other {{creator} entregó todo lo que pedía «{title}», según el conteo de Castbridge}}: {pay} se paga cuando termine el periodo de revisión. Puedes revisar la prueba y disputarla hasta el {until}{held, select, yes {; Castbridge además retiene el pago para revisar la prueba} other {}}.',
  },
});
