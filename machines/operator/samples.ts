// Sample records of the operator console, shaped as the contract's answers: for its flows' samples and the view tests.
import type { AdminPayout } from '@/contract';
import type { FundedAdvertiser } from './adminFunds.machine';
import { samplePayout } from '../money/samples';
import type { AdminReview } from './reviewQueue.machine';

/** An approved advertiser as the operator's Funds tab lists it. */
export const sampleFundedAdvertiser: FundedAdvertiser = {
  userId: 'usr_nova',
  email: 'nora@nova.example',
  companyName: 'Nova Energy',
  website: 'https://nova.example',
  contactName: 'Nora Vance',
  contactEmail: 'nora@nova.example',
  promotes: 'Energy drinks for long streams',
  status: 'approved',
  rejectionReason: null,
  reviewedAt: '2026-11-01T10:00:00.000Z',
  createdAt: '2026-10-30T10:00:00.000Z',
  balanceCents: 1_250_000,
  reservedCents: 75_000,
  fundingReference: 'CB-7KQ4-M2XD',
};

/** A payout of the manual rail waiting for an operator. */
export const sampleAdminPayout: AdminPayout = {
  ...samplePayout,
  status: 'processing',
  creatorId: 'usr_ana',
  creatorEmail: 'ana@example.com',
  creatorName: 'Ana Lee',
  destination: 'Ana Lee · routing 011000015 · account 000123456789',
};

/** An advertiser waiting for the operator's review. */
export const samplePendingAdvertiser = {
  userId: 'usr_pending',
  email: 'felix@pixelforge.example',
  companyName: 'PixelForge Gear',
  website: 'https://pixelforge.example',
  contactName: 'Felix Park',
  contactEmail: 'felix@pixelforge.example',
  promotes: 'Gaming keyboards',
  status: 'pending' as const,
  rejectionReason: null,
  reviewedAt: null,
  createdAt: '2026-11-20T10:00:00.000Z',
};

/** An overlay earning disputed by its advertiser, waiting for an operator (GET /api/admin/reviews). */
export const sampleAdminReview: AdminReview = {
  offerId: 'off_1',
  campaignId: 'cmp_1',
  status: 'disputed',
  brand: 'Nova Energy',
  title: 'Weekend streams',
  creatorName: 'Ana Lee',
  creatorEmail: 'ana@example.com',
  earnedCents: 22_500,
  feeCents: 2_500,
  endsAt: '2026-11-26T18:30:00.000Z',
  holdReasons: [],
  disputeReason: 'The recording shows no overlay on screen.',
  disputedAt: '2026-11-24T09:00:00.000Z',
  verifiedSeconds: 3600,
  impressions: 5_040,
  createdAt: '2026-11-23T18:30:00.000Z',
  evidence: {
    offerId: 'off_1',
    overlay: { verifiedSeconds: 3600, targetSeconds: 3600 },
    link: null,
    promo: null,
    chat: null,
  },
};

/** An overlay earning held by a fraud signal. */
export const sampleHeldReview: AdminReview = {
  ...sampleAdminReview,
  offerId: 'off_2',
  campaignId: 'cmp_2',
  status: 'held',
  brand: 'Glow Cola',
  title: 'Night runs',
  holdReasons: [{ rule: 'viewer_spike', detail: 'Viewers 2,400 against a baseline of 90.' }],
  disputeReason: null,
  disputedAt: null,
};
