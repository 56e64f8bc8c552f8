// Money (docs/product.md §Money): constants and checks shared by the client and the server, without zod.
import { DEFAULT_LOCALE, type Locale } from './locales.ts';

export const PAYOUT_METHOD_KINDS = ['bank', 'paypal', 'stripe'] as const;
export type PayoutMethodKind = (typeof PAYOUT_METHOD_KINDS)[number];

/** How a payout method is named to people ("Bank Account •••• 1234", "PayPal ana@example.com", "Stripe"). */
export const payoutMethodName = (method: { kind: PayoutMethodKind; display: string }): string =>
  method.kind === 'bank'
    ? `Bank Account ${method.display}`
    : method.kind === 'paypal'
      ? `PayPal ${method.display}`
      : `Stripe ${method.display}`;

// --- Stripe Connect (the `stripe` payout rail) --------------------------------------------------------------------

/**
 * Where a creator's Stripe Express account stands: `none` (not started), `needs` (Stripe still needs details:
 * `currentlyDue`), `restricted` (nothing asked of the creator now, yet Stripe does not pay out: under review, or
 * disabled), `complete` (payouts enabled: the rail pays).
 */
export const STRIPE_ACCOUNT_STATES = ['none', 'needs', 'restricted', 'complete'] as const;
export type StripeAccountState = (typeof STRIPE_ACCOUNT_STATES)[number];

/**
 * Stripe's requirement fields in plain words, by the field's first part (and a few whole fields), in each language
 * the product speaks: the server's refusal of a withdrawal and Set Payout Method's Stripe card say them.
 */
const REQUIREMENT_WORDS: Record<string, Record<Locale, string>> = {
  'business_profile.url': { en: 'your website or channel address', 'es-MX': 'la dirección de tu sitio web o canal' },
  'business_profile.mcc': { en: 'what kind of business you run', 'es-MX': 'qué tipo de negocio tienes' },
  'business_profile.product_description': { en: 'what you sell', 'es-MX': 'qué vendes' },
  business_type: {
    en: 'whether you are paid as a person or a company',
    'es-MX': 'si se te paga como persona o como empresa',
  },
  external_account: { en: 'the bank account to pay you into', 'es-MX': 'la cuenta bancaria donde se te paga' },
  'individual.dob': { en: 'your date of birth', 'es-MX': 'tu fecha de nacimiento' },
  'individual.first_name': { en: 'your first name', 'es-MX': 'tu nombre' },
  'individual.last_name': { en: 'your last name', 'es-MX': 'tus apellidos' },
  'individual.email': { en: 'your e-mail address', 'es-MX': 'tu correo electrónico' },
  'individual.phone': { en: 'your phone number', 'es-MX': 'tu número de teléfono' },
  'individual.address': { en: 'your home address', 'es-MX': 'tu domicilio' },
  'individual.ssn_last_4': {
    en: 'the last 4 digits of your Social Security number',
    'es-MX': 'los últimos 4 dígitos de tu número de Seguro Social',
  },
  'individual.id_number': { en: 'your full Social Security number', 'es-MX': 'tu número de Seguro Social completo' },
  'individual.verification': { en: 'a photo of your ID', 'es-MX': 'una foto de tu identificación' },
  'tos_acceptance.date': { en: "your acceptance of Stripe's terms", 'es-MX': 'que aceptes los términos de Stripe' },
  'tos_acceptance.ip': { en: "your acceptance of Stripe's terms", 'es-MX': 'que aceptes los términos de Stripe' },
  'tos_acceptance.service_agreement': {
    en: "your acceptance of Stripe's terms",
    'es-MX': 'que aceptes los términos de Stripe',
  },
  settings: { en: 'your payout settings', 'es-MX': 'tu configuración de pagos' },
};

/** A Stripe requirement (`individual.dob.day`) in plain words ("your date of birth"); an unknown one as its field. */
export function stripeRequirementText(field: string, locale: Locale = DEFAULT_LOCALE): string {
  const parts = field.split('.');
  for (let length = parts.length; length > 0; length -= 1) {
    const words = REQUIREMENT_WORDS[parts.slice(0, length).join('.')];
    if (words) return words[locale];
  }
  return field.replace(/[._]/g, ' ');
}

/** Stripe's requirements in plain words, each once ("individual.dob.day" and ".month" are one date of birth). */
export const stripeNeeds = (fields: readonly string[], locale: Locale = DEFAULT_LOCALE): string[] => [
  ...new Set(fields.map((field) => stripeRequirementText(field, locale))),
];

/** The reasons Stripe holds an account that asks nothing of the creator now (`requirements.disabled_reason`). */
export const STRIPE_RESTRICTIONS = ['verifying', 'reviewing', 'rejected', 'paused', 'other'] as const;
export type StripeRestriction = (typeof STRIPE_RESTRICTIONS)[number];

/** Stripe's `requirements.disabled_reason` as one of STRIPE_RESTRICTIONS. */
export function stripeRestrictionOf(reason: string | null): StripeRestriction {
  if (reason === 'requirements.pending_verification') return 'verifying';
  if (reason === 'under_review') return 'reviewing';
  if (reason?.startsWith('rejected.')) return 'rejected';
  if (reason === 'platform_paused') return 'paused';
  return 'other';
}

const RESTRICTION_WORDS: Record<StripeRestriction, Record<Locale, string>> = {
  verifying: {
    en: 'Stripe is verifying the details you gave.',
    'es-MX': 'Stripe está verificando los datos que diste.',
  },
  reviewing: { en: 'Stripe is reviewing your account.', 'es-MX': 'Stripe está revisando tu cuenta.' },
  rejected: {
    en: 'Stripe has closed your account for payouts.',
    'es-MX': 'Stripe cerró tu cuenta para recibir pagos.',
  },
  paused: { en: 'Payouts to your account are paused.', 'es-MX': 'Los pagos a tu cuenta están en pausa.' },
  other: { en: 'Stripe does not pay out to your account yet.', 'es-MX': 'Stripe todavía no paga a tu cuenta.' },
};

/** Why Stripe holds an account that asks nothing of the creator now (its `requirements.disabled_reason`). */
export function stripeRestrictionText(reason: string | null, locale: Locale = DEFAULT_LOCALE): string {
  return RESTRICTION_WORDS[stripeRestrictionOf(reason)][locale];
}

/** An account number's length in digits (US bank accounts). */
export const ACCOUNT_NUMBER_DIGITS = { min: 4, max: 17 } as const;

/** Digits only: people type routing and account numbers with spaces and dashes. */
export const onlyDigits = (value: string): string => value.replace(/[\s-]/g, '');

/** An ABA routing number: nine digits whose weighted sum 3·(d1+d4+d7) + 7·(d2+d5+d8) + (d3+d6+d9) is a multiple of 10. */
export function isAbaRoutingNumber(value: string): boolean {
  if (!/^\d{9}$/.test(value)) return false;
  const d = [...value].map(Number);
  const sum = 3 * (d[0]! + d[3]! + d[6]!) + 7 * (d[1]! + d[4]! + d[7]!) + (d[2]! + d[5]! + d[8]!);
  return sum % 10 === 0;
}

export const isAccountNumber = (value: string): boolean =>
  new RegExp(`^\\d{${ACCOUNT_NUMBER_DIGITS.min},${ACCOUNT_NUMBER_DIGITS.max}}$`).test(value);

// --- Payouts and earnings ---------------------------------------------------------------------------------------

/** A payout's life cycle (docs/product.md "Payout"): requested → processing → paid | failed; failed returns the funds. */
export const PAYOUT_STATUSES = ['requested', 'processing', 'paid', 'failed'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

/** What Payout History shows for each status (docs/product.md §Money: Processing in the warning colour, Paid green, Failed red). */
export const PAYOUT_STATUS_LABELS: Record<PayoutStatus, { label: string; tone: 'warning' | 'success' | 'danger' }> = {
  requested: { label: 'Processing', tone: 'warning' },
  processing: { label: 'Processing', tone: 'warning' },
  paid: { label: 'Paid', tone: 'success' },
  failed: { label: 'Failed', tone: 'danger' },
};

/** Where a payout goes: the manual rail (an operator pays it), Stripe Connect or PayPal Payouts. */
export const PAYOUT_PROVIDERS = ['manual', 'stripe', 'paypal'] as const;
export type PayoutProviderName = (typeof PAYOUT_PROVIDERS)[number];

/** The smallest withdrawal unless MIN_PAYOUT_CENTS says otherwise (docs/product.md: $50). */
export const DEFAULT_MIN_PAYOUT_CENTS = 5_000;
/** The largest single withdrawal the API takes ($1,000,000). */
export const MAX_PAYOUT_CENTS = 100_000_000;
/** The largest single deposit an operator records ($10,000,000). */
export const MAX_DEPOSIT_CENTS = 1_000_000_000;

/** The longest transfer instructions an operator publishes (docs/product.md §Advertiser onboarding). */
export const MAX_TRANSFER_INSTRUCTIONS = 2_000;

/**
 * An advertiser's transfer reference (docs/product.md §Advertiser onboarding): `CB-` and two groups of four characters from an
 * alphabet without look-alikes (no 0/O, 1/I/L), so it survives being read aloud, retyped or written on a transfer.
 */
export const TRANSFER_REFERENCE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const TRANSFER_REFERENCE = /^CB-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/;

/**
 * The transfer reference inside what an operator typed or pasted (a bank statement's line, say), written as it is
 * issued, or null: case, spaces and dashes do not matter ("cb abcd efgh", "CBABCDEFGH", "Payment CB-ABCD-EFGH").
 */
export function findTransferReference(text: string): string | null {
  const compact = text.toUpperCase().replace(/[\s\-_.]/g, '');
  const match = /CB([2-9A-HJKMNP-Z]{4})([2-9A-HJKMNP-Z]{4})/.exec(compact);
  return match ? `CB-${match[1]}-${match[2]}` : null;
}

/** What a withdrawal needs before it can be sent (GET /api/earnings lists those still missing). */
export const WITHDRAW_NEEDS = ['taxForm', 'payoutMethod'] as const;
export type WithdrawNeed = (typeof WITHDRAW_NEEDS)[number];

/** The Earnings screen's tabs (docs/spec.md §2: "All Over", "This Year", "This Month", worded by its catalogue). */
export const EARNINGS_PERIODS = ['allOver', 'thisYear', 'thisMonth'] as const;
export type EarningsPeriod = (typeof EARNINGS_PERIODS)[number];

/**
 * Cents from an amount typed in dollars ("60", "60.5", "1,289.00", "$60"), or null when it is not one: digits with
 * at most two decimals, thousands separators allowed. Never goes through floating point.
 */
export function parseDollars(text: string): number | null {
  const cleaned = text.trim().replace(/^\$\s*/, '');
  if (!/^(\d{1,3}(,\d{3})+|\d+)(\.\d{1,2})?$/.test(cleaned)) return null;
  const [whole, fraction = ''] = cleaned.replace(/,/g, '').split('.');
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return Number.isSafeInteger(cents) ? cents : null;
}

// --- Review window (docs/product.md §Verified delivery) ----------------------------------------------------------

/** An overlay earning: pending for REVIEW_HOURS → released, or disputed / held → resolved by an operator. */
export const REVIEW_STATUSES = ['pending', 'held', 'disputed', 'released', 'resolved'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];
export const DEFAULT_REVIEW_HOURS = 72;
export const REVIEW_STATUS_LABELS: Record<ReviewStatus, string> = {
  pending: 'In review',
  held: 'Held for review',
  disputed: 'Disputed',
  released: 'Available',
  resolved: 'Resolved',
};
/** A dispute's or a resolution's reason: 10 to 1000 characters. */
export const REVIEW_REASON_LENGTH = { min: 10, max: 1000 } as const;

// --- Self-serve deposits and refunds (docs/product.md §Self-serve money) ------------------------------------------

/** How an advertiser pays through Stripe Checkout: a card, or a US bank debit (ACH Direct Debit, settles in days). */
export const DEPOSIT_METHODS = ['card', 'us_bank_account'] as const;
export type DepositMethod = (typeof DEPOSIT_METHODS)[number];

/** A card deposit's life cycle: open (Checkout not finished) → processing (a bank debit on its way) → succeeded | failed | expired. */
export const CARD_DEPOSIT_STATUSES = ['open', 'processing', 'succeeded', 'failed', 'expired'] as const;
export type CardDepositStatus = (typeof CARD_DEPOSIT_STATUSES)[number];

/** The smallest and the largest amount one "Add funds" adds ($10 and $50,000). */
export const MIN_CARD_DEPOSIT_CENTS = 1_000;
export const MAX_CARD_DEPOSIT_CENTS = 5_000_000;

/**
 * Stripe's fee on a payment (its US list prices): cards 2.9% + 30¢, US bank debits 0.8% capped at $5. The advertiser
 * bears it: what they are charged (`grossCents`) is the amount plus the fee, so that once Stripe keeps its fee the
 * balance rises by exactly the amount chosen. The smallest gross whose fee leaves the amount whole.
 */
export function depositFee(method: DepositMethod, amountCents: number): { feeCents: number; grossCents: number } {
  if (method === 'card') {
    // gross − (2.9% of gross + 30¢) ≥ amount  ⇔  gross ≥ (amount + 30) / 0.971
    const grossCents = Math.ceil(((amountCents + 30) * 1000) / 971);
    return { feeCents: grossCents - amountCents, grossCents };
  }
  const uncapped = Math.ceil((amountCents * 1000) / 992);
  const grossCents = uncapped - amountCents >= 500 ? amountCents + 500 : uncapped;
  return { feeCents: grossCents - amountCents, grossCents };
}

/**
 * What the screen says about the fee, for each method. Stripe takes its percentage of the total charged, not of the
 * amount added, so the fee is a little more than the percentage of the amount (issue 48 item 11: $15.25 on $500, where
 * 2.9% + $0.30 of $500 would be $14.80).
 */
export const DEPOSIT_FEE_TEXT: Record<DepositMethod, string> = {
  card: 'Stripe’s card fee is 2.9% + $0.30 of the total charged, not of the amount you add: it is added on top so that your whole amount reaches the balance.',
  us_bank_account:
    'Stripe’s bank-debit fee is 0.8% of the total charged (at most $5), added on top so that your whole amount reaches the balance; bank debits take up to 4 business days.',
};

/** A refund piece's life cycle: requested → processing → succeeded | failed (failed returns the amount to the balance). */
export const REFUND_STATUSES = ['requested', 'processing', 'succeeded', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];
/** A refund piece goes back through Stripe (to the card or bank account that paid) or the operator's manual rail (a wire). */
export const REFUND_RAILS = ['stripe', 'manual'] as const;
export type RefundRail = (typeof REFUND_RAILS)[number];

/** A card dispute's life cycle: open (the amount is held) → won (back to the balance) | lost (gone). */
export const CARD_DISPUTE_STATUSES = ['open', 'won', 'lost'] as const;
export type CardDisputeStatus = (typeof CARD_DISPUTE_STATUSES)[number];
