// Sample records of the money domain, shaped as the contract's answers: for its flows' samples (and the
// operator's), the hand-pinned transition tests and the view tests.
import type { Earnings, Payout } from '@/contract';

/** A stored bank account as GET /api/payout-methods answers it. */
export const sampleBankMethod = {
  id: 'pm_bank',
  kind: 'bank' as const,
  display: '•••• 6789',
  holderName: 'Ana Lee',
  isDefault: true,
  createdAt: '2026-11-20T10:00:00.000Z',
};
/** A stored PayPal account. */
export const samplePaypalMethod = {
  id: 'pm_paypal',
  kind: 'paypal' as const,
  display: 'ana@example.com',
  holderName: null,
  isDefault: false,
  createdAt: '2026-11-21T10:00:00.000Z',
};

/** A payout as POST /api/payouts answers it. */
export const samplePayout: Payout = {
  id: 'po_1',
  amountCents: 6_000,
  status: 'requested',
  reference: '#CB-261124-0001',
  method: { kind: 'bank', display: '•••• 6789' },
  provider: 'manual',
  failureReason: null,
  requestedAt: '2026-11-24T10:00:00.000Z',
  updatedAt: '2026-11-24T10:00:00.000Z',
  paidAt: null,
};

/** What GET /api/earnings answers for a creator with one earning and a payout on its way. */
export const sampleEarnings: Earnings = {
  periods: {
    allOver: { totalCents: 25_000, overlayCents: 0, sponsorshipCents: 25_000 },
    thisYear: { totalCents: 25_000, overlayCents: 0, sponsorshipCents: 25_000 },
    thisMonth: { totalCents: 25_000, overlayCents: 0, sponsorshipCents: 25_000 },
  },
  availableCents: 19_000,
  pendingCents: 0,
  pending: [],
  inPayoutCents: 6_000,
  minPayoutCents: 5_000,
  withdrawNeeds: [],
};

/** The creator's Stripe account (GET /api/payout-methods/stripe) in each state, and with the rail off. */
export const sampleStripeNone = {
  available: true,
  state: 'none' as const,
  currentlyDue: [] as string[],
  disabledReason: null,
  payoutsEnabled: false,
  updatedAt: null,
};
export const sampleStripeOff = { ...sampleStripeNone, available: false };
export const sampleStripeNeeds = {
  ...sampleStripeNone,
  state: 'needs' as const,
  currentlyDue: ['external_account', 'individual.dob.day', 'individual.dob.month', 'tos_acceptance.date'],
  disabledReason: 'requirements.past_due',
  updatedAt: '2026-11-28T10:00:00.000Z',
};
export const sampleStripeRestricted = {
  ...sampleStripeNone,
  state: 'restricted' as const,
  disabledReason: 'requirements.pending_verification',
  updatedAt: '2026-11-28T10:05:00.000Z',
};
export const sampleStripeComplete = {
  ...sampleStripeNone,
  state: 'complete' as const,
  payoutsEnabled: true,
  updatedAt: '2026-11-28T10:10:00.000Z',
};
