// Analytics from real data (issue 17): the ranges a creator or advertiser chooses, the metrics of each platform's tab
// (the spec's cards first), and how a range is cut into the chart's points. Plain data, shared by both sides.

export const ANALYTICS_RANGES = ['7d', '30d', '90d', '12m'] as const;
export type AnalyticsRange = (typeof ANALYTICS_RANGES)[number];
export const RANGE_LABELS: Record<AnalyticsRange, string> = { '7d': '7 days', '30d': '30 days', '90d': '90 days', '12m': '12 months' };
export const DEFAULT_RANGE: AnalyticsRange = '30d';

/** What a platform's collector reads and stores as a time series. */
export const SERIES = ['followers', 'viewers', 'subscribers', 'views'] as const;
export type SeriesKey = (typeof SERIES)[number];

/** A card of a platform's tab: a stored series, or donations read from the chat archive. */
export type MetricKey = SeriesKey | 'donations';

/** The cards of each tab: the spec's (Twitch: Followers, Viewers, Donations; YouTube: Subscribers, Donations) first. */
export const PLATFORM_METRICS = {
  twitch: ['followers', 'viewers', 'donations', 'subscribers'],
  youtube: ['subscribers', 'donations', 'viewers', 'views'],
} as const satisfies Record<'twitch' | 'youtube', readonly MetricKey[]>;

/** Why a card has no figures yet. */
export const MISSING_REASONS = ['not_connected', 'pending', 'scope', 'reconnect', 'unavailable'] as const;
export type MissingReason = (typeof MISSING_REASONS)[number];

/** Where the collector of an account stands. */
export const COLLECTION_STATUSES = ['pending', 'ok', 'reconnect', 'rate_limited', 'error'] as const;
export type CollectionStatus = (typeof COLLECTION_STATUSES)[number];

/** How often an account's metrics are collected: every 15 minutes while live, hourly otherwise. */
export const COLLECT_LIVE_MS = 15 * 60_000;
export const COLLECT_IDLE_MS = 60 * 60_000;

const DAY_MS = 86_400_000;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export interface Bucket {
  /** First day of the bucket, YYYY-MM-DD (UTC). */
  start: string;
  /** First day after it. */
  end: string;
  label: string;
}

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const dayLabel = (ms: number) => `${MONTHS[new Date(ms).getUTCMonth()]} ${new Date(ms).getUTCDate()}`;

/**
 * The chart's points of a range ending today (UTC): 7 or 30 days one a day, 90 days one a week (13), 12 months one a
 * month. The first bucket starts the range, the last one holds today.
 */
export function bucketsOf(range: AnalyticsRange, now: number): Bucket[] {
  const today = Date.UTC(new Date(now).getUTCFullYear(), new Date(now).getUTCMonth(), new Date(now).getUTCDate());
  if (range === '12m') {
    const year = new Date(today).getUTCFullYear();
    const month = new Date(today).getUTCMonth();
    return Array.from({ length: 12 }, (_, i) => {
      const start = Date.UTC(year, month - 11 + i, 1);
      const end = Date.UTC(year, month - 10 + i, 1);
      const label = `${MONTHS[new Date(start).getUTCMonth()]}${new Date(start).getUTCMonth() === 0 ? ` ${new Date(start).getUTCFullYear()}` : ''}`;
      return { start: isoDay(start), end: isoDay(end), label };
    });
  }
  const [count, step] = range === '7d' ? [7, 1] : range === '30d' ? [30, 1] : [13, 7];
  return Array.from({ length: count }, (_, i) => {
    const start = today - (count - 1 - i) * step * DAY_MS;
    return { start: isoDay(start), end: isoDay(start + step * DAY_MS), label: dayLabel(start) };
  });
}
