// Analytics from real data (docs/product.md §Analytics): the ranges a creator or advertiser chooses, the metrics of each platform's tab
// (the spec's cards first), and how a range is cut into the chart's points. Plain data, shared by both sides.
import { intlLocale, type Locale } from './locales.ts';

export const ANALYTICS_RANGES = ['7d', '30d', '90d', '12m'] as const;
export type AnalyticsRange = (typeof ANALYTICS_RANGES)[number];
export const RANGE_LABELS: Record<AnalyticsRange, string> = {
  '7d': '7 days',
  '30d': '30 days',
  '90d': '90 days',
  '12m': '12 months',
};
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

export interface Bucket {
  /** First day of the bucket, YYYY-MM-DD (UTC). */
  start: string;
  /** First day after it. */
  end: string;
  label: string;
}

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** A point's label in a language, on the UTC clock: a day ("Nov 20", "20 nov"), a month ("Nov", "Jan 2026"). */
function labeller(locale: Locale) {
  const intl = intlLocale(locale);
  const day = new Intl.DateTimeFormat(intl, { month: 'short', day: 'numeric', timeZone: 'UTC' });
  const month = new Intl.DateTimeFormat(intl, { month: 'short', timeZone: 'UTC' });
  const monthYear = new Intl.DateTimeFormat(intl, { month: 'short', year: 'numeric', timeZone: 'UTC' });
  return {
    day: (ms: number) => day.format(ms),
    month: (ms: number, withYear: boolean) => (withYear ? monthYear : month).format(ms),
  };
}

/**
 * The first day of a range ending today (UTC), today included: 7, 30 or 90 days, or twelve months (the day after
 * today's date a year ago: 365 days, 366 across a 29 February).
 */
function rangeStart(range: AnalyticsRange, now: number): number {
  const at = new Date(now);
  const [year, month, date] = [at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()];
  if (range === '12m') return Date.UTC(year - 1, month, date + 1);
  return Date.UTC(year, month, date) - (Number(range.slice(0, -1)) - 1) * DAY_MS;
}

/**
 * The chart's points of a range ending today (UTC), together exactly the range: 7 or 30 days one a day; 90 days one a
 * week, the last one ending today (13, the first one 6 days); 12 months one a calendar month, the first and the
 * current one partial (12 or 13; the first one labelled with its year, as January is).
 */
export function bucketsOf(range: AnalyticsRange, now: number, locale: Locale = 'en'): Bucket[] {
  const label = labeller(locale);
  const from = rangeStart(range, now);
  const end = Date.UTC(new Date(now).getUTCFullYear(), new Date(now).getUTCMonth(), new Date(now).getUTCDate() + 1);
  if (range === '12m') {
    const buckets: Bucket[] = [];
    for (let start = from; start < end;) {
      const next = Math.min(end, Date.UTC(new Date(start).getUTCFullYear(), new Date(start).getUTCMonth() + 1, 1));
      const month = new Date(start).getUTCMonth();
      buckets.push({
        start: isoDay(start),
        end: isoDay(next),
        label: label.month(start, month === 0 || start === from),
      });
      start = next;
    }
    return buckets;
  }
  const step = range === '90d' ? 7 * DAY_MS : DAY_MS;
  const buckets: Bucket[] = [];
  for (let next = end; next > from; next -= step) {
    const start = Math.max(from, next - step);
    buckets.unshift({ start: isoDay(start), end: isoDay(next), label: label.day(start) });
  }
  return buckets;
}
