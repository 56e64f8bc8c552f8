// What the money domain writes for a person to read besides its refusals (./problems.ts), in the reader's language
// (server/http/texts.ts): the numbered documents' titles and their PDFs' words. The figures, references and names a
// document records stay as recorded; only the words around them follow the language.
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
  'method.bankAccount': { en: 'Bank Account {display}', 'es-MX': 'Cuenta bancaria {display}' },
});

/** A document kind's title key. */
export const titleOf = (kind: DocumentKind) => `title.${kind}` as const;
