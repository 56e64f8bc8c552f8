// The money domain's refusals in every language (server/http/problems.ts; codes in contract/errors.ts): a withdrawal
// refused before anything was sent. The Withdraw dialog shows the message and, by the code, where to put it right.
import { defineProblems } from '../http/problems.ts';

export const moneyProblems = defineProblems('money', {
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
});
