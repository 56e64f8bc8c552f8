// Settling the overlay's claims against the platform (docs/product.md §Settling claims). Heartbeats only claim seconds
// (overlay_minutes, status 'pending'); here each claimed minute is decided once the platform has been asked about the
// channel SAMPLE_MARGIN_MS after it (live_watch.checked_at, written by server/connections/live.ts):
//   - verified: one stream of the creator's channel on a campaign platform covers the whole minute (started at or
//     before its start, still live at a look at or after its end: same stream id, so no gap), every sample of that
//     stream around the minute shows it disclosed (when the campaign requires it), and one sample gives viewers;
//   - undisclosed / no_sample: live, but a sample was not disclosed / none gave viewers;
//   - offline: anything else (never live, started inside the minute, ended before its end).
// A minute is the creator's only while they held the channel's connection (issue 44: a channel handed over during one
// stream, the platform's stream id unchanged): a look (sample) through their connection at or after the minute's end,
// no look through another creator's connection from the minute's start to its end, and only their own samples speak
// for it.
// Only verified seconds count towards the deliverable and the impressions (per minute, its seconds × the lowest
// viewers sampled around it ÷ 60, rounded down, as server/overlay/proof.ts shows them). A minute settles once: its
// row is updated only while still 'pending', and the offer's totals are summed again from its minutes under the
// progress row's lock, so two instances settling at once count it once. An offer whose verified seconds meet its
// deliverable completes through the marketplace (server/marketplace/completion.ts) into the creator's pending
// balance, held for an operator when fraud signals say so (server/overlay/fraud.ts).
import { sql, type Kysely } from 'kysely';
import { DELIVERY_STATUSES } from '../../contract/marketplace.ts';
import type { Config } from '../config.ts';
import type { Dialect } from '../db/dialect.ts';
import type { Database, MinuteStatus } from '../db/types.ts';
import type { WriteBatcher } from '../db/write-batcher.ts';
import { HttpError } from '../http/errors.ts';
import type { Logger } from '../log.ts';
import { touchProgress } from '../deliverables/days.ts';
import { completeOffer } from '../marketplace/completion.ts';
import type { Notifier } from '../notifications/store.ts';
import { fraudSignals } from './fraud.ts';

const MINUTE_MS = 60_000;
/**
 * Samples this close to a minute speak for it (disclosure, viewers), and a minute waits for a look this long after
 * its end: a sample that could still change its verdict is never missed (the platform is asked every minute), nor a
 * claim on it (a heartbeat after lost ones claims up to MAX_BEAT_SECONDS, 60 s, behind it). It does not shrink with a
 * faster poll: tried at 3 s beside LIVE_POLL_SECONDS=2, the journey's first verified minute settled with 38 of its
 * 60 s, the rest claimed after.
 */
export const SAMPLE_MARGIN_MS = 90_000;
/** Whose looks a stream had are read this far around the minutes being settled (a hand-over: issue 44). */
const HOLD_WINDOW_MS = 3_600_000;
/** A minute the platform was not asked about this long after its end settles with what is known (offline). */
export const GIVE_UP_MS = 6 * 3_600_000;
/** Creators settled per round of reads, and rows per statement. */
const CREATORS_PER_ROUND = 100;
const ROWS_PER_STATEMENT = 200;

type Platform = 'twitch' | 'youtube';

export interface SettleResult {
  /** Minutes settled now (by this call), of which verified. */
  settled: number;
  verified: number;
  /** Offers completed now. */
  completed: number;
}

export interface Verification {
  /**
   * Settles the pending minutes of these creators' offers (every creator's without a list) that the platform can
   * decide by `now`, then completes the offers whose verified seconds meet their deliverable.
   */
  settle(creatorIds?: readonly string[], now?: number): Promise<SettleResult>;
  /** Completes the offers (these, or all) whose verified seconds meet their deliverable; returns how many. */
  completeDue(offerIds?: readonly string[], now?: number): Promise<number>;
}

export interface VerificationDeps {
  db: Kysely<Database>;
  dialect: Dialect;
  writes: WriteBatcher;
  notifier: Notifier;
  logger: Pick<Logger, 'error'>;
  feeBps: number;
  config: Pick<Config, 'reviewSeconds' | 'fraud'>;
  /** The creators whose offers completed: their overlays drop them (server/overlay/store.ts refresh). */
  refresh(creatorIds: string[]): Promise<void>;
  /**
   * Offers whose verified minutes met their deliverable but whose campaign asks for more than the overlay, or pays
   * per click: the deliverables' settlement decides them (server/deliverables/settlement.ts, wired by server/app.ts).
   */
  settleDeliverables?: (offerIds: string[]) => Promise<unknown>;
}

interface PendingMinute {
  offerId: string;
  creatorId: string;
  minute: number;
  seconds: number;
  platforms: Set<Platform>;
  requiresDisclosure: boolean;
}
interface Watch {
  accountId: string;
  platform: string;
  checkedAt: number;
  problem: string | null;
}
interface Stream {
  id: string;
  creatorId: string;
  accountId: string;
  platform: string;
  startedAt: number;
  lastLiveAt: number;
}
interface Sample {
  at: number;
  viewers: number | null;
  disclosed: boolean;
  /** The creator whose connection the look was taken through (null: written without it, the stream's creator). */
  creatorId: string | null;
}
/** A run of consecutive looks at one stream through one creator's connection: its first and last look. */
export interface Hold {
  creatorId: string;
  first: number;
  last: number;
}
export interface Decision {
  status: Exclude<MinuteStatus, 'pending'>;
  viewers: number | null;
  streamKey: string | null;
}

/** A campaign's platforms (stored as the contract's names) in the connections' spelling; none listed: any. */
export function campaignPlatforms(json: string): Set<Platform> {
  let names: unknown = [];
  try {
    names = JSON.parse(json);
  } catch {
    // a campaign row always holds JSON; an unreadable one restricts nothing
  }
  const platforms = new Set(
    (Array.isArray(names) ? names : [])
      .map((name) => String(name).toLowerCase())
      .filter((name): name is Platform => name === 'twitch' || name === 'youtube'),
  );
  return platforms.size > 0 ? platforms : new Set<Platform>(['twitch', 'youtube']);
}

/**
 * What the platform says of `holder`'s minute `minute` (epoch minute) through these streams, their samples and whose
 * looks they were (`holdsOf`: the runs of consecutive looks through one creator's connection, in time order).
 */
export function decideMinute(
  minute: number,
  requiresDisclosure: boolean,
  streams: readonly Stream[],
  samplesOf: (streamKey: string) => readonly Sample[],
  holder: string,
  holdsOf: (streamKey: string) => readonly Hold[],
): Decision {
  const start = minute * MINUTE_MS;
  const end = start + MINUTE_MS;
  let best: Decision = { status: 'offline', viewers: null, streamKey: null };
  const rank = { offline: 0, no_sample: 1, undisclosed: 2, verified: 3 } as const;
  for (const stream of streams) {
    // Live at the minute's start and again at a look after its end, under one stream id: no gap between.
    if (stream.startedAt > start || stream.lastLiveAt < end) continue;
    // A stream looked at through more than one creator's connection (a channel handed over while live): the minute
    // is the holder's only inside one run of their looks — one at or before its start (or theirs were the stream's
    // first looks), one at or after its end, nobody else's between. Around a hand-over, a minute is nobody's.
    const holds = holdsOf(stream.id);
    if (holds.some((hold) => hold.creatorId !== holder)) {
      const held = holds.some(
        (hold, index) => hold.creatorId === holder && hold.last >= end && (hold.first <= start || index === 0),
      );
      if (!held) continue;
    }
    const around = samplesOf(stream.id).filter(
      (sample) =>
        sample.at >= start - SAMPLE_MARGIN_MS &&
        sample.at <= end + SAMPLE_MARGIN_MS &&
        (sample.creatorId ?? stream.creatorId) === holder,
    );
    const counted = around.filter((sample) => sample.viewers !== null).map((sample) => sample.viewers!);
    const decision: Decision =
      requiresDisclosure && around.some((sample) => !sample.disclosed)
        ? { status: 'undisclosed', viewers: null, streamKey: stream.id }
        : counted.length === 0
          ? { status: 'no_sample', viewers: null, streamKey: stream.id }
          : // The lowest count sampled around the minute: impressions never rest on a passing peak.
            { status: 'verified', viewers: Math.min(...counted), streamKey: stream.id };
    if (rank[decision.status] > rank[best.status]) best = decision;
  }
  return best;
}

export function createVerification(deps: VerificationDeps): Verification {
  const { db, dialect, writes, notifier, logger } = deps;

  /** The creators with pending minutes old enough to be decided (these only, when given). */
  async function creatorsToSettle(creatorIds: readonly string[] | undefined, lastMinute: number): Promise<string[]> {
    if (creatorIds) return [...new Set(creatorIds)];
    const rows = await db
      .selectFrom('overlay_minutes')
      .innerJoin('offers', 'offers.id', 'overlay_minutes.offer_id')
      .select('offers.creator_id as creatorId')
      .distinct()
      .where('overlay_minutes.status', '=', 'pending')
      .where('overlay_minutes.minute', '<=', lastMinute)
      .execute();
    return rows.map((row) => row.creatorId);
  }

  async function pendingOf(creatorIds: string[], lastMinute: number): Promise<PendingMinute[]> {
    const rows = await db
      .selectFrom('overlay_minutes')
      .innerJoin('offers', 'offers.id', 'overlay_minutes.offer_id')
      .innerJoin('campaigns', 'campaigns.id', 'offers.campaign_id')
      .select([
        'overlay_minutes.offer_id as offerId',
        'overlay_minutes.minute as minute',
        'overlay_minutes.seconds as seconds',
        'offers.creator_id as creatorId',
        'campaigns.platforms as platforms',
        'campaigns.requires_disclosure as requiresDisclosure',
      ])
      .where('overlay_minutes.status', '=', 'pending')
      .where('overlay_minutes.minute', '<=', lastMinute)
      .where('offers.creator_id', 'in', creatorIds)
      .execute();
    return rows.map((row) => ({
      offerId: row.offerId,
      creatorId: row.creatorId,
      minute: Number(row.minute),
      seconds: Number(row.seconds),
      platforms: campaignPlatforms(row.platforms),
      requiresDisclosure: Number(row.requiresDisclosure) !== 0,
    }));
  }

  /** Writes one offer's decided minutes (those still pending) and sums its totals again; returns what it changed. */
  async function apply(
    trx: Kysely<Database>,
    offerId: string,
    decided: { minute: number; decision: Decision }[],
  ): Promise<{ settled: number; verified: number }> {
    // Several instances: one settlement (and one heartbeat batch) at a time per offer.
    if (dialect === 'postgres')
      await trx.selectFrom('overlay_progress').select('offer_id').where('offer_id', '=', offerId).forUpdate().execute();
    let settled = 0;
    let verified = 0;
    for (const status of ['offline', 'undisclosed', 'no_sample'] as const) {
      const minutes = decided.filter((entry) => entry.decision.status === status).map((entry) => entry.minute);
      for (let from = 0; from < minutes.length; from += ROWS_PER_STATEMENT) {
        const result = await trx
          .updateTable('overlay_minutes')
          .set({ status, verified_seconds: 0, stream_key: null, viewers: null })
          .where('offer_id', '=', offerId)
          .where('minute', 'in', minutes.slice(from, from + ROWS_PER_STATEMENT))
          .where('status', '=', 'pending')
          .executeTakeFirst();
        settled += Number(result.numUpdatedRows);
      }
    }
    const counted = decided.filter((entry) => entry.decision.status === 'verified');
    for (let from = 0; from < counted.length; from += ROWS_PER_STATEMENT) {
      const chunk = counted.slice(from, from + ROWS_PER_STATEMENT);
      const caseOf = (value: (entry: (typeof chunk)[number]) => unknown, type: 'integer' | 'text') =>
        sql`case minute ${sql.join(
          chunk.map(
            (entry) => sql`when cast(${entry.minute} as bigint) then cast(${value(entry)} as ${sql.raw(type)})`,
          ),
          sql` `,
        )} end`;
      const result = await trx
        .updateTable('overlay_minutes')
        .set({
          status: 'verified',
          verified_seconds: sql<number>`seconds`,
          viewers: caseOf((entry) => entry.decision.viewers, 'integer') as never,
          stream_key: caseOf((entry) => entry.decision.streamKey, 'text') as never,
        })
        .where('offer_id', '=', offerId)
        .where(
          'minute',
          'in',
          chunk.map((entry) => entry.minute),
        )
        .where('status', '=', 'pending')
        .executeTakeFirst();
      const changed = Number(result.numUpdatedRows);
      settled += changed;
      verified += changed;
    }
    if (verified > 0)
      // Summed from the minutes themselves (a minute's impressions: floor(seconds × viewers ÷ 60), as the proof shows
      // them, server/overlay/proof.ts), so they are right whatever else settled before.
      await trx
        .updateTable('overlay_progress')
        .set({
          verified_seconds: sql<number>`(select coalesce(sum(m.verified_seconds), 0) from overlay_minutes m where m.offer_id = ${offerId})`,
          impressions: sql<number>`(select coalesce(sum(cast(m.verified_seconds as bigint) * m.viewers / 60), 0) from overlay_minutes m where m.offer_id = ${offerId} and m.status = 'verified')`,
        })
        .where('offer_id', '=', offerId)
        .execute();
    return { settled, verified };
  }

  async function settleRound(creatorIds: string[], now: number, lastMinute: number): Promise<SettleResult> {
    const pending = await pendingOf(creatorIds, lastMinute);
    if (pending.length === 0) return { settled: 0, verified: 0, completed: 0 };
    const ids = [...new Set(pending.map((entry) => entry.creatorId))];
    const from = Math.min(...pending.map((entry) => entry.minute)) * MINUTE_MS;
    const to = (Math.max(...pending.map((entry) => entry.minute)) + 1) * MINUTE_MS;
    const watches = new Map<string, Watch[]>();
    for (const row of await db
      .selectFrom('live_watch')
      .select(['account_id', 'creator_id', 'platform', 'checked_at', 'problem'])
      .where('creator_id', 'in', ids)
      .execute()) {
      const list = watches.get(row.creator_id) ?? [];
      list.push({
        accountId: row.account_id,
        platform: row.platform,
        checkedAt: Number(row.checked_at),
        problem: row.problem,
      });
      watches.set(row.creator_id, list);
    }
    const streams = new Map<string, Stream[]>();
    // The streams these creators' connections looked at over the minutes (a channel handed over during a stream
    // keeps the stream's row, which names the creator who looks at it now), and those the rows name.
    const streamRows = await db
      .selectFrom('live_streams')
      .select(['id', 'creator_id', 'account_id', 'platform', 'started_at', 'last_live_at'])
      .where((eb) =>
        eb.or([
          eb('creator_id', 'in', ids),
          eb(
            'id',
            'in',
            eb
              .selectFrom('live_samples')
              .select('stream_key')
              .where('creator_id', 'in', ids)
              .where('at', '>=', from - SAMPLE_MARGIN_MS)
              .where('at', '<=', to + SAMPLE_MARGIN_MS),
          ),
        ]),
      )
      // Those that could cover one of the minutes.
      .where('started_at', '<=', to - MINUTE_MS)
      .where('last_live_at', '>=', from + MINUTE_MS)
      .execute();
    const rowsById = new Map(streamRows.map((row) => [row.id, row]));
    const samples = new Map<string, Sample[]>();
    const holds = new Map<string, Hold[]>();
    const keys = streamRows.map((row) => row.id);
    for (let index = 0; index < keys.length; index += ROWS_PER_STATEMENT) {
      const slice = keys.slice(index, index + ROWS_PER_STATEMENT);
      for (const row of await db
        .selectFrom('live_samples')
        .select(['stream_key', 'at', 'viewers', 'disclosed', 'creator_id'])
        .where('stream_key', 'in', slice)
        .where('at', '>=', from - SAMPLE_MARGIN_MS)
        .where('at', '<=', to + SAMPLE_MARGIN_MS)
        .execute()) {
        const list = samples.get(row.stream_key) ?? [];
        list.push({
          at: Number(row.at),
          viewers: row.viewers === null ? null : Number(row.viewers),
          disclosed: Number(row.disclosed) === 1,
          creatorId: row.creator_id,
        });
        samples.set(row.stream_key, list);
      }
      // Whose looks each stream had around the minutes: runs of consecutive looks through one creator's connection.
      for (const row of await db
        .selectFrom('live_samples')
        .innerJoin('live_streams', 'live_streams.id', 'live_samples.stream_key')
        .select([
          'live_samples.stream_key as streamKey',
          'live_samples.at as at',
          sql<string>`coalesce(live_samples.creator_id, live_streams.creator_id)`.as('creatorId'),
        ])
        .where('live_samples.stream_key', 'in', slice)
        .where('live_samples.at', '>=', from - HOLD_WINDOW_MS)
        .where('live_samples.at', '<=', to + HOLD_WINDOW_MS)
        .orderBy('live_samples.stream_key')
        .orderBy('live_samples.at')
        .execute()) {
        const list = holds.get(row.streamKey) ?? [];
        const at = Number(row.at);
        const run = list.at(-1);
        if (run && run.creatorId === row.creatorId) run.last = at;
        else list.push({ creatorId: row.creatorId, first: at, last: at });
        holds.set(row.streamKey, list);
      }
    }
    for (const id of ids) {
      const mine = streamRows.filter(
        (row) => row.creator_id === id || (holds.get(row.id) ?? []).some((hold) => hold.creatorId === id),
      );
      streams.set(
        id,
        mine.map((row) => ({
          id: row.id,
          creatorId: rowsById.get(row.id)!.creator_id,
          accountId: row.account_id,
          platform: row.platform,
          startedAt: Number(row.started_at),
          lastLiveAt: Number(row.last_live_at),
        })),
      );
    }

    const byOffer = new Map<string, { minute: number; decision: Decision }[]>();
    for (const entry of pending) {
      const end = (entry.minute + 1) * MINUTE_MS;
      const onPlatforms = (platform: string) => entry.platforms.has(platform as Platform);
      const looked = (watches.get(entry.creatorId) ?? []).filter((watch) => onPlatforms(watch.platform));
      const candidates = (streams.get(entry.creatorId) ?? []).filter((stream) => onPlatforms(stream.platform));
      const decision = decideMinute(
        entry.minute,
        entry.requiresDisclosure,
        candidates,
        (key) => samples.get(key) ?? [],
        entry.creatorId,
        (key) => holds.get(key) ?? [],
      );
      const answered = (watch: Watch) => watch.checkedAt >= end + SAMPLE_MARGIN_MS;
      // Decided once every channel that can be asked was asked after the minute (its samples around it are all in);
      // a verdict of verified needs only its own channel's look. A platform that never answers: offline in the end.
      const ready =
        (decision.status === 'verified' &&
          looked.some(
            (watch) =>
              answered(watch) && candidates.some((s) => s.id === decision.streamKey && s.accountId === watch.accountId),
          )) ||
        (looked.some(answered) && looked.every((watch) => answered(watch) || watch.problem !== null)) ||
        now >= end + GIVE_UP_MS;
      if (!ready) continue;
      const list = byOffer.get(entry.offerId) ?? [];
      list.push({ minute: entry.minute, decision });
      byOffer.set(entry.offerId, list);
    }

    let settled = 0;
    let verified = 0;
    const gained: string[] = [];
    for (const [offerId, decided] of byOffer) {
      const result = await writes.run((trx) => apply(trx, offerId, decided));
      settled += result.settled;
      verified += result.verified;
      if (result.verified > 0) gained.push(offerId);
    }
    // The offers' answers show their verified seconds (the deliverables' progress): their cached lists are told, in
    // one statement for the round, right after its writes (as matching does after its long transaction).
    if (gained.length > 0) await writes.run((trx) => touchProgress(trx, gained));
    const completed = gained.length > 0 ? await completeDue(gained, now) : 0;
    return { settled, verified, completed };
  }

  /** Completes the offer through the ledger via 'overlay'; false when it was already completed or ended (409). */
  async function complete(offerId: string, now: number): Promise<boolean> {
    try {
      const announce = await writes.run(async (trx) => {
        const holdReasons = await fraudSignals(trx, offerId, deps.config.fraud);
        const done = await completeOffer(trx, {
          offerId,
          via: 'overlay',
          feeBps: deps.feeBps,
          at: new Date(now).toISOString(),
          reviewSeconds: deps.config.reviewSeconds,
          holdReasons,
        });
        // Its notices, worded by the marketplace for their readers.
        return notifier.create(trx, done.notices);
      });
      announce();
      return true;
    } catch (error) {
      if (error instanceof HttpError && error.status === 409) return false;
      throw error;
    }
  }

  /**
   * Minutes alone complete an offer only when its campaign asks for nothing but the overlay, at a flat fee; the
   * others whose minutes are met go to the deliverables' settlement, which also weighs the rest.
   */
  async function completeDue(offerIds?: readonly string[], now = Date.now()): Promise<number> {
    if (offerIds && offerIds.length === 0) return 0;
    let query = db
      .selectFrom('overlay_progress')
      .innerJoin('offers', 'offers.id', 'overlay_progress.offer_id')
      .innerJoin('campaigns', 'campaigns.id', 'offers.campaign_id')
      .select((eb) => [
        'offers.id as offerId',
        'offers.creator_id as creatorId',
        eb
          .and([
            eb('campaigns.overlay_required', '!=', 0),
            eb('campaigns.link_url', 'is', null),
            eb('campaigns.chat_message', 'is', null),
            eb('campaigns.promo_redemptions', 'is', null),
            eb('campaigns.per_click_cents', 'is', null),
          ])
          .as('overlayOnly'),
      ])
      .where('offers.status', 'in', DELIVERY_STATUSES)
      .whereRef(
        'overlay_progress.verified_seconds',
        '>=',
        sql<number>`coalesce(offers.deliverable_minutes, campaigns.deliverable_minutes) * 60`,
      );
    if (offerIds) query = query.where('offers.id', 'in', [...offerIds]);
    const met = await query.execute();
    // SQLite answers the condition as 0/1, PostgreSQL as a boolean: Number() reads both.
    const due = met.filter((row) => Number(row.overlayOnly) === 1);
    const more = met.filter((row) => !due.includes(row)).map((row) => row.offerId);
    if (more.length > 0 && deps.settleDeliverables) {
      try {
        await deps.settleDeliverables(more);
      } catch (error) {
        logger.error('deliverables settlement after verified minutes failed', { error: (error as Error).message });
      }
    }
    let count = 0;
    for (const row of due) {
      try {
        if (await complete(row.offerId, now)) count += 1;
      } catch (error) {
        // The next settlement or sweep tries again (completeDue over every offer).
        logger.error('overlay completion failed', { offerId: row.offerId, error: (error as Error).message });
      }
    }
    if (due.length > 0) await deps.refresh(due.map((row) => row.creatorId));
    return count;
  }

  return {
    async settle(creatorIds, now = Date.now()) {
      // Minutes whose end is at least the margin ago: younger ones cannot be decided yet.
      const lastMinute = Math.floor((now - SAMPLE_MARGIN_MS) / MINUTE_MS) - 1;
      const creators = await creatorsToSettle(creatorIds, lastMinute);
      const total: SettleResult = { settled: 0, verified: 0, completed: 0 };
      for (let from = 0; from < creators.length; from += CREATORS_PER_ROUND) {
        const result = await settleRound(creators.slice(from, from + CREATORS_PER_ROUND), now, lastMinute);
        total.settled += result.settled;
        total.verified += result.verified;
        total.completed += result.completed;
      }
      return total;
    },
    completeDue,
  };
}
