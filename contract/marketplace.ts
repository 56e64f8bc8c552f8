// The marketplace's plain data (docs/product.md §Marketplace, docs/product.md "Roles", "Records and life cycles"): roles, the campaign and
// offer life cycles, the creator's three tabs, targeting options and limits. Zod-free, so machines and views import
// it; ./schemas/marketplace.ts builds the request and answer schemas from it.
import { formatCents } from './cents';

export const ROLES = ['creator', 'advertiser', 'operator'] as const;
export type Role = (typeof ROLES)[number];

export const PLATFORMS = ['Twitch', 'YouTube'] as const;
export type Platform = (typeof PLATFORMS)[number];

/**
 * Accepting needs a channel connected on one of the campaign's platforms (none listed: either): the 409's message
 * (server/marketplace/offers.ts) names what to connect; the offer card knows it by its start and links Connect Accounts.
 */
export const CONNECT_BEFORE_ACCEPT = 'Connect your ';
export function connectBeforeAcceptMessage(platforms: readonly Platform[]): string {
  const names = (platforms.length > 0 ? platforms : PLATFORMS).join(' or ');
  const confirms = names.includes(' or ') ? 'the platform confirms' : `${names} confirms`;
  return `${CONNECT_BEFORE_ACCEPT}${names} channel in Connect Accounts before accepting: Castbridge counts display only while ${confirms} you are live.`;
}

/** Broadcasting languages a campaign targets (the profile's "United States" reads as English, "Mexico" as Spanish). */
export const CAMPAIGN_LANGUAGES = ['English', 'Spanish'] as const;
export type CampaignLanguage = (typeof CAMPAIGN_LANGUAGES)[number];

export const CAMPAIGN_STATUSES = ['draft', 'active', 'paused', 'completed', 'cancelled'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/** The advertiser's controls and the statuses each one acts from; anything else answers 409. */
export const CAMPAIGN_ACTIONS = {
  launch: ['draft'],
  pause: ['active'],
  resume: ['paused'],
  cancel: ['draft', 'active', 'paused'],
} as const satisfies Record<string, readonly CampaignStatus[]>;
export type CampaignAction = keyof typeof CAMPAIGN_ACTIONS;

export const OFFER_STATUSES = [
  'invited',
  'info_requested',
  'accepted',
  'declined',
  'expired',
  'active',
  'completed',
  'paid',
] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];

/** Offers the creator can still answer: open offers count against a campaign's `spots × 3`. */
export const OPEN_OFFER_STATUSES = ['invited', 'info_requested'] as const satisfies readonly OfferStatus[];

/** The creator's actions and the statuses each acts from (docs/product.md "Offer"); anything else answers 409. */
export const OFFER_ACTIONS = {
  accept: ['invited', 'info_requested'],
  decline: ['invited', 'info_requested'],
  'request-info': ['invited'],
} as const satisfies Record<string, readonly OfferStatus[]>;
export type OfferAction = keyof typeof OFFER_ACTIONS;

/** Accepted offers waiting for their deliverable: the advertiser confirms delivery from these (docs/product.md §Money). */
export const DELIVERY_STATUSES = ['accepted', 'active'] as const satisfies readonly OfferStatus[];

/** Statuses in which the offer's thread takes new messages. */
export const THREAD_OPEN_STATUSES = [
  'invited',
  'info_requested',
  'accepted',
  'active',
  'completed',
  'paid',
] as const satisfies readonly OfferStatus[];

/** How many messages a page of a thread holds: the newest page first, earlier ones by cursor (docs/product.md §Threads). */
export const THREAD_PAGE = 50;

/** The Sponsorship Offers screen's tabs (docs/spec.md §2, texts verbatim) and the statuses each one lists (docs/product.md §Offers, threads, notifications). */
export const OFFER_TABS = [
  { value: 'newley', label: 'Newley Offers', statuses: ['invited'] },
  { value: 'accepted', label: 'Accepted', statuses: ['accepted', 'active', 'completed', 'paid'] },
  { value: 'requested', label: 'Requested More Information', statuses: ['info_requested'] },
] as const satisfies readonly { value: string; label: string; statuses: readonly OfferStatus[] }[];
export type OfferTab = (typeof OFFER_TABS)[number]['value'];

export function tabOf(status: OfferStatus): OfferTab | null {
  return OFFER_TABS.find((tab) => (tab.statuses as readonly OfferStatus[]).includes(status))?.value ?? null;
}

export const VERIFICATION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

export const NOTIFICATION_TYPES = [
  'offer.new',
  'offer.accepted',
  'offer.declined',
  'offer.info_requested',
  'offer.expired',
  'thread.message',
  'advertiser.approved',
  'advertiser.rejected',
  'campaign.full',
  'campaign.completed',
  // Money (docs/product.md §Money).
  'offer.completed',
  'funds.deposited',
  'payout.paid',
  'payout.failed',
  // Verified delivery's review window (docs/product.md §Review window and disputes).
  'earning.released',
  'earning.disputed',
  'earning.resolved',
  // Counter-offers (docs/product.md §Counter-offers).
  'offer.countered',
  'offer.counter_accepted',
  'offer.counter_declined',
  // Self-serve money (docs/product.md §Self-serve money): card payments that failed, refunds, card disputes.
  'funds.deposit_failed',
  'funds.refunded',
  'funds.refund_failed',
  'funds.disputed',
  'funds.dispute_closed',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** Matching criteria, in the order reasons are listed; an invitation (the brand chose the creator in search) has its own. */
export const MATCH_CRITERIA = ['invitation', 'platform', 'language', 'country', 'category', 'audience'] as const;
export type MatchCriterion = (typeof MATCH_CRITERIA)[number];

export const MARKETPLACE_LIMITS = {
  companyName: 120,
  website: 300,
  contactName: 120,
  /** What the company wants to promote (docs/product.md §Advertiser onboarding). */
  promotes: 500,
  brand: 100,
  title: 120,
  description: 2000,
  disclosure: 120,
  keyword: 40,
  keywords: 20,
  message: 2000,
  reason: 500,
  /** Pay per creator, in cents: $1 to $1,000,000. */
  minPayCents: 100,
  maxPayCents: 100_000_000,
  maxSpots: 1000,
  maxDeliverableMinutes: 100_000,
} as const;

/** How many open offers a campaign keeps per spot (docs/product.md §Marketplace: at most spots × 3). */
export const OPEN_OFFERS_PER_SPOT = 3;

// How a sum of cents is written lives in its own module (the client's format chunk takes it alone).
export { formatCents } from './cents';

/**
 * Accepting a counter-offer above the campaign's pay when the advertiser's balance is short (server/marketplace/proposals.ts):
 * the 409 names the amount missing, in the English of `marketplace.accept_short_of_funds` (server/marketplace/problems.ts);
 * the advertiser's reply flow knows it by that code and links Funds.
 */
export const SHORT_OF_FUNDS = 'Accepting needs ';
export function shortOfFundsMessage(missingCents: number): string {
  return `${SHORT_OF_FUNDS}${formatCents(missingCents)} more than your balance holds: add funds first`;
}
