// Money (docs/product.md §Money): payout methods, payouts, earnings, advertiser funds and the operator's money tabs. Fixed paths come from docs/product.md; the shapes are ours, documented in docs/api.md.
import { z } from 'zod';
import {
  ACCOUNT_NUMBER_DIGITS,
  isAbaRoutingNumber,
  isAccountNumber,
  MAX_DEPOSIT_CENTS,
  MAX_PAYOUT_CENTS,
  MAX_TRANSFER_INSTRUCTIONS,
  CARD_DEPOSIT_STATUSES,
  CARD_DISPUTE_STATUSES,
  DEPOSIT_METHODS,
  MAX_CARD_DEPOSIT_CENTS,
  MIN_CARD_DEPOSIT_CENTS,
  REFUND_RAILS,
  REFUND_STATUSES,
  onlyDigits,
  PAYOUT_METHOD_KINDS,
  PAYOUT_PROVIDERS,
  REVIEW_REASON_LENGTH,
  REVIEW_STATUSES,
  PAYOUT_STATUSES,
  STRIPE_ACCOUNT_STATES,
  WITHDRAW_NEEDS,
} from '../money.ts';
import { email, NO_NUL } from './common.ts';
import { offerEvidence } from './deliverables.ts';

const digits = z.string({ error: 'is required' }).transform(onlyDigits);

export const bankMethodInput = z.object({
  kind: z.literal('bank'),
  holderName: z
    .string({ error: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(100, 'must be at most 100 characters')
    .refine(...NO_NUL),
  routingNumber: digits.pipe(
    z.string().refine(isAbaRoutingNumber, 'is not a valid ABA routing number (nine digits with a valid checksum)'),
  ),
  accountNumber: digits.pipe(
    z.string().refine(isAccountNumber, `must be ${ACCOUNT_NUMBER_DIGITS.min} to ${ACCOUNT_NUMBER_DIGITS.max} digits`),
  ),
  makeDefault: z.boolean().optional(),
});

export const paypalMethodInput = z.object({
  kind: z.literal('paypal'),
  email,
  makeDefault: z.boolean().optional(),
});

/** POST /api/payout-methods: connects a method, replacing the caller's method of the same kind. */
export const payoutMethodInput = z.discriminatedUnion('kind', [bankMethodInput, paypalMethodInput], {
  error: 'kind: must be "bank" or "paypal"',
});

/** A method as its owner sees it: the bank account masked (`•••• 1234`), PayPal with its e-mail. */
export const payoutMethod = z.object({
  id: z.string(),
  kind: z.enum(PAYOUT_METHOD_KINDS),
  /** `•••• 1234` for a bank account, the e-mail for PayPal. */
  display: z.string(),
  /** The account holder (bank accounts); null for PayPal. */
  holderName: z.string().nullable(),
  isDefault: z.boolean(),
  createdAt: z.string(),
});
export type PayoutMethod = z.infer<typeof payoutMethod>;

export const payoutMethodsResponse = z.object({ methods: z.array(payoutMethod) });

/** The creator's Stripe Express account for the `stripe` payout rail, as Stripe's `account.updated` last said. */
export const stripePayouts = z.object({
  /** The `stripe` payout rail is configured: Set Payout Method offers "Get paid through Stripe". */
  available: z.boolean(),
  state: z.enum(STRIPE_ACCOUNT_STATES),
  /** Stripe's `requirements.currently_due` (field names; contract/money.ts `stripeNeeds` says them in plain words). */
  currentlyDue: z.array(z.string()),
  /** Stripe's `requirements.disabled_reason`, or null. */
  disabledReason: z.string().nullable(),
  payoutsEnabled: z.boolean(),
  /** When Stripe last told us (null: no account yet). */
  updatedAt: z.string().nullable(),
});
export type StripePayouts = z.infer<typeof stripePayouts>;
export const stripePayoutsResponse = z.object({ stripe: stripePayouts });
/** POST /api/payout-methods/stripe/onboarding: where to send the browser (Stripe's onboarding, a few minutes valid). */
export const stripeOnboardingResponse = z.object({ url: z.string(), stripe: stripePayouts });

// --- Payouts ----------------------------------------------------------------------------------------------------

/** POST /api/payouts (snake_case as docs/product.md §Money fixes it), sent with an Idempotency-Key header. */
export const payoutRequest = z.object({
  amount_cents: z
    .number({ error: 'must be a whole number of cents' })
    .int('must be a whole number of cents')
    .min(1, 'must be at least 1 cent')
    .max(MAX_PAYOUT_CENTS, `must be at most ${MAX_PAYOUT_CENTS} cents`),
  /** One of the caller's payout methods; the default one when absent. */
  method_id: z.string().min(1).max(64).optional(),
});

export const payout = z.object({
  id: z.string(),
  amountCents: z.number().int(),
  status: z.enum(PAYOUT_STATUSES),
  /** `#CB-YYMMDD-NNNN`. */
  reference: z.string(),
  /** The method as it was when the payout was requested (masked). */
  method: z.object({ kind: z.enum(PAYOUT_METHOD_KINDS), display: z.string() }),
  provider: z.enum(PAYOUT_PROVIDERS),
  /** Why it failed (failed payouts only). */
  failureReason: z.string().nullable(),
  requestedAt: z.string(),
  updatedAt: z.string(),
  paidAt: z.string().nullable(),
});
export type Payout = z.infer<typeof payout>;

export const payoutResponse = z.object({ payout });
export const payoutsResponse = z.object({ payouts: z.array(payout) });

// --- Earnings ---------------------------------------------------------------------------------------------------

const cents = z.number().int();

/** One period of the Earnings screen, computed from the ledger. */
export const earningsFigures = z.object({
  /** Earned in the period (after the platform fee). */
  totalCents: cents,
  /** Earned through offers whose delivery the overlay proved ("Earning Through OBS Extension"). */
  overlayCents: cents,
  /** Earned through offers the advertiser confirmed ("Earning Through Sponserships"). */
  sponsorshipCents: cents,
});

export const earningsResponse = z.object({
  periods: z.object({ allOver: earningsFigures, thisYear: earningsFigures, thisMonth: earningsFigures }),
  /** Withdrawable now ("Earning Balance"). */
  availableCents: cents,
  /** Earned, in its review window or held (docs/product.md §Verified delivery): available once released. */
  pendingCents: cents,
  /**
   * What makes up `pendingCents`, soonest first (issue 48 item 3): each earning waiting in its review, and when it
   * becomes available — the end of its window as the server opened it; null while held or disputed (an operator
   * decides, then it is released or resolved).
   */
  pending: z.array(
    z.object({
      offerId: z.string(),
      brand: z.string(),
      title: z.string(),
      earnedCents: cents,
      status: z.enum(['pending', 'held', 'disputed']),
      availableAt: z.string().nullable(),
    }),
  ),
  /** Held by payouts on their way. */
  inPayoutCents: cents,
  minPayoutCents: cents,
  /** What a withdrawal still needs before one can be sent: a tax form on file, a payout method; empty when ready. */
  withdrawNeeds: z.array(z.enum(WITHDRAW_NEEDS)),
});
export type Earnings = z.infer<typeof earningsResponse>;

// --- Advertiser funds -------------------------------------------------------------------------------------------

export const deposit = z.object({ id: z.string(), amountCents: cents, reference: z.string(), createdAt: z.string() });

/** An "Add funds" through Stripe Checkout (docs/product.md §Self-serve money). */
export const cardDeposit = z.object({
  id: z.string(),
  /** What the balance rises by once Stripe confirms the payment. */
  amountCents: cents,
  /** Stripe's fee, which the advertiser bears, and what they are charged (amount + fee). */
  feeCents: cents,
  grossCents: cents,
  method: z.enum(DEPOSIT_METHODS),
  status: z.enum(CARD_DEPOSIT_STATUSES),
  /** What refunds have given back of this payment so far. */
  refundedCents: cents,
  failureReason: z.string().nullable(),
  createdAt: z.string(),
  succeededAt: z.string().nullable(),
});
export type CardDeposit = z.infer<typeof cardDeposit>;

export const advertiserBalanceResponse = z.object({
  /** Free to reserve for campaigns. */
  balanceCents: cents,
  /** Reserved by launched campaigns (pay × spots, less what creators earned or was released). */
  reservedCents: cents,
  /** Held by refunds on their way back to the advertiser. */
  refundingCents: cents,
  /** Held by open card disputes until Stripe decides them. */
  disputedCents: cents,
  /**
   * Owed to Castbridge for card disputes: what their holds could not cover, less what free money paid back since
   * (docs/product.md §Card disputes). While it is above 0, refunds and launches are refused.
   */
  owedCents: cents,
  /** Behind what is owed: a dispute still `open`, or only `lost` ones; null when nothing is owed. */
  owedDispute: z.enum(['open', 'lost']).nullable(),
  /** The deposits operators recorded (wires), newest first; card and bank-debit payments are `cardDeposits`. */
  deposits: z.array(deposit),
  /** The newest card and bank-debit payments, open and processing ones included (at most 20). */
  cardDeposits: z.array(cardDeposit),
});
export type AdvertiserBalance = z.infer<typeof advertiserBalanceResponse>;

/**
 * GET /api/advertiser/funding: how to add funds until card deposits exist (docs/product.md §Advertiser onboarding):
 * the operator's transfer instructions and the advertiser's own transfer reference.
 */
export const fundingDetailsResponse = z.object({
  /** Unique to the advertiser and never changed: `CB-XXXX-XXXX` (no 0, O, 1, I or L). */
  reference: z.string(),
  /** The bank details an operator published in /admin; null until then. */
  instructions: z.string().nullable(),
});
export type FundingDetails = z.infer<typeof fundingDetailsResponse>;

/** POST /api/advertiser/deposits (with an Idempotency-Key): opens a Stripe Checkout for amount + fee. */
export const createDepositRequest = z.object({
  amountCents: z
    .number({ error: 'must be a whole number of cents' })
    .int('must be a whole number of cents')
    .min(MIN_CARD_DEPOSIT_CENTS, `must be at least ${MIN_CARD_DEPOSIT_CENTS} cents`)
    .max(MAX_CARD_DEPOSIT_CENTS, `must be at most ${MAX_CARD_DEPOSIT_CENTS} cents`),
  method: z.enum(DEPOSIT_METHODS, { error: 'must be card or us_bank_account' }),
});
/** `checkoutUrl`: Stripe's hosted payment page (the stand-in's test-card page offline); the browser goes there. */
export const createDepositResponse = z.object({ deposit: cardDeposit, checkoutUrl: z.string() });
export const depositStatusResponse = z.object({ deposit: cardDeposit });

/** A piece of a refund request: one card payment's refund through Stripe, or the operator's wire for the rest. */
export const refund = z.object({
  id: z.string(),
  requestId: z.string(),
  amountCents: cents,
  rail: z.enum(REFUND_RAILS),
  status: z.enum(REFUND_STATUSES),
  /** The card deposit a Stripe piece returns to; null for the manual rail. */
  depositId: z.string().nullable(),
  failureReason: z.string().nullable(),
  requestedAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type Refund = z.infer<typeof refund>;
/** POST /api/advertiser/refunds (with an Idempotency-Key): at most the free balance. */
export const refundRequest = z.object({
  amountCents: z
    .number({ error: 'must be a whole number of cents' })
    .int('must be a whole number of cents')
    .min(1, 'must be at least 1 cent')
    .max(MAX_DEPOSIT_CENTS, `must be at most ${MAX_DEPOSIT_CENTS} cents`),
});
export const refundRequestResponse = z.object({ refunds: z.array(refund), balanceCents: cents });
export const refundsResponse = z.object({ refunds: z.array(refund) });

/** A card dispute, as operators see it. */
export const cardDispute = z.object({
  id: z.string(),
  depositId: z.string(),
  advertiserId: z.string(),
  advertiserEmail: z.string(),
  amountCents: cents,
  /** What the advertiser's free balance covered; amount − held is owed (cancelled when the dispute is won). */
  heldCents: cents,
  /** Of what was owed, what free money (a release, a deposit, a failed refund) has paid back since. */
  recoveredCents: cents,
  reason: z.string(),
  status: z.enum(CARD_DISPUTE_STATUSES),
  createdAt: z.string(),
  closedAt: z.string().nullable(),
});
export type CardDispute = z.infer<typeof cardDispute>;
export const adminCardDisputesResponse = z.object({ disputes: z.array(cardDispute) });

export const adminRefund = refund.extend({
  advertiserId: z.string(),
  advertiserEmail: z.string(),
  /**
   * The advertiser's card disputes, for the operator deciding a wire: `open` (one still open) or `lost` (only lost
   * ones), with what is still owed for them; null when the advertiser has no open or lost dispute.
   */
  advertiserDisputes: z.object({ status: z.enum(['open', 'lost']), owedCents: cents }).nullable(),
});
export type AdminRefund = z.infer<typeof adminRefund>;
export const adminRefundsResponse = z.object({ refunds: z.array(adminRefund) });
export const adminRefundResponse = z.object({ refund: adminRefund });

// --- Operator console -------------------------------------------------------------------------------------------

const reference = z
  .string({ error: 'is required' })
  .trim()
  .min(1, 'is required')
  .max(100, 'must be at most 100 characters')
  .refine(...NO_NUL);

/** POST /api/admin/deposits: the manual funding rail (a bank transfer the operator saw arrive). */
export const depositRequest = z.object({
  advertiserId: z.string({ error: 'is required' }).min(1, 'is required').max(64),
  amountCents: z
    .number({ error: 'must be a whole number of cents' })
    .int('must be a whole number of cents')
    .min(1, 'must be at least 1 cent')
    .max(MAX_DEPOSIT_CENTS, `must be at most ${MAX_DEPOSIT_CENTS} cents`),
  reference,
});
export const depositResponse = z.object({ deposit, balanceCents: cents });

/** GET/PUT /api/admin/transfer-instructions: what advertisers read on Funds (docs/product.md §Advertiser onboarding). */
export const transferInstructionsResponse = z.object({
  instructions: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type TransferInstructions = z.infer<typeof transferInstructionsResponse>;
export const transferInstructionsRequest = z.object({
  /** Empty clears them. */
  instructions: z
    .string({ error: 'is required' })
    .trim()
    .max(MAX_TRANSFER_INSTRUCTIONS, `must be at most ${MAX_TRANSFER_INSTRUCTIONS} characters`)
    .refine(...NO_NUL),
});

export const adminPayout = payout.extend({
  creatorId: z.string(),
  creatorEmail: z.string(),
  creatorName: z.string(),
  /** The full destination (holder, routing and account number, or the PayPal e-mail) while a manual payout is open. */
  destination: z.string().nullable(),
});
export type AdminPayout = z.infer<typeof adminPayout>;
export const adminPayoutsResponse = z.object({ payouts: z.array(adminPayout) });
export const adminPayoutResponse = z.object({ payout: adminPayout });
export const adminPayoutsQuery = z.object({ status: z.enum(PAYOUT_STATUSES).optional() });
export const markPaidRequest = z.object({ reference });
export const markFailedRequest = z.object({ reason: reference.pipe(z.string().max(500)) });

// --- Review window (docs/product.md §Verified delivery) ----------------------------------------------------------

const reviewReason = z
  .string({ error: 'is required' })
  .trim()
  .min(REVIEW_REASON_LENGTH.min, `must be at least ${REVIEW_REASON_LENGTH.min} characters`)
  .max(REVIEW_REASON_LENGTH.max, `must be at most ${REVIEW_REASON_LENGTH.max} characters`);

/** The advertiser disputes an overlay delivery inside its review window. */
export const disputeRequest = z.object({ reason: reviewReason }).strict();

/** An operator settles a held or disputed earning: `payCents` of it to the creator, the rest back to the advertiser. */
export const resolveReviewRequest = z
  .object({
    payCents: z.number({ error: 'must be an amount in cents' }).int('must be a whole number of cents').min(0),
    reason: reviewReason,
  })
  .strict();

export const adminReview = z.object({
  offerId: z.string(),
  campaignId: z.string(),
  status: z.enum(REVIEW_STATUSES),
  brand: z.string(),
  title: z.string(),
  creatorName: z.string(),
  creatorEmail: z.string(),
  earnedCents: cents,
  feeCents: cents,
  endsAt: z.string(),
  holdReasons: z.array(z.object({ rule: z.string(), detail: z.string() })),
  disputeReason: z.string().nullable(),
  disputedAt: z.string().nullable(),
  verifiedSeconds: z.number().int().min(0),
  impressions: z.number().int().min(0),
  createdAt: z.string(),
  /** Each deliverable the campaign asks for with its evidence, as the proof report shows it. */
  evidence: offerEvidence,
});
export type AdminReview = z.infer<typeof adminReview>;
export const adminReviewsResponse = z.object({ reviews: z.array(adminReview) });
export const adminReviewResponse = z.object({ review: adminReview });
