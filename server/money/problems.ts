// The money domain's refusals in every language (server/http/problems.ts; codes in contract/errors.ts): a withdrawal
// refused before anything was sent. The Withdraw dialog shows the message and, by the code, where to put it right.
// Then an advertiser's deposits, refunds, reservations and disputes of a delivery; an operator's decisions on payouts,
// refunds and reviews; and Stripe's webhooks. A sum is `money(cents)`; what Stripe said stays as it said it.
import { defineProblems } from '../http/problems.ts';

export const moneyProblems = defineProblems('money', {
  // An offer that is not the advertiser's (its delivery's dispute or earning): as the marketplace says it, whose
  // table money, below it, does not import.
  offer_unknown: { en: 'No such offer', 'es-MX': 'Esa oferta no existe' },
  idempotency_key_required: {
    en: 'Idempotency-Key header is required: send a new random key (e.g. a UUID) with each withdrawal',
    'es-MX':
      'Falta el encabezado Idempotency-Key: envía una clave aleatoria nueva (por ejemplo, un UUID) con cada retiro',
  },
  idempotency_key_reused: {
    en: 'This Idempotency-Key was already used for a different withdrawal',
    'es-MX': 'Este Idempotency-Key ya se usó en otro retiro distinto',
  },
  withdrawal_below_minimum: {
    en: 'Withdrawals start at {minimum}.',
    'es-MX': 'Los retiros empiezan en {minimum}.',
  },
  payout_method_unknown: {
    en: 'No such payout method',
    'es-MX': 'Ese método de pago no existe',
  },
  no_payout_method: {
    en: 'Add a payout method in Set Payout Method before withdrawing.',
    'es-MX': 'Agrega un método de pago en Configurar método de pago antes de retirar.',
  },
  tax_form_missing: {
    en: 'File your tax form (Form W-9 or Form W-8BEN) in Tax Form before withdrawing: Castbridge needs it before your first payout.',
    'es-MX':
      'Envía tu formulario fiscal (Form W-9 o Form W-8BEN) en Formulario fiscal antes de retirar: Castbridge lo necesita antes de tu primer pago.',
  },
  stripe_not_set_up: {
    en: 'Set up Stripe payouts in Set Payout Method before withdrawing through Stripe.',
    'es-MX': 'Configura los pagos con Stripe en Configurar método de pago antes de retirar con Stripe.',
  },
  stripe_needs_details: {
    en: 'Stripe cannot pay you yet: Stripe still needs {needs}. Finish in Set Payout Method.',
    'es-MX': 'Stripe todavía no puede pagarte: aún necesita {needs}. Termina en Configurar método de pago.',
  },
  stripe_restricted: {
    en: 'Stripe cannot pay you yet: {reason}',
    'es-MX': 'Stripe todavía no puede pagarte: {reason}',
  },
  over_balance: {
    en: 'Your available balance is {balance}: you cannot withdraw {amount}.',
    'es-MX': 'Tu saldo disponible es de {balance}: no puedes retirar {amount}.',
  },
  stripe_not_offered: {
    en: 'Payouts through Stripe are not offered here',
    'es-MX': 'Aquí no se ofrecen pagos con Stripe',
  },
  stripe_start_failed: {
    en: 'Stripe did not start your onboarding: {detail}',
    'es-MX': 'Stripe no inició tu registro: {detail}',
  },
  tax_form_daily_limit: {
    en: 'You have filed {limit} tax forms today, the most in one day. You can file again from {day} 00:00 UTC (in {hours, plural, one {less than an hour} other {about # hours}}).',
    'es-MX':
      'Hoy ya enviaste {limit} formularios fiscales, el máximo en un día. Puedes volver a enviar a partir del {day} a las 00:00 UTC ({hours, plural, one {en menos de una hora} other {en unas # horas}}).',
  },
  // An advertiser's card and bank-debit deposits, and refunds of unspent funds.
  cards_not_offered: {
    en: 'Card and bank-debit payments are not set up here: add funds by bank transfer instead.',
    'es-MX':
      'Aquí no están disponibles los pagos con tarjeta ni con débito bancario: mejor agrega fondos por transferencia bancaria.',
  },
  checkout_down: {
    en: 'Stripe did not open the payment page: nothing was charged, try again in a moment.',
    'es-MX': 'Stripe no abrió la página de pago: no se te cobró nada, vuelve a intentarlo en un momento.',
  },
  // Stripe did not answer a cancel: the page stays payable until Stripe expires it (24 hours).
  cancel_down: {
    en: 'Stripe did not answer: nothing was charged, and the payment page closes on its own within a day.',
    'es-MX': 'Stripe no respondió: no se te cobró nada, y la página de pago se cierra sola en menos de un día.',
  },
  deposit_unknown: { en: 'No such deposit', 'es-MX': 'Ese depósito no existe' },
  advertiser_unknown: { en: 'No such advertiser', 'es-MX': 'Ese anunciante no existe' },
  refund_over_balance: {
    en: 'Your free balance is {balance}: you cannot ask for {amount} back.',
    'es-MX': 'Tu saldo libre es de {balance}: no puedes pedir que te devolvamos {amount}.',
  },
  // The words of the Funds card (src/money/messages/funds.*.json `owed.open`, `owed.lost`).
  debt_owed: {
    en: '{disputeOpen, select, yes {A card payment of yours is disputed: {owed} is owed to Castbridge until the dispute closes. Refunds and launches wait until it is covered.} other {A card payment of yours was disputed and the bank took it back: {owed} is owed to Castbridge. Refunds and launches wait until it is covered: add funds, or cancel a campaign to free what it reserves.}}',
    'es-MX':
      '{disputeOpen, select, yes {Uno de tus pagos con tarjeta está en disputa: le debes {owed} a Castbridge hasta que la disputa se cierre. Los reembolsos y lanzamientos esperan hasta que se cubra.} other {Uno de tus pagos con tarjeta se disputó y el banco lo revirtió: le debes {owed} a Castbridge. Los reembolsos y lanzamientos esperan hasta que se cubra: agrega fondos o cancela una campaña para liberar lo que reserva.}}',
  },
  launch_short_of_funds: {
    en: 'Launching reserves {amount} (pay × spots) and your balance is {balance}: add funds, or lower the pay or the spots, before launching',
    'es-MX':
      'Lanzar la campaña reserva {amount} (pago × lugares) y tu saldo es de {balance}: agrega fondos o baja el pago o los lugares antes de lanzarla',
  },
  spots_short_of_funds: {
    en: 'Adding {added} {added, plural, one {spot} other {spots}} reserves {amount} (pay × spots) and your balance is {balance}: add funds, or add fewer spots',
    'es-MX':
      'Sumar {added, plural, one {# lugar} other {# lugares}} reserva {amount} (pago × lugares) y tu saldo es de {balance}: agrega fondos o suma menos lugares',
  },
  reservation_short: {
    en: "This campaign's reservation does not cover the pay; contact Castbridge support",
    'es-MX': 'La reserva de esta campaña no alcanza para el pago; contacta al soporte de Castbridge',
  },
  // The advertiser's dispute of a delivery in its review window. `ends` is the window's end, worded.
  dispute_advertiser_only: {
    en: "Only the campaign's advertiser disputes a delivery",
    'es-MX': 'Solo el anunciante de la campaña puede disputar una entrega',
  },
  dispute_confirmed: {
    en: 'You confirmed this delivery yourself: it has no review window to dispute',
    'es-MX': 'Esta entrega la confirmaste tú: no tiene un periodo de revisión que disputar',
  },
  dispute_not_completed: {
    en: 'This offer is not completed yet: a delivery can be disputed once the overlay completes it',
    'es-MX': 'Esta oferta todavía no se completa: puedes disputar una entrega cuando el overlay la complete',
  },
  dispute_released: {
    en: 'The review window has ended and the pay was released to the creator',
    'es-MX': 'El periodo de revisión ya terminó y el pago se liberó al creador',
  },
  dispute_already_open: {
    en: 'You already disputed this delivery: Castbridge will decide',
    'es-MX': 'Ya disputaste esta entrega: Castbridge decidirá',
  },
  dispute_resolved: {
    en: 'Castbridge already resolved this delivery',
    'es-MX': 'Castbridge ya resolvió esta entrega',
  },
  dispute_window_ended: {
    en: 'The review window ended on {ends}: the delivery can no longer be disputed',
    'es-MX': 'El periodo de revisión terminó el {ends}: ya no se puede disputar la entrega',
  },
  dispute_not_now: {
    en: 'This delivery cannot be disputed now',
    'es-MX': 'Esta entrega no se puede disputar en este momento',
  },
  // An operator's decisions: payouts and refunds of the manual rail, reviews of held and disputed earnings.
  payout_unknown: { en: 'No such payout', 'es-MX': 'Ese pago no existe' },
  payout_already_decided: {
    en: 'This payout is already {status}',
    'es-MX':
      'Este pago ya {status, select, requested {está solicitado} processing {está en proceso} paid {está pagado} failed {falló} other {está {status}}}',
  },
  refund_unknown: { en: 'No such refund', 'es-MX': 'Ese reembolso no existe' },
  refund_through_stripe: {
    en: 'This refund goes back through Stripe: Stripe decides it, not an operator',
    'es-MX': 'Este reembolso se devuelve a través de Stripe: lo decide Stripe, no un operador',
  },
  refund_while_owed: {
    en: 'This advertiser owes {owed} for a card payment {disputeOpen, select, yes {still disputed} other {whose dispute was lost}}: do not wire this refund. Mark it failed, and its amount pays what is owed.',
    'es-MX':
      'Este anunciante debe {owed} por un pago con tarjeta {disputeOpen, select, yes {que sigue en disputa} other {cuya disputa se perdió}}: no transfieras este reembolso. Márcalo como fallido y su monto cubrirá lo que se debe.',
  },
  refund_already_decided: {
    en: 'This refund is already {status}',
    'es-MX':
      'Este reembolso ya {status, select, requested {está solicitado} processing {está en proceso} succeeded {se completó} failed {falló} other {está {status}}}',
  },
  review_unknown: { en: 'No such review', 'es-MX': 'Esa revisión no existe' },
  review_not_resolvable: {
    en: '{status, select, pending {This earning is in its review window, neither held nor disputed: it is released when the window ends} released {This earning was already released to the creator} other {This earning is already resolved}}',
    'es-MX':
      '{status, select, pending {Esta ganancia está en su periodo de revisión, sin retener ni disputar: se libera cuando termine el periodo} released {Esta ganancia ya se liberó al creador} other {Esta ganancia ya está resuelta}}',
  },
  pay_over_earning: {
    en: 'The creator can be paid at most the earning, {earned}; {pay} is more',
    'es-MX': 'Al creador se le puede pagar como máximo la ganancia, {earned}; {pay} es más',
  },
  review_resolved_meanwhile: {
    en: 'This earning was resolved meanwhile',
    'es-MX': 'Esta ganancia se resolvió mientras tanto',
  },
  document_unknown: { en: 'No such document', 'es-MX': 'Ese documento no existe' },
  // Stripe's webhooks: Stripe reads these. `detail` is what Stripe's library said.
  stripe_not_configured: { en: 'Stripe is not configured', 'es-MX': 'Stripe no está configurado' },
  stripe_connect_not_configured: {
    en: 'Stripe Connect is not configured',
    'es-MX': 'Stripe Connect no está configurado',
  },
  stripe_signature_required: {
    en: 'Stripe-Signature header is required',
    'es-MX': 'Falta el encabezado Stripe-Signature',
  },
  webhook_signature_invalid: {
    en: 'Webhook signature not verified: {detail}',
    'es-MX': 'No se pudo verificar la firma del webhook: {detail}',
  },
  webhook_connect_event: {
    en: "A connected account's event: Stripe sends those to /api/webhooks/stripe/connect",
    'es-MX': 'Es un evento de una cuenta conectada: Stripe los envía a /api/webhooks/stripe/connect',
  },
  webhook_platform_event: {
    en: 'A platform event: Stripe sends those to /api/webhooks/stripe, not the Connect endpoint',
    'es-MX': 'Es un evento de la plataforma: Stripe los envía a /api/webhooks/stripe, no al endpoint de Connect',
  },
  dispute_not_credited: {
    en: 'The disputed payment is not credited yet: send the event again later',
    'es-MX': 'El pago en disputa todavía no está acreditado: vuelve a enviar el evento más tarde',
  },

  // Deleting the account while money is held for it (DELETE /api/user): what to do first.
  delete_pending_earnings: {
    en: '{amount} of your earnings is in its review window: delete your account once it has moved to your Earning Balance and been withdrawn.',
    'es-MX':
      '{amount} de tus ganancias está en su periodo de revisión: elimina tu cuenta cuando pase a tu saldo de ganancias y lo hayas retirado.',
  },
  delete_balance: {
    en: 'Your Earning Balance holds {amount}: withdraw it before deleting your account.',
    'es-MX': 'Tu saldo de ganancias tiene {amount}: retíralo antes de eliminar tu cuenta.',
  },
  delete_payout_underway: {
    en: 'A withdrawal of {amount} is on its way: delete your account once it is paid.',
    'es-MX': 'Un retiro de {amount} va en camino: elimina tu cuenta cuando se haya pagado.',
  },
  delete_refund_underway: {
    en: 'A refund of {amount} is on its way to you: delete your account once it has arrived.',
    'es-MX': 'Un reembolso de {amount} va en camino: elimina tu cuenta cuando te haya llegado.',
  },
  delete_card_dispute: {
    en: 'A card dispute holds {amount} of your funds: delete your account once it is decided.',
    'es-MX': 'Una disputa de tarjeta retiene {amount} de tus fondos: elimina tu cuenta cuando se resuelva.',
  },
  delete_debt: {
    en: '{amount} is owed to Castbridge for a disputed card payment: delete your account once it is covered.',
    'es-MX':
      'Le debes {amount} a Castbridge por un pago con tarjeta en disputa: elimina tu cuenta cuando esté cubierto.',
  },
  delete_debit_processing: {
    en: 'A bank debit of yours is still processing: delete your account once Stripe has decided it.',
    'es-MX': 'Un cargo bancario tuyo todavía se está procesando: elimina tu cuenta cuando Stripe lo resuelva.',
  },
  delete_funds_held: {
    en: 'Castbridge holds {amount} of your funds: cancel your campaigns and contact support to settle them before deleting your account.',
    'es-MX':
      'Castbridge tiene {amount} de tus fondos: cancela tus campañas y contacta a soporte para liquidarlos antes de eliminar tu cuenta.',
  },
});
