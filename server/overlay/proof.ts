// The display proof of an overlay offer (GET /api/offers/:id/display, docs/product.md §Verified delivery): what the page
// claimed, what the platform confirmed, the impressions and effective CPM, per UTC day and per session, each
// session with its evidence: the platform's recording at the session's first verified minute, the viewer samples
// the platform gave then, and the archived chat of those minutes where the creator's archive was on. Its creator and
// its campaign's advertiser read it; for anyone else the offer does not exist. It carries the evidence of every
// deliverable the campaign asks for (server/deliverables/evidence.ts), so an offer of clicks, codes or bot posts is
// proven by those, not by minutes it never asked for.
//
// Everything is summed from the offer's minutes (overlay_minutes, at most a few thousand rows), so the days, the
// sessions and the totals add up exactly. A minute's impressions are floor(verified seconds × viewers ÷ 60).
import { sql, type Kysely } from 'kysely';
import { MINUTE_STATUSES, type MinuteStatus } from '../../contract/overlay.ts';
import type { EarningReview, OfferDisplay } from '../../contract/schemas/overlay.ts';
import type { Database } from '../db/types.ts';
import type { Evidence } from '../deliverables/evidence.ts';
import { HttpError } from '../http/errors.ts';
import { marketplaceProblems } from '../marketplace/problems.ts';
import { holdReasonsOf } from '../money/reviews.ts';

/** A gap longer than this between claimed minutes starts a new session. */
export const SESSION_GAP_MINUTES = 2;
/** The most viewer samples a session shows (evenly thinned beyond). */
export const SAMPLES_PER_SESSION = 60;

type Platform = 'twitch' | 'youtube';

interface Minute {
  minute: number;
  seconds: number;
  status: MinuteStatus;
  verified: number;
  viewers: number | null;
  streamKey: string | null;
}

interface Stream {
  id: string;
  platform: Platform;
  streamId: string;
  startedAt: number;
  recordingUrl: string | null;
}

/** floor(verified seconds × viewers ÷ 60): the minute's impressions (no viewer sample: none). */
export const minuteImpressions = (verifiedSeconds: number, viewers: number | null): number =>
  viewers === null || viewers <= 0 ? 0 : Math.floor((verifiedSeconds * viewers) / 60);

/** Pay per thousand impressions, in cents; null before the first impression. */
export const cpmOf = (payCents: number, impressions: number): number | null =>
  impressions > 0 ? Math.round((payCents * 1000) / impressions) : null;

/** `?t=1h2m3s` (Twitch VOD) or `t=<seconds>s` (YouTube watch page) appended to a recording's URL. */
export function evidenceUrl(recordingUrl: string, platform: Platform, offsetSeconds: number): string {
  const at = Math.max(0, Math.floor(offsetSeconds));
  const value =
    platform === 'twitch' ? `${Math.floor(at / 3600)}h${Math.floor((at % 3600) / 60)}m${at % 60}s` : `${at}s`;
  return `${recordingUrl}${recordingUrl.includes('?') ? '&' : '?'}t=${value}`;
}

/** At most `limit` of `items`, evenly spread, the first and the last kept. */
export function thin<T>(items: T[], limit: number): T[] {
  if (items.length <= limit) return items;
  if (limit <= 1) return items.slice(0, limit);
  return Array.from({ length: limit }, (_, i) => items[Math.round((i * (items.length - 1)) / (limit - 1))]!);
}

const iso = (ms: number) => new Date(ms).toISOString();
const dayOf = (ms: number) => iso(ms).slice(0, 10);

export async function offerDisplay(
  db: Kysely<Database>,
  party: { userId: string; role: string },
  offerId: string,
  evidence: Pick<Evidence, 'of'>,
): Promise<OfferDisplay> {
  if (party.role !== 'creator' && party.role !== 'advertiser')
    throw new HttpError(404, marketplaceProblems.offer_unknown);
  const row = await db
    .selectFrom('offers')
    .innerJoin('campaigns', 'campaigns.id', 'offers.campaign_id')
    .innerJoin('users', 'users.id', 'offers.creator_id')
    .select([
      'offers.id as offerId',
      'offers.creator_id as creatorId',
      'offers.status as status',
      'offers.completed_at as completedAt',
      'offers.completed_via as completedVia',
      'campaigns.brand as brand',
      'campaigns.title as title',
      'campaigns.disclosure as disclosure',
      'campaigns.requires_disclosure as requiresDisclosure',
      // A counter-offer's agreed pay and minutes, else the campaign's.
      (eb) => eb.fn.coalesce('offers.pay_cents', 'campaigns.pay_cents').as('payCents'),
      'campaigns.starts_on as startsOn',
      'campaigns.ends_on as endsOn',
      (eb) => eb.fn.coalesce('offers.deliverable_minutes', 'campaigns.deliverable_minutes').as('deliverableMinutes'),
      'users.first_name as firstName',
      'users.last_name as lastName',
      'users.email as email',
    ])
    .where('offers.id', '=', offerId)
    .where(party.role === 'creator' ? 'offers.creator_id' : 'campaigns.advertiser_id', '=', party.userId)
    .executeTakeFirst();
  if (!row) throw new HttpError(404, marketplaceProblems.offer_unknown);

  const minutes: Minute[] = (
    await db
      .selectFrom('overlay_minutes')
      .select(['minute', 'seconds', 'status', 'verified_seconds', 'viewers', 'stream_key'])
      .where('offer_id', '=', offerId)
      .orderBy('minute')
      .execute()
  ).map((m) => ({
    minute: Number(m.minute),
    seconds: Number(m.seconds),
    status: m.status,
    verified: Number(m.verified_seconds),
    viewers: m.viewers === null ? null : Number(m.viewers),
    streamKey: m.stream_key,
  }));

  const streamKeys = [...new Set(minutes.flatMap((m) => (m.streamKey && m.verified > 0 ? [m.streamKey] : [])))];
  const streams = new Map<string, Stream>();
  if (streamKeys.length > 0)
    for (const s of await db
      .selectFrom('live_streams')
      .select(['id', 'platform', 'stream_id', 'started_at', 'recording_url'])
      .where('id', 'in', streamKeys)
      .execute())
      streams.set(s.id, {
        id: s.id,
        platform: s.platform,
        streamId: s.stream_id,
        startedAt: Number(s.started_at),
        recordingUrl: s.recording_url,
      });

  // Totals, the unverified share by status, and the days.
  let displayed = 0;
  let verified = 0;
  let impressions = 0;
  const unverified = new Map<MinuteStatus, number>();
  const days = new Map<string, { seconds: number; verifiedSeconds: number }>();
  for (const m of minutes) {
    displayed += m.seconds;
    verified += m.verified;
    impressions += minuteImpressions(m.verified, m.viewers);
    // A verified minute's unconfirmed remainder lies outside the platform's live window (the stream began or
    // ended within the minute).
    const rest = m.seconds - m.verified;
    const why = m.status === 'verified' ? 'offline' : m.status;
    if (rest > 0) unverified.set(why, (unverified.get(why) ?? 0) + rest);
    const day = days.get(dayOf(m.minute * 60_000)) ?? { seconds: 0, verifiedSeconds: 0 };
    day.seconds += m.seconds;
    day.verifiedSeconds += m.verified;
    days.set(dayOf(m.minute * 60_000), day);
  }

  // Sessions: runs of claimed minutes with gaps of at most SESSION_GAP_MINUTES.
  const runs: Minute[][] = [];
  for (const m of minutes) {
    const run = runs.at(-1);
    if (run && m.minute - run.at(-1)!.minute <= SESSION_GAP_MINUTES) run.push(m);
    else runs.push([m]);
  }

  // The samples of the verifying streams over the offer's span, read once and shared out to the sessions: only those
  // taken through this creator's connection (a channel handed over during a stream: issue 44), never another's.
  const samples =
    streamKeys.length === 0
      ? []
      : (
          await db
            .selectFrom('live_samples')
            .innerJoin('live_streams', 'live_streams.id', 'live_samples.stream_key')
            .select([
              'live_samples.stream_key as stream_key',
              'live_samples.at as at',
              'live_samples.viewers as viewers',
              'live_samples.disclosed as disclosed',
            ])
            .where('live_samples.stream_key', 'in', streamKeys)
            .where(sql<string>`coalesce(live_samples.creator_id, live_streams.creator_id)`, '=', row.creatorId)
            .where('live_samples.at', '>=', minutes[0]!.minute * 60_000)
            .where('live_samples.at', '<', (minutes.at(-1)!.minute + 1) * 60_000)
            .orderBy('live_samples.at')
            .execute()
        ).map((s) => ({
          streamKey: s.stream_key,
          at: Number(s.at),
          viewers: s.viewers === null ? null : Number(s.viewers),
          disclosed: Number(s.disclosed) === 1,
        }));

  // The archive was on for a stream when it recorded that stream (chat_streams: server/archive/store.ts).
  const archived = new Set<string>();
  for (const platform of ['twitch', 'youtube'] as const) {
    const ids = [...streams.values()].filter((s) => s.platform === platform).map((s) => s.streamId);
    if (ids.length === 0) continue;
    for (const c of await db
      .selectFrom('chat_streams')
      .select('stream_id')
      .where('user_id', '=', row.creatorId)
      .where('platform', '=', platform)
      .where('stream_id', 'in', ids)
      .execute())
      archived.add(`${platform}:${c.stream_id}`);
  }

  const sessions: OfferDisplay['sessions'] = [];
  for (const run of runs) {
    const startMs = run[0]!.minute * 60_000;
    const endMs = (run.at(-1)!.minute + 1) * 60_000;
    const first = run.find((m) => m.verified > 0 && m.streamKey && streams.has(m.streamKey));
    const stream = first ? streams.get(first.streamKey!)! : null;
    const keys = new Set(run.flatMap((m) => (m.verified > 0 && m.streamKey ? [m.streamKey] : [])));
    let chatMessages: number | null = null;
    if (stream && archived.has(`${stream.platform}:${stream.streamId}`)) {
      // chat_messages_day (user_id, platform, day, sent_at) bounds the count to the session's days and span.
      const counted = await db
        .selectFrom('chat_messages')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('user_id', '=', row.creatorId)
        .where('platform', '=', stream.platform)
        .where('day', '>=', dayOf(startMs))
        .where('day', '<=', dayOf(endMs - 1))
        .where('sent_at', '>=', startMs)
        .where('sent_at', '<', endMs)
        .executeTakeFirst();
      chatMessages = Number(counted?.n ?? 0);
    }
    sessions.push({
      start: iso(startMs),
      end: iso(endMs),
      seconds: run.reduce((sum, m) => sum + m.seconds, 0),
      verifiedSeconds: run.reduce((sum, m) => sum + m.verified, 0),
      impressions: run.reduce((sum, m) => sum + minuteImpressions(m.verified, m.viewers), 0),
      platform: stream?.platform ?? null,
      evidenceUrl:
        stream?.recordingUrl && first
          ? evidenceUrl(stream.recordingUrl, stream.platform, (first.minute * 60_000 - stream.startedAt) / 1000)
          : null,
      samples: thin(
        samples.filter((s) => keys.has(s.streamKey) && s.at >= startMs && s.at < endMs),
        SAMPLES_PER_SESSION,
      ).map((s) => ({ at: iso(s.at), viewers: s.viewers, disclosed: s.disclosed })),
      chatMessages,
    });
  }

  const payCents = Number(row.payCents);
  const name = [row.firstName, row.lastName].filter(Boolean).join(' ').trim();
  return {
    offerId: row.offerId,
    status: row.status,
    brand: row.brand,
    title: row.title,
    disclosure: row.disclosure,
    requiresDisclosure: Number(row.requiresDisclosure) !== 0,
    creatorName: name || row.email,
    startsOn: row.startsOn,
    endsOn: row.endsOn,
    payCents,
    deliverableSeconds: Number(row.deliverableMinutes) * 60,
    displayedSeconds: displayed,
    verifiedSeconds: verified,
    unverified: MINUTE_STATUSES.flatMap((status) =>
      unverified.get(status) ? [{ status, seconds: unverified.get(status)! }] : [],
    ),
    impressions,
    cpmCents: cpmOf(payCents, impressions),
    completedAt: row.completedAt ?? null,
    completedVia: row.completedVia ?? null,
    review: await reviewOf(db, offerId, party.role === 'creator' ? 'creator' : 'advertiser'),
    days: [...days].map(([day, totals]) => ({ day, ...totals })),
    sessions,
    evidence: (await evidence.of(offerId))!,
  };
}

/**
 * The offer's review window as its creator and advertiser see it. Hold reasons are for the operator (GET
 * /api/admin/reviews): both parties read an empty list, whatever held the earning.
 */
/** The offer's review window as `role` sees it: the creator reads why a held earning waits, the advertiser does not. */
async function reviewOf(
  db: Kysely<Database>,
  offerId: string,
  role: 'creator' | 'advertiser',
): Promise<EarningReview | null> {
  const review = await db.selectFrom('earning_reviews').selectAll().where('offer_id', '=', offerId).executeTakeFirst();
  if (!review) return null;
  return {
    status: review.status,
    endsAt: iso(Number(review.ends_at)),
    earnedCents: Number(review.earned_cents),
    holdReasons: role === 'creator' && review.status === 'held' ? holdReasonsOf(review) : [],
    disputeReason: review.dispute_reason,
    disputedAt: review.disputed_at,
    resolution:
      review.resolved_at === null
        ? null
        : {
            payCents: Number(review.resolved_pay_cents ?? 0),
            refundCents: Number(review.resolved_refund_cents ?? 0),
            reason: review.resolution_reason ?? '',
            at: review.resolved_at,
          },
    releasedAt: review.released_at,
  };
}
