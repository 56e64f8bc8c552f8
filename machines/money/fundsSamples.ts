// Sample records of self-serve money (docs/product.md §Self-serve money), shaped as the contract's answers: card
// payments, refund pieces, card disputes and manual refunds, for the flows' samples, the pinned transitions and the
// view tests.
import type { AdminRefund, CardDeposit, CardDispute, Refund } from '@/contract/schemas/money';

/** A card payment of $500 just opened (Checkout not finished). */
export const sampleCardDeposit: CardDeposit = {
  id: 'dep_1',
  amountCents: 50_000,
  feeCents: 1_525,
  grossCents: 51_525,
  method: 'card',
  status: 'open',
  refundedCents: 0,
  failureReason: null,
  createdAt: '2026-11-25T10:00:00.000Z',
  succeededAt: null,
};
export const sampleSucceededDeposit: CardDeposit = {
  ...sampleCardDeposit,
  status: 'succeeded',
  succeededAt: '2026-11-25T10:01:00.000Z',
};
export const sampleFailedDeposit: CardDeposit = {
  ...sampleCardDeposit,
  status: 'failed',
  failureReason: 'Your card was declined.',
};
/** A bank debit on its way (it settles in days). */
export const sampleProcessingDeposit: CardDeposit = {
  ...sampleCardDeposit,
  id: 'dep_2',
  method: 'us_bank_account',
  feeCents: 404,
  grossCents: 50_404,
  status: 'processing',
};

/** A refund piece back to a card payment, through Stripe. */
export const sampleStripeRefund: Refund = {
  id: 'rf_1',
  requestId: 'rq_1',
  amountCents: 30_000,
  rail: 'stripe',
  status: 'succeeded',
  depositId: 'dep_1',
  failureReason: null,
  requestedAt: '2026-11-26T10:00:00.000Z',
  decidedAt: '2026-11-26T10:00:01.000Z',
};
/** The rest, wired back by an operator. */
export const sampleManualRefund: Refund = {
  id: 'rf_2',
  requestId: 'rq_1',
  amountCents: 20_000,
  rail: 'manual',
  status: 'requested',
  depositId: null,
  failureReason: null,
  requestedAt: '2026-11-26T10:00:00.000Z',
  decidedAt: null,
};

export const sampleAdminRefund: AdminRefund = {
  ...sampleManualRefund,
  advertiserId: 'adv_1',
  advertiserEmail: 'nova@example.com',
  advertiserDisputes: null,
};

export const sampleCardDispute: CardDispute = {
  id: 'cd_1',
  depositId: 'dep_1',
  advertiserId: 'adv_1',
  advertiserEmail: 'nova@example.com',
  amountCents: 50_000,
  heldCents: 35_000,
  recoveredCents: 0,
  reason: 'fraudulent',
  status: 'open',
  createdAt: '2026-11-26T09:00:00.000Z',
  closedAt: null,
};
