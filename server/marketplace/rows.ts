// Row ↔ API shapes of the marketplace (contract/schemas/marketplace.ts), shared by its stores.
import type { Selectable } from 'kysely';
import type { Campaign, Offer } from '../../contract/schemas/marketplace.ts';
import type { DeliverableProgress } from '../../contract/schemas/deliverables.ts';
import { OFFER_STATUSES, type OfferStatus } from '../../contract/marketplace.ts';
import type { AdvertiserProfilesTable, CampaignsTable } from '../db/types.ts';
import { displayName } from '../accounts/users.ts';
import { DEFAULT_LOCALE, type Locale } from '../../contract/locales.ts';
import { reasonsIn } from './reasons.ts';

export type CampaignRow = Selectable<CampaignsTable>;

const list = <T>(json: string): T[] => JSON.parse(json) as T[];

export function emptyCounts(): Record<OfferStatus, number> {
  return Object.fromEntries(OFFER_STATUSES.map((status) => [status, 0])) as Record<OfferStatus, number>;
}

export function targetingOf(row: CampaignRow): Campaign['targeting'] {
  return {
    platforms: list(row.platforms),
    languages: list(row.languages),
    countries: list(row.countries),
    categories: list(row.categories),
    minAvgViewers: row.min_avg_viewers === null ? null : Number(row.min_avg_viewers),
  };
}

/** The campaign columns its deliverables are read from. */
export type DeliverableColumns = Pick<
  CampaignRow,
  | 'deliverable_minutes'
  | 'starts_on'
  | 'ends_on'
  | 'disclosure'
  | 'requires_disclosure'
  | 'overlay_required'
  | 'link_url'
  | 'link_clicks'
  | 'chat_message'
  | 'chat_every_minutes'
  | 'chat_command'
  | 'chat_posts'
  | 'promo_redemptions'
>;

export function deliverableOf(row: DeliverableColumns): Campaign['deliverable'] {
  return {
    minutes: Number(row.deliverable_minutes),
    startsOn: row.starts_on,
    endsOn: row.ends_on,
    disclosure: row.disclosure,
    requiresDisclosure: Number(row.requires_disclosure) !== 0,
    overlay: Number(row.overlay_required) !== 0,
    link:
      row.link_url === null
        ? null
        : { url: row.link_url, clicks: row.link_clicks === null ? null : Number(row.link_clicks) },
    chat:
      row.chat_message === null
        ? null
        : {
            message: row.chat_message,
            everyMinutes: Number(row.chat_every_minutes),
            command: row.chat_command,
            posts: Number(row.chat_posts),
          },
    promo: row.promo_redemptions === null ? null : { redemptions: Number(row.promo_redemptions) },
  };
}

/** The campaign's pay per click (cents), or null for a flat fee. */
export function perClickOf(row: Pick<CampaignRow, 'per_click_cents'>): number | null {
  return row.per_click_cents === null ? null : Number(row.per_click_cents);
}

export function toCampaign(row: CampaignRow, counts: Record<OfferStatus, number> = emptyCounts()): Campaign {
  return {
    id: row.id,
    brand: row.brand,
    title: row.title,
    description: row.description,
    image: row.image,
    payCents: Number(row.pay_cents),
    spots: Number(row.spots),
    targeting: targetingOf(row),
    deliverable: deliverableOf(row),
    perClickCents: perClickOf(row),
    autoMatch: Number(row.auto_match) !== 0,
    status: row.status,
    offers: counts,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    launchedAt: row.launched_at,
  };
}

/** The campaign columns deliverableOf and perClickOf read, as an offer's query selects them. */
export const CAMPAIGN_DELIVERABLE_COLUMNS = [
  'campaigns.deliverable_minutes as deliverable_minutes',
  'campaigns.starts_on as starts_on',
  'campaigns.ends_on as ends_on',
  'campaigns.disclosure as disclosure',
  'campaigns.requires_disclosure as requires_disclosure',
  'campaigns.overlay_required as overlay_required',
  'campaigns.link_url as link_url',
  'campaigns.link_clicks as link_clicks',
  'campaigns.chat_message as chat_message',
  'campaigns.chat_every_minutes as chat_every_minutes',
  'campaigns.chat_command as chat_command',
  'campaigns.chat_posts as chat_posts',
  'campaigns.promo_redemptions as promo_redemptions',
  'campaigns.per_click_cents as per_click_cents',
] as const;

/** The columns an offer's answer reads: the offer, its campaign and (for the advertiser) its creator. */
export const OFFER_COLUMNS = [
  'offers.id as id',
  'offers.status as status',
  'offers.campaign_id as campaign_id',
  'offers.reasons as reasons',
  'offers.decline_reason as decline_reason',
  'offers.message_count as message_count',
  'offers.created_at as created_at',
  'offers.updated_at as updated_at',
  'offers.completed_at as completed_at',
  'offers.earned_cents as earned_cents',
  'offers.pay_cents as offer_pay_cents',
  'offers.deliverable_minutes as offer_deliverable_minutes',
  'offers.origin as origin',
  'campaigns.brand as brand',
  'campaigns.title as title',
  'campaigns.description as description',
  'campaigns.image as image',
  'campaigns.pay_cents as pay_cents',
  ...CAMPAIGN_DELIVERABLE_COLUMNS,
] as const;

export const CREATOR_COLUMNS = [
  'users.first_name as first_name',
  'users.last_name as last_name',
  'users.email as creator_email',
  'users.image as creator_image',
  'users.country as creator_country',
  'users.language as creator_language',
  'users.type_content as creator_type_content',
] as const;

/** The users columns an advertiser's offers show (a change to one changes their lists). */
export const CREATOR_FIELDS = CREATOR_COLUMNS.map((column) => column.slice('users.'.length, column.indexOf(' ')));

export interface OfferJoinRow {
  id: string;
  status: OfferStatus;
  campaign_id: string;
  reasons: string;
  decline_reason: string | null;
  message_count: number | string;
  created_at: string;
  updated_at: string;
  completed_at: string | null;
  earned_cents: number | string | null;
  /** The agreed pay and deliverable when a counter-offer changed them; null: the campaign's. */
  offer_pay_cents: number | string | null;
  offer_deliverable_minutes: number | null;
  origin: 'match' | 'invitation';
  brand: string;
  title: string;
  description: string;
  image: string | null;
  pay_cents: number | string;
  deliverable_minutes: number;
  starts_on: string;
  ends_on: string;
  disclosure: string;
  requires_disclosure: number;
  overlay_required: number;
  link_url: string | null;
  link_clicks: number | null;
  chat_message: string | null;
  chat_every_minutes: number | null;
  chat_command: string | null;
  chat_posts: number | null;
  promo_redemptions: number | null;
  per_click_cents: number | string | null;
  first_name?: string | null;
  last_name?: string | null;
  creator_email?: string;
  creator_image?: string | null;
  creator_country?: string | null;
  creator_language?: string | null;
  creator_type_content?: string | null;
}

/** The offer as the contract says it; its match reasons worded in `locale` (./reasons.ts). */
export function toOffer(row: OfferJoinRow, withCreator: boolean, locale: Locale = DEFAULT_LOCALE): Offer {
  const offer: Offer = {
    id: row.id,
    status: row.status,
    campaignId: row.campaign_id,
    brand: row.brand,
    title: row.title,
    description: row.description,
    image: row.image,
    payCents: Number(row.offer_pay_cents ?? row.pay_cents),
    campaignPayCents: Number(row.pay_cents),
    deliverable: {
      ...deliverableOf(row),
      ...(row.offer_deliverable_minutes === null ? {} : { minutes: Number(row.offer_deliverable_minutes) }),
    },
    origin: row.origin,
    proposal: null,
    reasons: reasonsIn(row.reasons, locale),
    declineReason: row.decline_reason,
    messageCount: Number(row.message_count),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    completedAt: row.completed_at,
    earnedCents: row.earned_cents === null ? null : Number(row.earned_cents),
    perClickCents: perClickOf(row),
    // Attached by the deliverables' progress (server/deliverables/progress.ts) where the answer carries it.
    progress: null,
  };
  if (withCreator) {
    offer.creator = {
      name: displayName({ first_name: row.first_name, last_name: row.last_name, email: row.creator_email }),
      image: row.creator_image ?? null,
      country: row.creator_country ?? null,
      language: row.creator_language ?? null,
      typeContent: row.creator_type_content ?? null,
    };
  }
  return offer;
}

export function toAdvertiserProfile(row: Selectable<AdvertiserProfilesTable>) {
  return {
    companyName: row.company_name,
    website: row.website,
    contactName: row.contact_name,
    contactEmail: row.contact_email,
    promotes: row.promotes,
    status: row.status,
    rejectionReason: row.rejection_reason,
    reviewedAt: row.reviewed_at,
  };
}

/** What an offer's progress is looked up by (server/deliverables/progress.ts). */
export interface ProgressKey {
  offerId: string;
  campaignId: string;
  creatorId: string;
  status: string;
}

/**
 * The deliverables' progress of many offers in one batch (docs/product.md §Deliverables). The deliverables domain
 * builds on the marketplace, so the marketplace knows it only as this callback, which server/app.ts fills.
 */
export type ProgressOf = (offers: readonly ProgressKey[]) => Promise<Map<string, DeliverableProgress | null>>;

/** Sets each offer's `progress` (creators: each offer's creator id, by offer id) with one call for the whole list. */
export async function withProgress(
  progressOf: ProgressOf | undefined,
  offers: Offer[],
  creators: ReadonlyMap<string, string>,
): Promise<Offer[]> {
  if (!progressOf || offers.length === 0) return offers;
  const byOffer = await progressOf(
    offers.map((offer) => ({
      offerId: offer.id,
      campaignId: offer.campaignId,
      creatorId: creators.get(offer.id) ?? '',
      status: offer.status,
    })),
  );
  return offers.map((offer) => ({ ...offer, progress: byOffer.get(offer.id) ?? null }));
}
