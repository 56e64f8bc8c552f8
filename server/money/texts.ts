// What the money domain writes for a person to read besides its refusals (./problems.ts), in the reader's language
// (server/http/texts.ts): the numbered documents' titles and their PDFs' words, and the notices of its notifications.
// The figures, references and names a document records stay as recorded; only the words around them follow the
// language. So in a notice: a brand's name, a campaign's title, a reason a person wrote or a rail or Stripe gave stay
// as they are; the sums are `money(cents)`.
import type { DocumentKind } from '../../contract/documents.ts';
import { defineTexts } from '../http/texts.ts';

export const moneyTexts = defineTexts('money', {
  // The documents' titles (the Documents list and each PDF).
  'title.deposit_receipt': { en: 'Deposit receipt', 'es-MX': 'Recibo de depósito' },
  'title.refund_receipt': { en: 'Refund receipt', 'es-MX': 'Recibo de reembolso' },
  'title.payout_statement': { en: 'Payout statement', 'es-MX': 'Comprobante de pago' },
  'title.annual_statement': { en: 'Annual earnings statement', 'es-MX': 'Estado de ganancias anual' },
  // What each document is.
  'note.deposit_receipt': {
    en: 'Funds added to your Castbridge advertiser balance.',
    'es-MX': 'Fondos agregados a tu saldo de anunciante en Castbridge.',
  },
  'note.refund_receipt': {
    en: 'Unspent funds returned from your Castbridge advertiser balance.',
    'es-MX': 'Fondos no gastados devueltos de tu saldo de anunciante en Castbridge.',
  },
  'note.payout_statement': {
    en: 'A withdrawal of your Castbridge earnings.',
    'es-MX': 'Un retiro de tus ganancias en Castbridge.',
  },
  'note.annual_statement': {
    en: 'Your Castbridge earnings for the calendar year. Keep it with your tax records.',
    'es-MX': 'Tus ganancias en Castbridge del año calendario. Guárdalo con tus registros fiscales.',
  },
  // The page around the rows.
  'pdf.tagline': { en: 'Sponsorships for live streamers', 'es-MX': 'Patrocinios para creadores en vivo' },
  'pdf.number': { en: 'No. {number}', 'es-MX': 'Núm. {number}' },
  'pdf.issued': { en: 'Issued {date}', 'es-MX': 'Emitido el {date}' },
  'pdf.issuedTo': { en: 'Issued to', 'es-MX': 'Emitido a' },
  'pdf.footer': {
    en: '{title} {number}, issued by Castbridge on {date}. Amounts in US dollars.',
    'es-MX': '{title} {number}, emitido por Castbridge el {date}. Montos en dólares estadounidenses.',
  },
  'pdf.questions': {
    en: 'Questions about this document: contact Castbridge support from your dashboard.',
    'es-MX': '¿Dudas sobre este documento? Contacta al soporte de Castbridge desde tu panel.',
  },
  // The rows' labels.
  'row.paymentMethod': { en: 'Payment method', 'es-MX': 'Método de pago' },
  'row.reference': { en: 'Reference', 'es-MX': 'Referencia' },
  'row.paidOn': { en: 'Paid on', 'es-MX': 'Pagado el' },
  'row.addedToBalance': { en: 'Added to your balance', 'es-MX': 'Agregado a tu saldo' },
  'row.processingFee': { en: 'Processing fee', 'es-MX': 'Comisión de procesamiento' },
  'row.totalPaid': { en: 'Total paid', 'es-MX': 'Total pagado' },
  'row.refundedTo': { en: 'Refunded to', 'es-MX': 'Reembolsado a' },
  'row.requestedOn': { en: 'Requested on', 'es-MX': 'Solicitado el' },
  'row.refundedOn': { en: 'Refunded on', 'es-MX': 'Reembolsado el' },
  'row.amountRefunded': { en: 'Amount refunded', 'es-MX': 'Monto reembolsado' },
  'row.withdrawal': { en: 'Withdrawal', 'es-MX': 'Retiro' },
  'row.paidTo': { en: 'Paid to', 'es-MX': 'Pagado a' },
  'row.amountPaid': { en: 'Amount paid', 'es-MX': 'Monto pagado' },
  'row.period': { en: 'Period', 'es-MX': 'Periodo' },
  'row.completedSponsorships': { en: 'Completed sponsorships', 'es-MX': 'Patrocinios completados' },
  'row.grossEarnings': { en: 'Gross earnings', 'es-MX': 'Ganancias brutas' },
  'row.fees': { en: 'Castbridge fees', 'es-MX': 'Comisiones de Castbridge' },
  'row.adjustments': { en: 'Adjustments (reviews)', 'es-MX': 'Ajustes (revisiones)' },
  'row.netEarnings': { en: 'Net earnings', 'es-MX': 'Ganancias netas' },
  'row.withdrawalsPaid': { en: 'Withdrawals paid', 'es-MX': 'Retiros pagados' },
  // The rows' values that are words.
  'method.card': { en: 'Card (Stripe)', 'es-MX': 'Tarjeta (Stripe)' },
  'method.us_bank_account': { en: 'US bank debit (Stripe)', 'es-MX': 'Débito bancario de EE. UU. (Stripe)' },
  'method.wire': { en: 'Bank transfer', 'es-MX': 'Transferencia bancaria' },
  'refund.stripe': {
    en: 'The original card or bank account (Stripe)',
    'es-MX': 'La tarjeta o cuenta bancaria original (Stripe)',
  },
  'refund.wire': { en: 'Bank transfer', 'es-MX': 'Transferencia bancaria' },
  'paidTo.bank': { en: 'Bank account {destination}', 'es-MX': 'Cuenta bancaria {destination}' },
  'paidTo.other': { en: '{kind} {destination}', 'es-MX': '{kind} {destination}' },
  'period.year': { en: 'January 1 – December 31, {year}', 'es-MX': '1 de enero – 31 de diciembre de {year}' },
  'withdrawals.paid': { en: '{amount} ({count})', 'es-MX': '{amount} ({count})' },
  // Notifications to the creator about their withdrawals, in their language (server/notifications/store.ts).
  'notice.payoutPaid': { en: 'Withdrawal paid', 'es-MX': 'Retiro pagado' },
  'notice.payoutPaidText': {
    en: 'Your withdrawal {reference} of {amount} was paid to {method}.',
    'es-MX': 'Tu retiro {reference} de {amount} se pagó a {method}.',
  },
  'notice.payoutFailed': { en: 'Withdrawal failed', 'es-MX': 'El retiro falló' },
  'notice.payoutFailedText': {
    en: 'Your withdrawal {reference} of {amount} failed: {reason}. The amount is back in your Earning Balance.',
    'es-MX': 'Tu retiro {reference} de {amount} falló: {reason}. El monto volvió a tu saldo de ganancias.',
  },
  // A sponsorship's pay released to the creator once its review window ended.
  'notice.payReleased': { en: 'Pay released', 'es-MX': 'Pago liberado' },
  'notice.payReleasedText': {
    en: '{amount} from {brand} is now in your Earning Balance ("{title}").',
    'es-MX': '{amount} de {brand} ya está en tu saldo de ganancias («{title}»).',
  },
  // The advertiser's side of it: the window ended with no dispute.
  'notice.reviewEnded': { en: 'Review window ended', 'es-MX': 'Terminó el periodo de revisión' },
  'notice.reviewEndedText': {
    en: 'The review window of "{title}" ended without a dispute: {creator} was paid {amount}.',
    'es-MX': 'El periodo de revisión de «{title}» terminó sin disputas: {creator} recibió {amount}.',
  },
  // A delivery disputed by its advertiser in its window (the reason as the advertiser wrote it), to the creator and
  // the operators.
  'notice.disputed': { en: 'Delivery disputed', 'es-MX': 'Entrega disputada' },
  'notice.disputedText': {
    en: '{brand} disputed "{title}": {reason}. Castbridge will decide; your {amount} stays pending until then.',
    'es-MX':
      '{brand} disputó «{title}»: {reason}. Castbridge decidirá; mientras tanto, tu pago de {amount} sigue pendiente.',
  },
  'notice.disputedOperatorText': {
    en: '{brand} disputed {creator}\'s "{title}" ({amount}): {reason}',
    'es-MX': '{brand} disputó «{title}» de {creator} ({amount}): {reason}',
  },
  // An operator resolved a held or disputed review (the reason as the operator wrote it), to both sides.
  'notice.resolved': { en: 'Review resolved', 'es-MX': 'Revisión resuelta' },
  'notice.resolvedText': {
    en: 'Castbridge resolved the review of "{title}" ({brand}): {outcome, select, full {the creator is paid in full} refund {the advertiser is refunded in full} other {the pay is split}}. {paid} of {earned} is in your Earning Balance. Reason: {reason}',
    'es-MX':
      'Castbridge resolvió la revisión de «{title}» ({brand}): {outcome, select, full {se te paga completo} refund {la marca recibe el reembolso completo} other {el pago se reparte}}. Tienes {paid} de {earned} en tu saldo de ganancias. Motivo: {reason}',
  },
  'notice.resolvedAdvertiserText': {
    en: 'Castbridge resolved the review of "{title}" by {creator}: {outcome, select, full {the creator is paid in full} refund {the advertiser is refunded in full} other {the pay is split}}. {refund} returned to your balance, {paid} paid to the creator. Reason: {reason}',
    'es-MX':
      'Castbridge resolvió la revisión de «{title}» de {creator}: {outcome, select, full {se le paga completo al creador} refund {se te reembolsa completo} other {el pago se reparte}}. Se devolvió {refund} a tu saldo y se pagó {paid} al creador. Motivo: {reason}',
  },
  // A withdrawal failed for a reason of Castbridge's own (a rail's reason stays as the rail gave it).
  'reason.payoutMethodRemoved': {
    en: 'the payout method was removed before the payout was sent',
    'es-MX': 'el método de pago se eliminó antes de enviar el retiro',
  },

  // Notifications to the advertiser about their funds.
  'notice.fundsAdded': { en: 'Funds added', 'es-MX': 'Fondos agregados' },
  'notice.depositSucceededText': {
    en: "Your {method, select, card {card payment} other {bank debit}} of {gross} succeeded: {amount} was added to your balance (Stripe's fee {fee}).",
    'es-MX':
      'Tu {method, select, card {pago con tarjeta} other {débito bancario}} de {gross} se completó: se agregó {amount} a tu saldo (comisión de Stripe: {fee}).',
  },
  'notice.wireRecordedText': {
    en: 'Castbridge recorded your deposit of {amount} ({reference}).',
    'es-MX': 'Castbridge registró tu depósito de {amount} ({reference}).',
  },
  'notice.depositFailed': { en: 'Payment failed', 'es-MX': 'El pago falló' },
  'notice.depositFailedText': {
    en: 'Your {method, select, card {card payment} other {bank debit}} of {gross} failed: {reason}. Nothing was added to your balance.',
    'es-MX':
      'Tu {method, select, card {pago con tarjeta} other {débito bancario}} de {gross} falló: {reason}. No se agregó nada a tu saldo.',
  },
  'reason.bankRefused': { en: 'the bank refused the debit', 'es-MX': 'el banco rechazó el débito' },
  'notice.refundSent': { en: 'Refund sent', 'es-MX': 'Reembolso enviado' },
  'notice.refundSentStripeText': {
    en: 'Your refund of {amount} went back to the card or bank account that paid; banks take 5–10 business days to show it.',
    'es-MX':
      'Tu reembolso de {amount} volvió a la tarjeta o cuenta bancaria con la que pagaste; los bancos tardan de 5 a 10 días hábiles en reflejarlo.',
  },
  'notice.refundSentWireText': {
    en: 'Castbridge wired your refund of {amount} ({reference}).',
    'es-MX': 'Castbridge te envió tu reembolso de {amount} por transferencia ({reference}).',
  },
  'notice.refundFailed': { en: 'Refund failed', 'es-MX': 'El reembolso falló' },
  'notice.refundFailedText': {
    en: 'Your refund of {amount} failed: {reason}. The amount is back in your balance.',
    'es-MX': 'Tu reembolso de {amount} falló: {reason}. El monto volvió a tu saldo.',
  },
  'reason.noStripeReference': {
    en: 'the payment has no Stripe reference to refund',
    'es-MX': 'el pago no tiene una referencia de Stripe para reembolsarlo',
  },
  'reason.stripeCouldNotReturn': { en: 'Stripe could not return it', 'es-MX': 'Stripe no pudo devolverlo' },
  // A card payment disputed at the bank (Stripe's reason code as Stripe gave it), to the advertiser and the operators.
  'notice.cardDisputed': { en: 'Card payment disputed', 'es-MX': 'Pago con tarjeta en disputa' },
  'notice.cardDisputedText': {
    en: "Your card's bank disputed your payment of {amount} ({reason}). {held} of your balance is held until the bank decides{owing, select, yes {; {owed} more is owed to Castbridge. Refunds and launches wait until it is covered.} other {.}}",
    'es-MX':
      'El banco de tu tarjeta disputó tu pago de {amount} ({reason}). Se retiene {held} de tu saldo hasta que el banco decida{owing, select, yes {; además le debes {owed} a Castbridge. Los reembolsos y los lanzamientos de campañas esperan hasta que quede cubierto.} other {.}}',
  },
  'notice.cardDisputedOperatorText': {
    en: "{advertiser}'s payment of {amount} is disputed ({reason}): {held} held{owing, select, yes {, {owed} owed} other {}}.",
    'es-MX':
      'El pago de {amount} de {advertiser} está en disputa ({reason}): {held} retenido{owing, select, yes {, {owed} adeudado} other {}}.',
  },
  'notice.cardDisputeDecided': { en: 'Card dispute decided', 'es-MX': 'Disputa de tarjeta resuelta' },
  'notice.cardDisputeWonText': {
    en: 'The dispute of your card payment was decided in your favour: {amount} is back with you{cleared, select, yes {, and nothing is owed for it any more} other {}}.',
    'es-MX':
      'La disputa de tu pago con tarjeta se resolvió a tu favor: recuperas {amount}{cleared, select, yes {, y ya no debes nada por ella} other {}}.',
  },
  'notice.cardDisputeLostText': {
    en: 'The dispute of your card payment was decided for the card holder: the {held} held went back to the card{owing, select, yes {, and {owed} is still owed to Castbridge: refunds and launches wait until funds you add or a campaign releases cover it.} other {.}}',
    'es-MX':
      'La disputa de tu pago con tarjeta se resolvió a favor del titular de la tarjeta: lo retenido ({held}) volvió a la tarjeta{owing, select, yes {, y todavía le debes {owed} a Castbridge: los reembolsos y los lanzamientos de campañas esperan hasta que lo cubran los fondos que agregues o lo que libere una campaña.} other {.}}',
  },
  'notice.cardDisputeWonOperatorText': {
    en: 'Dispute {id} won: {held} returned to the advertiser.',
    'es-MX': 'Disputa {id} ganada: {held} devuelto al anunciante.',
  },
  'notice.cardDisputeLostOperatorText': {
    en: 'Dispute {id} lost: {held} gone{owing, select, yes {, {owed} owed} other {}}.',
    'es-MX': 'Disputa {id} perdida: {held} perdido{owing, select, yes {, {owed} adeudado} other {}}.',
  },
  'method.bankAccount': { en: 'Bank Account {display}', 'es-MX': 'Cuenta bancaria {display}' },
});

/** A document kind's title key. */
export const titleOf = (kind: DocumentKind) => `title.${kind}` as const;
