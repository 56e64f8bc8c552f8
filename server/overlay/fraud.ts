// Fraud signals (docs/product.md §Verified delivery, docs/operations.md §Fraud signals): when an overlay offer
// completes, its proof is compared with the channel's own history, and any anomaly holds the earning for an operator
// instead of releasing it when the review window ends. Each rule below names its numbers in a plain sentence for the
// operator; a rule without the history it compares with is not applied (no history is not an anomaly). Thresholds
// come from server/config.ts (FRAUD_*). Every read is indexed and bounded: the offer's own minutes (at most a few
// thousand), the channel's streams and samples of the 30 days before the offer's first claimed minute.
import { sql, type Kysely } from 'kysely';
import type { HoldReason } from '../../contract/schemas/overlay.ts';
import type { FraudThresholds } from '../config.ts';
import type { Database } from '../db/types.ts';

export const FRAUD_RULES = ['viewer_spike', 'chat_below_baseline', 'several_addresses', 'offline_heartbeats'] as const;
export type FraudRule = (typeof FRAUD_RULES)[number];

/** How far back the channel's own baseline reaches, before the offer's first claimed minute. */
export const BASELINE_DAYS = 30;
/** The fewest live samples a viewer baseline needs before the analytics' samples are used instead. */
export const MIN_BASELINE_SAMPLES = 10;
/** The fewest archived live minutes a chat baseline needs. */
export const MIN_CHAT_BASELINE_MINUTES = 60;

type Platform = 'twitch' | 'youtube';
/** A message's epoch minute (sent_at is a non-negative bigint: integer division on both databases). */
const PER_MINUTE = sql<number | string>`sent_at / 60000`;
const PLATFORM_NAMES: Record<Platform, string> = { twitch: 'Twitch', youtube: 'YouTube' };

interface VerifiedMinute {
  minute: number;
  viewers: number | null;
  platform: Platform;
  streamId: string;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

const count = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 1 });
/** A ratio for a sentence: two decimals, or two significant digits below 1. */
const ratio = (x: number) =>
  x === 0 ? '0' : x >= 1 ? x.toLocaleString('en-US', { maximumFractionDigits: 2 }) : String(Number(x.toPrecision(2)));
/** A limit moved past its floating-point noise: a value exactly at a threshold (0.2 × 0.1) does not cross it. */
const beyond = (limit: number) => limit * (1 + 1e-9);
const short = (limit: number) => limit * (1 - 1e-9);
const plural = (n: number, one: string, many = `${one}s`) => `${count(n)} ${n === 1 ? one : many}`;

/** The anomalies in offer `offerId`'s proof, in FRAUD_RULES order (empty: none). */
export async function fraudSignals(
  db: Kysely<Database>,
  offerId: string,
  thresholds: FraudThresholds,
): Promise<HoldReason[]> {
  const offer = await db.selectFrom('offers').select('creator_id').where('id', '=', offerId).executeTakeFirst();
  if (!offer) return [];
  const creatorId = offer.creator_id;
  const minutes = await db
    .selectFrom('overlay_minutes')
    .leftJoin('live_streams', 'live_streams.id', 'overlay_minutes.stream_key')
    .select([
      'overlay_minutes.minute as minute',
      'overlay_minutes.status as status',
      'overlay_minutes.viewers as viewers',
      'live_streams.platform as platform',
      'live_streams.stream_id as streamId',
    ])
    .where('overlay_minutes.offer_id', '=', offerId)
    .where('overlay_minutes.seconds', '>', 0)
    .orderBy('overlay_minutes.minute')
    .execute();
  if (minutes.length === 0) return [];
  const firstMs = Number(minutes[0]!.minute) * 60_000;
  const since = firstMs - BASELINE_DAYS * 86_400_000;
  const verified: VerifiedMinute[] = minutes.flatMap((m) =>
    m.status === 'verified' && m.platform && m.streamId
      ? [
          {
            minute: Number(m.minute),
            viewers: m.viewers === null ? null : Number(m.viewers),
            platform: m.platform,
            streamId: m.streamId,
          },
        ]
      : [],
  );
  const platforms = [...new Set(verified.map((m) => m.platform))];
  const reasons: HoldReason[] = [];

  // viewer_spike: the verified minutes' median viewers above FRAUD_VIEWER_SPIKE × the channel's own median over
  // its live samples of the 30 days before (at least MIN_BASELINE_SAMPLES; else the analytics' 'viewers' samples
  // of that platform in the same days, if any). Bought viewers arrive for the sponsored stream and leave after it.
  for (const platform of platforms) {
    const viewers = verified.flatMap((m) => (m.platform === platform && m.viewers !== null ? [m.viewers] : []));
    if (viewers.length === 0) continue;
    const baseline = await viewerBaseline(db, creatorId, platform, since, firstMs);
    if (!baseline) continue;
    const offerMedian = median(viewers);
    if (offerMedian > beyond(thresholds.viewerSpike * baseline.median))
      reasons.push({
        rule: 'viewer_spike',
        detail:
          `The verified minutes on ${PLATFORM_NAMES[platform]} had a median of ${plural(offerMedian, 'viewer')}, ` +
          `${baseline.median === 0 ? 'while' : `${ratio(offerMedian / baseline.median)} times`} the channel's own ` +
          `median of ${plural(baseline.median, 'viewer')} over ${plural(baseline.samples, 'sample')} ` +
          `${baseline.source} in the ${BASELINE_DAYS} days before (the limit is ${ratio(thresholds.viewerSpike)} times).`,
      });
  }

  // chat_below_baseline: where the archive recorded the channel's chat, the messages per viewer-minute during the
  // verified minutes below FRAUD_CHAT_RATIO × the channel's own messages per viewer-minute over its archived live
  // streams of the 30 days before (at least MIN_CHAT_BASELINE_MINUTES of them). Bots watch; they do not talk.
  for (const platform of platforms) {
    const counted = await offerChat(
      db,
      creatorId,
      platform,
      verified.filter((m) => m.platform === platform),
    );
    if (!counted || counted.viewerMinutes === 0) continue;
    const baseline = await chatBaseline(db, creatorId, platform, since, firstMs);
    if (!baseline || baseline.minutes < MIN_CHAT_BASELINE_MINUTES || baseline.viewerMinutes === 0) continue;
    const own = baseline.messages / baseline.viewerMinutes;
    const now = counted.messages / counted.viewerMinutes;
    if (now < short(thresholds.chatRatio * own))
      reasons.push({
        rule: 'chat_below_baseline',
        detail:
          `During ${plural(counted.minutes, 'verified minute')} on ${PLATFORM_NAMES[platform]} the chat had ` +
          `${plural(counted.messages, 'message')} for ${plural(counted.viewerMinutes, 'viewer-minute')} ` +
          `(${ratio(now)} per viewer-minute), under ${ratio(thresholds.chatRatio)} times the channel's own ` +
          `${ratio(own)} (${plural(baseline.messages, 'message')} for ${plural(baseline.viewerMinutes, 'viewer-minute')} ` +
          `over ${plural(baseline.minutes, 'archived live minute')} in the ${BASELINE_DAYS} days before).`,
      });
  }

  // several_addresses: claimed minutes of the offer in which the creator's overlay heartbeats came from more than
  // one network address (overlay_sources: hashed addresses per minute), at least FRAUD_ADDRESS_MINUTES of them. One
  // OBS sends from one place; several at once is a copied URL or a script.
  const shared = await db
    .selectFrom('overlay_sources')
    .innerJoin('overlay_minutes', (join) =>
      join
        .onRef('overlay_minutes.minute', '=', 'overlay_sources.minute')
        .on('overlay_minutes.offer_id', '=', offerId)
        .on('overlay_minutes.seconds', '>', 0),
    )
    .select(['overlay_sources.minute as minute', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('overlay_sources.creator_id', '=', creatorId)
    .groupBy('overlay_sources.minute')
    .having((eb) => eb.fn.countAll(), '>', 1)
    .execute();
  if (shared.length >= thresholds.addressMinutes)
    reasons.push({
      rule: 'several_addresses',
      detail:
        `In ${plural(shared.length, 'minute')} of the offer's ${plural(minutes.length, 'claimed minute')} the ` +
        `overlay's heartbeats came from more than one network address (up to ` +
        `${Math.max(...shared.map((s) => Number(s.n)))} at once); the limit is ${plural(thresholds.addressMinutes, 'minute')}.`,
    });

  // offline_heartbeats: claimed minutes settled `offline` (the platform said the channel was not live), at least
  // FRAUD_OFFLINE_MINUTES of them. They never pay; many of them mean something heartbeats without a stream.
  const offline = minutes.filter((m) => m.status === 'offline').length;
  if (offline >= thresholds.offlineMinutes)
    reasons.push({
      rule: 'offline_heartbeats',
      detail:
        `${plural(offline, 'claimed minute')} of the offer's ${count(minutes.length)} came while the platform said ` +
        `the channel was offline; the limit is ${plural(thresholds.offlineMinutes, 'minute')}.`,
    });
  return reasons;
}

/** The median viewers of the channel in [since, until): its live samples, else the analytics' samples; or null. */
async function viewerBaseline(
  db: Kysely<Database>,
  creatorId: string,
  platform: Platform,
  since: number,
  until: number,
): Promise<{ median: number; samples: number; source: string } | null> {
  const live = await db
    .selectFrom('live_samples')
    .innerJoin('live_streams', 'live_streams.id', 'live_samples.stream_key')
    .select('live_samples.viewers as viewers')
    // The looks through this creator's connections (a channel handed over during a stream: issue 44).
    .where(sql<string>`coalesce(live_samples.creator_id, live_streams.creator_id)`, '=', creatorId)
    .where('live_streams.platform', '=', platform)
    .where('live_streams.started_at', '<', until)
    .where('live_samples.at', '>=', since)
    .where('live_samples.at', '<', until)
    .where('live_samples.viewers', 'is not', null)
    .execute();
  if (live.length >= MIN_BASELINE_SAMPLES)
    return {
      median: median(live.map((s) => Number(s.viewers))),
      samples: live.length,
      source: 'of its live streams',
    };
  const analytics = await db
    .selectFrom('metric_samples')
    .select('value')
    .where('user_id', '=', creatorId)
    .where('platform', '=', platform)
    .where('metric', '=', 'viewers')
    .where('at', '>=', since)
    .where('at', '<', until)
    .execute();
  if (analytics.length === 0) return null;
  return {
    median: median(analytics.map((s) => Number(s.value))),
    samples: analytics.length,
    source: 'from its analytics',
  };
}

/**
 * The archived chat of the verified minutes whose stream the archive recorded (chat_streams), their viewer-minutes
 * (a verified minute's viewers, each minute whole), or null where the archive recorded none of them.
 */
async function offerChat(
  db: Kysely<Database>,
  creatorId: string,
  platform: Platform,
  verified: VerifiedMinute[],
): Promise<{ minutes: number; messages: number; viewerMinutes: number } | null> {
  const ids = [...new Set(verified.map((m) => m.streamId))];
  const recorded = new Set(
    (
      await db
        .selectFrom('chat_streams')
        .select('stream_id')
        .where('user_id', '=', creatorId)
        .where('platform', '=', platform)
        .where('stream_id', 'in', ids)
        .execute()
    ).map((c) => c.stream_id),
  );
  const counted = verified.filter((m) => m.viewers !== null && recorded.has(m.streamId));
  if (counted.length === 0) return null;
  // Messages per minute, a UTC day at a time along chat_messages_day (user_id, platform, day, sent_at), over the
  // span of that day's counted minutes only.
  const byDay = new Map<string, number[]>();
  for (const m of counted) {
    const day = new Date(m.minute * 60_000).toISOString().slice(0, 10);
    byDay.set(day, [...(byDay.get(day) ?? []), m.minute]);
  }
  const wanted = new Set(counted.map((m) => m.minute));
  let messages = 0;
  for (const [day, list] of byDay) {
    const rows = await db
      .selectFrom('chat_messages')
      .select([(eb) => eb.fn.countAll<number | string>().as('n'), PER_MINUTE.as('minute')])
      .where('user_id', '=', creatorId)
      .where('platform', '=', platform)
      .where('day', '=', day)
      .where('sent_at', '>=', list[0]! * 60_000)
      .where('sent_at', '<', (list.at(-1)! + 1) * 60_000)
      .groupBy(PER_MINUTE)
      .execute();
    for (const row of rows) if (wanted.has(Number(row.minute))) messages += Number(row.n);
  }
  return {
    minutes: counted.length,
    messages,
    viewerMinutes: counted.reduce((sum, m) => sum + m.viewers!, 0),
  };
}

/**
 * The channel's archived live streams that ended in [since, until): their minutes, messages (chat_streams keeps
 * the count) and viewer-minutes (minutes × the mean of the stream's live samples; a stream without samples is left
 * out).
 */
async function chatBaseline(
  db: Kysely<Database>,
  creatorId: string,
  platform: Platform,
  since: number,
  until: number,
): Promise<{ minutes: number; messages: number; viewerMinutes: number } | null> {
  const streams = await db
    .selectFrom('chat_streams')
    .select(['stream_id', 'started_at', 'ended_at', 'messages'])
    .where('user_id', '=', creatorId)
    .where('platform', '=', platform)
    .where('started_at', '>=', since)
    .where('ended_at', 'is not', null)
    .where('ended_at', '<=', until)
    .execute();
  if (streams.length === 0) return null;
  const means = new Map<string, number>();
  for (const s of await db
    .selectFrom('live_samples')
    .select([
      'stream_key',
      (eb) => eb.fn.sum<number | string>('viewers').as('total'),
      (eb) => eb.fn.count<number | string>('viewers').as('n'),
    ])
    .where(
      'stream_key',
      'in',
      streams.map((s) => `${platform}:${s.stream_id}`),
    )
    .groupBy('stream_key')
    .execute())
    if (Number(s.n) > 0) means.set(s.stream_key, Number(s.total) / Number(s.n));
  let minutes = 0;
  let messages = 0;
  let viewerMinutes = 0;
  for (const s of streams) {
    const mean = means.get(`${platform}:${s.stream_id}`);
    if (mean === undefined) continue;
    const length = (Number(s.ended_at) - Number(s.started_at)) / 60_000;
    minutes += length;
    messages += Number(s.messages);
    viewerMinutes += length * mean;
  }
  return { minutes: Math.round(minutes), messages, viewerMinutes: Math.round(viewerMinutes) };
}
