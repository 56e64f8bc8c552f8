// GET /api/analytics (docs/product.md §Analytics): the path is fixed by docs/product.md; the shapes are documented in docs/api.md.
import { z } from 'zod';
import { ANALYTICS_RANGES, COLLECTION_STATUSES, MISSING_REASONS } from '../analytics.ts';
import { CONNECT_PLATFORMS } from '../connections.ts';

const range = z.enum(ANALYTICS_RANGES, { error: `must be ${ANALYTICS_RANGES.join(', ')}` });
export const analyticsQuery = z.object({ range: range.optional() });

/** One point of a chart: a day, a week or a month, and its value (null: nothing known then). */
const point = z.object({ label: z.string(), start: z.string(), value: z.number().nullable() });

const metric = z.object({
  key: z.enum(['followers', 'viewers', 'subscribers', 'views', 'donations']),
  title: z.string(),
  /** What a value counts ("followers", "bits", "USD"). */
  unit: z.string(),
  kind: z.enum(['line', 'bar']),
  /** Where the number comes from, in a few words. */
  source: z.string(),
  /** The headline figure (a total now, an average or a sum over the range), null without data. */
  current: z.number().nullable(),
  currentLabel: z.string(),
  change: z.number().nullable(),
  changeLabel: z.string(),
  points: z.array(point),
  /** What the chart leaves out (Super Chats in other currencies). */
  note: z.string().nullable(),
  /** Why there is no figure yet; null when there is one. */
  missing: z.object({ reason: z.enum(MISSING_REASONS), message: z.string() }).nullable(),
});

const streamActivity = z.object({
  id: z.number(),
  title: z.string(),
  startedAt: z.number(),
  endedAt: z.number().nullable(),
  messages: z.number(),
  chatters: z.number(),
  peakPerMinute: z.number(),
});

const platformAnalytics = z.object({
  platform: z.enum(CONNECT_PLATFORMS),
  channel: z
    .object({ login: z.string(), displayName: z.string(), status: z.enum(['connected', 'reconnect']) })
    .nullable(),
  collection: z
    .object({
      status: z.enum(COLLECTION_STATUSES),
      lastAt: z.number().nullable(),
      nextAt: z.number().nullable(),
      live: z.boolean(),
      problem: z.string().nullable(),
    })
    .nullable(),
  metrics: z.array(metric),
  /** Chat activity of the range's latest streams, from the chat archive. */
  streams: z.array(streamActivity),
});

const offerFigures = z.object({
  offerId: z.string(),
  brand: z.string(),
  title: z.string(),
  status: z.string(),
  displayMinutes: z.number(),
  deliverableMinutes: z.number(),
  impressions: z.number(),
});

const creatorAnalytics = z.object({
  role: z.literal('creator'),
  range,
  from: z.string(),
  to: z.string(),
  twitch: platformAnalytics,
  youtube: platformAnalytics,
  sponsorships: z.object({
    /** Earned per month (cents), from the ledger. */
    revenue: z.array(point),
    revenueCents: z.number(),
    activeOffers: z.number(),
    displayMinutes: z.number(),
    impressions: z.number(),
    offers: z.array(offerFigures),
  }),
});

const campaignFigures = z.object({
  id: z.string(),
  brand: z.string(),
  title: z.string(),
  status: z.string(),
  creatorsReached: z.number(),
  displayMinutes: z.number(),
  impressions: z.number(),
  spendCents: z.number(),
  budgetCents: z.number(),
});

const advertiserAnalytics = z.object({
  role: z.literal('advertiser'),
  range,
  from: z.string(),
  to: z.string(),
  campaigns: z.array(campaignFigures),
});

export const analyticsResponse = z.discriminatedUnion('role', [creatorAnalytics, advertiserAnalytics]);

export type AnalyticsMetric = z.infer<typeof metric>;
export type PlatformAnalytics = z.infer<typeof platformAnalytics>;
export type CreatorAnalytics = z.infer<typeof creatorAnalytics>;
export type AdvertiserAnalytics = z.infer<typeof advertiserAnalytics>;
export type Analytics = z.infer<typeof analyticsResponse>;
export type StreamActivity = z.infer<typeof streamActivity>;
export type OfferFigures = z.infer<typeof offerFigures>;
export type CampaignFigures = z.infer<typeof campaignFigures>;
