// What GET /api/analytics answers (docs/product.md §Analytics), computed from stored data only:
// - platform series from the collector's daily rollup (a total's latest value per point, carried forward; viewers
//   averaged over the live samples; the change over the range, or against the previous range for averages and sums);
// - donations from the chat archive's tags (Twitch bits, YouTube Super Chats in their currency) over partial indexes;
// - chat activity of the range's latest streams (messages, chatters, the busiest minute);
// - sponsorships: earnings per month from the ledger, and per offer the overlay's display minutes and impressions
//   (displayed minutes × the concurrent viewers sampled at that time, Twitch and YouTube together);
// - for advertisers, per campaign: creators reached, display minutes, impressions, spend against budget.
import { sql, type Kysely } from 'kysely';
import {
  bucketsOf,
  PLATFORM_METRICS,
  type AnalyticsRange,
  type Bucket,
  type MetricKey,
  type MissingReason,
  type SeriesKey,
} from '../../contract/analytics.ts';
import { CONNECT_PLATFORMS, PLATFORM_NAMES, type ConnectPlatform } from '../../contract/connections.ts';
import { DEFAULT_LOCALE, intlLocale, type Locale } from '../../contract/locales.ts';
import type {
  AdvertiserAnalytics,
  AnalyticsMetric,
  CampaignFigures,
  CreatorAnalytics,
  PlatformAnalytics,
  StreamActivity,
} from '../../contract/schemas/analytics.ts';
import type { Archive } from '../archive/store.ts';
import { YOUTUBE_QUOTA_PROBLEM } from '../archive/youtube-source.ts';
import type { Database } from '../db/types.ts';
import { EARNING_KINDS } from '../money/ledger.ts';
import { problemsOf, type CollectionRow } from './store.ts';
import { analyticsTexts } from './texts.ts';

/**
 * The run's problem as the card tells it: a YouTube run stopped by the project's daily quota (the governor kept its
 * units for verification and chat, or Google said quotaExceeded) says so in the words the Archive Chat screen uses.
 */
export function collectionProblem(platform: ConnectPlatform, collection: Pick<CollectionRow, 'status' | 'problem'>) {
  const run = problemsOf(collection.problem).run;
  if (
    platform === 'youtube' &&
    run !== null &&
    collection.status === 'rate_limited' &&
    /daily (limit|API quota)|quota/i.test(run)
  )
    return `${YOUTUBE_QUOTA_PROBLEM}.`;
  return run;
}

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** A viewer sample counts for the display minutes up to this long after it (samples come every 15 minutes). */
const VIEWERS_VALID_MS = 20 * 60_000;
const STREAMS_SHOWN = 5;

const CUMULATIVE: readonly SeriesKey[] = ['followers', 'subscribers', 'views'];

interface Described {
  unit: string;
  kind: 'line' | 'bar';
}

/** Each card's unit and chart; its title and source are texts (./texts.ts). */
const DESCRIPTIONS: Record<ConnectPlatform, Record<MetricKey, Described>> = {
  twitch: {
    followers: { unit: 'followers', kind: 'line' },
    viewers: { unit: 'viewers', kind: 'bar' },
    donations: { unit: 'bits', kind: 'bar' },
    subscribers: { unit: 'subscribers', kind: 'line' },
    views: { unit: 'views', kind: 'line' },
  },
  youtube: {
    subscribers: { unit: 'subscribers', kind: 'line' },
    donations: { unit: 'USD', kind: 'bar' },
    viewers: { unit: 'viewers', kind: 'bar' },
    views: { unit: 'views', kind: 'line' },
    followers: { unit: 'followers', kind: 'line' },
  },
};

interface DayRow {
  platform: ConnectPlatform;
  metric: SeriesKey;
  day: string;
  first_value: number;
  last_value: number;
  last_at: number;
  sum_value: number;
  samples: number;
}

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const shortDay = (ms: number, locale: Locale) =>
  new Date(ms).toLocaleDateString(intlLocale(locale), { month: 'short', day: 'numeric', timeZone: 'UTC' });
const bucketOf = (buckets: Bucket[], day: string) => {
  for (let i = buckets.length - 1; i >= 0; i -= 1) if (day >= buckets[i]!.start && day < buckets[i]!.end) return i;
  return -1;
};
const money = (micros: number, currency: string, locale: Locale) =>
  `${(micros / 1_000_000).toLocaleString(intlLocale(locale), { minimumFractionDigits: 2, maximumFractionDigits: 2 })} ${currency}`;

/**
 * The range's window: its buckets, its first and last day (today: never a day still to come), the day after it and
 * its bounds in ms, and the previous range — as many days, right before it — so that sums and averages compare equal
 * spans.
 */
export function windowOf(range: AnalyticsRange, now: number, locale: Locale = DEFAULT_LOCALE) {
  const buckets = bucketsOf(range, now, locale);
  const from = buckets[0]!.start;
  const end = buckets[buckets.length - 1]!.end;
  const fromMs = Date.parse(`${from}T00:00:00Z`);
  const toMs = Date.parse(`${end}T00:00:00Z`);
  return {
    buckets,
    from,
    to: isoDay(toMs - DAY_MS),
    end,
    fromMs,
    toMs,
    prevFrom: isoDay(fromMs - (toMs - fromMs)),
    prevTo: isoDay(fromMs - DAY_MS),
  };
}

/** Concurrent viewers at a moment: per platform the latest sample up to VIEWERS_VALID_MS before, summed. */
export function viewersAt(samples: Map<string, { at: number; value: number }[]>, at: number): number {
  let total = 0;
  for (const list of samples.values()) {
    // Binary search for the last sample at or before `at`.
    let lo = 0;
    let hi = list.length - 1;
    let found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (list[mid]!.at <= at) {
        found = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    if (found >= 0 && at - list[found]!.at <= VIEWERS_VALID_MS) total += list[found]!.value;
  }
  return total;
}

export function createAnalytics(deps: { db: Kysely<Database>; archive: Archive }) {
  const { db, archive } = deps;

  /**
   * The viewer samples that can count for the offers' displayed minutes, per creator and platform, in time order: only
   * those of the hours the creatives were shown in (and the VIEWERS_VALID_MS before each), not the creators' whole
   * range — an advertiser's campaigns reach many creators, each with a year of live samples.
   */
  async function viewerSamples(offerIds: string[], fromMinute: number, toMinute: number) {
    const byCreator = new Map<string, Map<string, { at: number; value: number }[]>>();
    const rows = await db
      .with('shown', (qb) =>
        qb
          .selectFrom('overlay_minutes')
          .innerJoin('offers', 'offers.id', 'overlay_minutes.offer_id')
          .select(['offers.creator_id as creator_id', sql<number>`overlay_minutes.minute / 60`.as('hour')])
          .distinct()
          .where('overlay_minutes.offer_id', 'in', offerIds)
          .where('overlay_minutes.minute', '>=', fromMinute)
          .where('overlay_minutes.minute', '<', toMinute),
      )
      .selectFrom('shown')
      .innerJoin('metric_samples', 'metric_samples.user_id', 'shown.creator_id')
      .select([
        'metric_samples.user_id as user_id',
        'metric_samples.platform as platform',
        'metric_samples.at as at',
        'metric_samples.value as value',
      ])
      .distinct()
      // Both platforms named: each hour is a seek on the samples' key (user, platform, metric, at).
      .where('metric_samples.platform', 'in', CONNECT_PLATFORMS)
      .where('metric_samples.metric', '=', 'viewers')
      .where('metric_samples.at', '>=', sql<number>`shown.hour * ${HOUR_MS} - ${VIEWERS_VALID_MS}`)
      .where('metric_samples.at', '<', sql<number>`(shown.hour + 1) * ${HOUR_MS}`)
      .orderBy('metric_samples.at')
      .execute();
    for (const row of rows) {
      const platforms = byCreator.get(row.user_id) ?? new Map<string, { at: number; value: number }[]>();
      byCreator.set(row.user_id, platforms);
      const list = platforms.get(row.platform) ?? [];
      platforms.set(row.platform, list);
      list.push({ at: Number(row.at), value: Number(row.value) });
    }
    return byCreator;
  }

  /** Per offer: seconds displayed in the window and impressions (displayed minutes × viewers at the time). */
  async function display(offers: { id: string; creatorId: string }[], fromMs: number, toMs: number) {
    const figures = new Map<string, { seconds: number; impressions: number }>();
    if (offers.length === 0) return figures;
    const offerIds = offers.map((offer) => offer.id);
    const [fromMinute, toMinute] = [Math.floor(fromMs / 60_000), Math.floor(toMs / 60_000)];
    const minutes = await db
      .selectFrom('overlay_minutes')
      .select(['offer_id', 'minute', 'seconds'])
      .where('offer_id', 'in', offerIds)
      .where('minute', '>=', fromMinute)
      .where('minute', '<', toMinute)
      .execute();
    if (minutes.length === 0) return figures;
    const viewers = await viewerSamples(offerIds, fromMinute, toMinute);
    const creatorOf = new Map(offers.map((offer) => [offer.id, offer.creatorId]));
    for (const row of minutes) {
      const entry = figures.get(row.offer_id) ?? { seconds: 0, impressions: 0 };
      figures.set(row.offer_id, entry);
      const seconds = Number(row.seconds);
      entry.seconds += seconds;
      const samples = viewers.get(creatorOf.get(row.offer_id)!);
      if (samples) entry.impressions += (seconds / 60) * viewersAt(samples, Number(row.minute) * 60_000);
    }
    return figures;
  }

  function missingOf(
    platform: ConnectPlatform,
    key: MetricKey,
    account: { archiving: number | string; status: string } | null,
    collection: CollectionRow | null,
    locale: Locale,
  ): { reason: MissingReason; message: string } {
    const say = analyticsTexts(locale);
    const name = PLATFORM_NAMES[platform];
    const what = say(`what.${key}`);
    if (!account) return { reason: 'not_connected', message: say('missing.notConnected', { name, what }) };
    if (key === 'donations') {
      return Number(account.archiving) === 1
        ? { reason: 'pending', message: say('missing.noDonations', { platform }) }
        : { reason: 'unavailable', message: say('missing.archiveOff', { name, platform }) };
    }
    if (account.status === 'reconnect' || collection?.status === 'reconnect')
      return { reason: 'reconnect', message: say('missing.reconnect', { name }) };
    if (collection?.missing.split(' ').includes(key))
      return { reason: 'scope', message: say('missing.scope', { name, what }) };
    // The platform's own words (store.ts keeps them as the collector heard them).
    const unavailable = problemsOf(collection?.problem ?? null).unavailable[key];
    if (unavailable) return { reason: 'unavailable', message: `${unavailable}.` };
    if (!collection || collection.last_at === null)
      return { reason: 'pending', message: say('missing.firstCollection') };
    if (key === 'viewers') return { reason: 'pending', message: say('missing.noLiveStream') };
    return { reason: 'pending', message: say('missing.notCollected') };
  }

  async function platformOf(
    userId: string,
    platform: ConnectPlatform,
    range: AnalyticsRange,
    window: ReturnType<typeof windowOf>,
    days: DayRow[],
    locale: Locale,
  ): Promise<PlatformAnalytics> {
    const say = analyticsTexts(locale);
    const { buckets, from, fromMs, toMs, prevFrom } = window;
    const [account, collection] = await Promise.all([
      db
        .selectFrom('connected_accounts')
        .select(['login', 'display_name', 'status', 'archiving'])
        .where('user_id', '=', userId)
        .where('platform', '=', platform)
        .executeTakeFirst(),
      db
        .selectFrom('metric_collection')
        .selectAll()
        .where('user_id', '=', userId)
        .where('platform', '=', platform)
        .executeTakeFirst(),
    ]);
    const rangeLabel = say(`range.${range}`);
    const metrics: AnalyticsMetric[] = [];
    for (const key of PLATFORM_METRICS[platform]) {
      const described = {
        title: say(`title.${key}`),
        ...DESCRIPTIONS[platform][key],
        source: say(`source.${platform}.${key}`),
      };
      let points: (number | null)[] = buckets.map(() => null);
      let current: number | null = null;
      let currentLabel = '';
      let change: number | null = null;
      let changeLabel = say('label.inRange', { range: rangeLabel });
      let note: string | null = null;
      if (key === 'donations') {
        const donations = await donationsOf(userId, platform, prevFrom, window.end, locale);
        described.unit = donations.currency;
        const inRange = donations.days.filter((d) => d.day >= from);
        if (donations.days.length > 0 || (account && Number(account.archiving) === 1)) {
          points = buckets.map(() => 0);
          for (const d of inRange) {
            const i = bucketOf(buckets, d.day);
            if (i >= 0) points[i] = round2(points[i]! + d.value);
          }
          current = round2(inRange.reduce((sum, d) => sum + d.value, 0));
          change = round2(current - donations.days.filter((d) => d.day < from).reduce((sum, d) => sum + d.value, 0));
          currentLabel = say('label.inRange', { range: rangeLabel });
          changeLabel = say('label.vsPrevious', { range: rangeLabel });
          note = donations.note;
        }
      } else {
        const rows = days.filter((row) => row.platform === platform && row.metric === key);
        const inRange = rows.filter((row) => row.day >= from);
        if (CUMULATIVE.includes(key)) {
          const before =
            rows.filter((row) => row.day < from).at(-1) ?? (await latestBefore(userId, platform, key, prevFrom));
          let carried: number | null = before ? Number(before.last_value) : null;
          points = buckets.map((bucket) => {
            const last = inRange.filter((row) => row.day >= bucket.start && row.day < bucket.end).at(-1);
            if (last) carried = Number(last.last_value);
            return carried;
          });
          const latest = inRange.at(-1) ?? before;
          if (latest) {
            current = Number(latest.last_value);
            currentLabel = say('label.asOf', { day: shortDay(Number(latest.last_at), locale) });
            const start = before ? Number(before.last_value) : Number(inRange[0]!.first_value);
            change = current - start;
          }
        } else {
          // Viewers: the average of the live samples, per point and over the range; compared with the previous range.
          const average = (list: DayRow[]) => {
            const samples = list.reduce((n, row) => n + Number(row.samples), 0);
            return samples === 0 ? null : Math.round(list.reduce((n, row) => n + Number(row.sum_value), 0) / samples);
          };
          points = buckets.map((bucket) =>
            average(inRange.filter((row) => row.day >= bucket.start && row.day < bucket.end)),
          );
          current = average(inRange);
          currentLabel = say('label.averageLive');
          const previous = average(rows.filter((row) => row.day < from));
          change = current !== null && previous !== null ? current - previous : null;
          changeLabel = say('label.vsPrevious', { range: rangeLabel });
        }
      }
      metrics.push({
        key,
        ...described,
        current,
        currentLabel,
        change,
        changeLabel,
        points: buckets.map((bucket, i) => ({ label: bucket.label, start: bucket.start, value: points[i] ?? null })),
        note,
        missing: current === null ? missingOf(platform, key, account ?? null, collection ?? null, locale) : null,
      });
    }
    return {
      platform,
      // The collector may have been refused before the account heard of it: either says "reconnect".
      channel: account
        ? {
            login: account.login,
            displayName: account.display_name,
            status: account.status === 'reconnect' || collection?.status === 'reconnect' ? 'reconnect' : 'connected',
          }
        : null,
      collection: collection
        ? {
            status: collection.status,
            lastAt: collection.last_at === null ? null : Number(collection.last_at),
            nextAt: collection.next_at === null ? null : Number(collection.next_at),
            live: Number(collection.live) === 1,
            // The run's problem; the series the platform does not give are told on their cards.
            problem: collectionProblem(platform, collection),
          }
        : null,
      metrics,
      streams: await streamsOf(userId, platform, fromMs, toMs),
    };
  }

  const round2 = (value: number) => Math.round(value * 100) / 100;

  async function latestBefore(
    userId: string,
    platform: ConnectPlatform,
    metric: SeriesKey,
    day: string,
  ): Promise<DayRow | undefined> {
    const row = await db
      .selectFrom('metric_days')
      .select(['platform', 'metric', 'day', 'first_value', 'last_value', 'last_at', 'sum_value', 'samples'])
      .where('user_id', '=', userId)
      .where('platform', '=', platform)
      .where('metric', '=', metric)
      .where('day', '<', day)
      .orderBy('day', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row as DayRow | undefined;
  }

  /** Bits per day (Twitch), or Super Chat amounts per day in the currency most of them came in (YouTube). */
  async function donationsOf(
    userId: string,
    platform: ConnectPlatform,
    fromDay: string,
    toDay: string,
    locale: Locale,
  ): Promise<{ currency: string; days: { day: string; value: number }[]; note: string | null }> {
    if (platform === 'twitch') {
      const rows = await db
        .selectFrom('chat_messages')
        .select((eb) => ['day', eb.fn.sum<number | string>('bits').as('bits')])
        .where('user_id', '=', userId)
        .where('platform', '=', 'twitch')
        .where('bits', 'is not', null)
        .where('day', '>=', fromDay)
        .where('day', '<', toDay)
        .groupBy('day')
        .orderBy('day')
        .execute();
      return { currency: 'bits', days: rows.map((row) => ({ day: row.day, value: Number(row.bits) })), note: null };
    }
    const rows = await db
      .selectFrom('chat_messages')
      .select((eb) => [
        'day',
        'currency',
        eb.fn.sum<number | string>('amount_micros').as('micros'),
        eb.fn.countAll<number>().as('count'),
      ])
      .where('user_id', '=', userId)
      .where('platform', '=', 'youtube')
      .where('amount_micros', 'is not', null)
      .where('day', '>=', fromDay)
      .where('day', '<', toDay)
      .groupBy(['day', 'currency'])
      .orderBy('day')
      .execute();
    const totals = new Map<string, { micros: number; count: number }>();
    for (const row of rows) {
      const total = totals.get(row.currency!) ?? { micros: 0, count: 0 };
      totals.set(row.currency!, total);
      total.micros += Number(row.micros);
      total.count += Number(row.count);
    }
    const main =
      [...totals.entries()].sort((a, b) => b[1].count - a[1].count || b[1].micros - a[1].micros)[0]?.[0] ?? 'USD';
    const others = [...totals.entries()].filter(([currency]) => currency !== main);
    return {
      currency: main,
      days: rows
        .filter((row) => row.currency === main)
        .map((row) => ({ day: row.day, value: Number(row.micros) / 1_000_000 })),
      note: others.length ? otherCurrencies(others, locale) : null,
    };
  }

  /** Chat activity of the range's latest streams. */
  async function streamsOf(
    userId: string,
    platform: ConnectPlatform,
    fromMs: number,
    toMs: number,
  ): Promise<StreamActivity[]> {
    const rows = await db
      .selectFrom('chat_streams')
      .select('id')
      .where('user_id', '=', userId)
      .where('platform', '=', platform)
      .where('started_at', '>=', fromMs)
      .where('started_at', '<', toMs)
      .orderBy('started_at', 'desc')
      .limit(STREAMS_SHOWN)
      .execute();
    const shown: StreamActivity[] = [];
    for (const row of rows) {
      const found = await archive.stream(userId, Number(row.id));
      if (!found) continue;
      const { id, title, startedAt, endedAt, messages, chatters } = found.stream;
      shown.push({
        id,
        title,
        startedAt,
        endedAt,
        messages,
        chatters,
        peakPerMinute: await archive.peakPerMinute(userId, platform, found.range),
      });
    }
    return shown;
  }

  async function sponsorshipsOf(
    userId: string,
    range: AnalyticsRange,
    window: ReturnType<typeof windowOf>,
    now: number,
    locale: Locale,
  ): Promise<CreatorAnalytics['sponsorships']> {
    const { from, fromMs, toMs } = window;
    // Months of the range (12 for a year; the one or few months a shorter range touches).
    const months =
      range === '12m'
        ? window.buckets.map((bucket) => ({ label: bucket.label, start: bucket.start }))
        : monthsBetween(fromMs, now, locale);
    const earned = await db
      .selectFrom('ledger_entries')
      .innerJoin('ledger_accounts', 'ledger_accounts.id', 'ledger_entries.account_id')
      .innerJoin('ledger_transfers', 'ledger_transfers.id', 'ledger_entries.transfer_id')
      .select((eb) => [
        sql<string>`substr(ledger_transfers.created_at, 1, 7)`.as('month'),
        eb.fn.sum<number | string>('ledger_entries.amount_cents').as('cents'),
      ])
      .where('ledger_accounts.kind', '=', 'creator_available')
      .where('ledger_accounts.owner_id', '=', userId)
      .where('ledger_transfers.kind', 'in', EARNING_KINDS)
      .where('ledger_transfers.created_at', '>=', months[0]!.start)
      .groupBy(sql`substr(ledger_transfers.created_at, 1, 7)`)
      .execute();
    const byMonth = new Map(earned.map((row) => [row.month, Number(row.cents)]));
    const inRange = await db
      .selectFrom('ledger_entries')
      .innerJoin('ledger_accounts', 'ledger_accounts.id', 'ledger_entries.account_id')
      .innerJoin('ledger_transfers', 'ledger_transfers.id', 'ledger_entries.transfer_id')
      .select((eb) => eb.fn.sum<number | string>('ledger_entries.amount_cents').as('cents'))
      .where('ledger_accounts.kind', '=', 'creator_available')
      .where('ledger_accounts.owner_id', '=', userId)
      .where('ledger_transfers.kind', 'in', EARNING_KINDS)
      .where('ledger_transfers.created_at', '>=', `${from}T00:00:00.000Z`)
      .executeTakeFirst();

    const offers = await db
      .selectFrom('offers')
      .innerJoin('campaigns', 'campaigns.id', 'offers.campaign_id')
      .select([
        'offers.id as id',
        'offers.status as status',
        'campaigns.brand as brand',
        'campaigns.title as title',
        'campaigns.deliverable_minutes as deliverable',
      ])
      .where('offers.creator_id', '=', userId)
      .where((eb) =>
        eb.or([
          eb('offers.status', 'in', ['accepted', 'active']),
          eb.and([
            eb('offers.status', 'in', ['completed', 'paid']),
            eb('offers.completed_at', '>=', `${from}T00:00:00.000Z`),
          ]),
        ]),
      )
      .orderBy('offers.updated_at', 'desc')
      .execute();
    const shown = await display(
      offers.map((offer) => ({ id: offer.id, creatorId: userId })),
      fromMs,
      toMs,
    );
    const figures = offers.map((offer) => {
      const seen = shown.get(offer.id) ?? { seconds: 0, impressions: 0 };
      return {
        offerId: offer.id,
        brand: offer.brand,
        title: offer.title,
        status: offer.status,
        displayMinutes: Math.floor(seen.seconds / 60),
        deliverableMinutes: Number(offer.deliverable),
        impressions: Math.round(seen.impressions),
      };
    });
    return {
      revenue: months.map((month) => ({
        label: month.label,
        start: month.start,
        value: byMonth.get(month.start.slice(0, 7)) ?? 0,
      })),
      revenueCents: Number(inRange?.cents ?? 0),
      activeOffers: offers.filter((offer) => offer.status === 'accepted' || offer.status === 'active').length,
      displayMinutes: figures.reduce((sum, offer) => sum + offer.displayMinutes, 0),
      impressions: figures.reduce((sum, offer) => sum + offer.impressions, 0),
      offers: figures,
    };
  }

  return {
    /** A creator's figures, their texts in `locale`. */
    async creator(
      userId: string,
      range: AnalyticsRange,
      { now = Date.now(), locale = DEFAULT_LOCALE }: { now?: number; locale?: Locale } = {},
    ): Promise<CreatorAnalytics> {
      const window = windowOf(range, now, locale);
      const days = (await db
        .selectFrom('metric_days')
        .select(['platform', 'metric', 'day', 'first_value', 'last_value', 'last_at', 'sum_value', 'samples'])
        .where('user_id', '=', userId)
        .where('day', '>=', window.prevFrom)
        .where('day', '<', window.end)
        .orderBy('day')
        .execute()) as DayRow[];
      const [twitch, youtube] = await Promise.all(
        CONNECT_PLATFORMS.map((platform) => platformOf(userId, platform, range, window, days, locale)),
      );
      return {
        role: 'creator',
        range,
        from: window.from,
        to: window.to,
        twitch: twitch!,
        youtube: youtube!,
        sponsorships: await sponsorshipsOf(userId, range, window, now, locale),
      };
    },

    async advertiser(userId: string, range: AnalyticsRange, now = Date.now()): Promise<AdvertiserAnalytics> {
      const window = windowOf(range, now);
      const campaigns = await db
        .selectFrom('campaigns')
        .select(['id', 'brand', 'title', 'status', 'pay_cents', 'spots'])
        .where('advertiser_id', '=', userId)
        .orderBy('created_at', 'desc')
        .execute();
      const offers = campaigns.length
        ? await db
            .selectFrom('offers')
            .select(['id', 'campaign_id', 'creator_id', 'status', 'earned_cents', 'fee_cents', 'pay_cents'])
            .where(
              'campaign_id',
              'in',
              campaigns.map((campaign) => campaign.id),
            )
            .where('status', 'in', ['accepted', 'active', 'completed', 'paid'])
            .execute()
        : [];
      const shown = await display(
        offers.map((offer) => ({ id: offer.id, creatorId: offer.creator_id })),
        window.fromMs,
        window.toMs,
      );
      const figures: CampaignFigures[] = campaigns.map((campaign) => {
        const own = offers.filter((offer) => offer.campaign_id === campaign.id);
        const seen = own.map((offer) => ({ offer, figures: shown.get(offer.id) ?? { seconds: 0, impressions: 0 } }));
        return {
          id: campaign.id,
          brand: campaign.brand,
          title: campaign.title,
          status: campaign.status,
          creatorsReached: new Set(seen.filter((one) => one.figures.seconds > 0).map((one) => one.offer.creator_id))
            .size,
          displayMinutes: Math.floor(seen.reduce((sum, one) => sum + one.figures.seconds, 0) / 60),
          impressions: Math.round(seen.reduce((sum, one) => sum + one.figures.impressions, 0)),
          spendCents: own
            .filter((offer) => offer.status === 'completed' || offer.status === 'paid')
            .reduce((sum, offer) => sum + Number(offer.earned_cents ?? 0) + Number(offer.fee_cents ?? 0), 0),
          // The reservation: pay × spots, grown or shrunk by each counter-offer accepted at other pay.
          budgetCents:
            Number(campaign.pay_cents) * Number(campaign.spots) +
            own.reduce(
              (sum, offer) =>
                sum + (offer.pay_cents === null ? 0 : Number(offer.pay_cents) - Number(campaign.pay_cents)),
              0,
            ),
        };
      });
      return { role: 'advertiser', range, from: window.from, to: window.to, campaigns: figures };
    },
  };
}

/** Super Chats in currencies other than the chart's: "Also received (not in the chart): 12.00 EUR in 2 Super Chats." */
function otherCurrencies(others: [string, { micros: number; count: number }][], locale: Locale): string {
  const say = analyticsTexts(locale);
  const list = others.map(([currency, total]) =>
    say('note.otherCurrency', { amount: money(total.micros, currency, locale), count: total.count }),
  );
  return say('note.otherCurrencies', { list: list.join(', ') });
}

/** The months from the one holding `fromMs` to the one holding `now`. */
function monthsBetween(fromMs: number, now: number, locale: Locale): { label: string; start: string }[] {
  const months: { label: string; start: string }[] = [];
  const end = new Date(now);
  for (
    let at = new Date(Date.UTC(new Date(fromMs).getUTCFullYear(), new Date(fromMs).getUTCMonth(), 1));
    at <= end;
    at = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1))
  ) {
    months.push({
      label: at.toLocaleDateString(intlLocale(locale), { month: 'short', year: 'numeric', timeZone: 'UTC' }),
      start: isoDay(at.getTime()),
    });
  }
  return months;
}

export type AnalyticsService = ReturnType<typeof createAnalytics>;
