// The overlay for OBS (docs/product.md §The overlay for OBS): each creator's overlay (settings and secret token), what its page shows, the
// heartbeats that prove display, and the proof per offer.
//
// The token: 256 random bits, base64url. Requests are matched by its SHA-256 (overlays.token_hash); the token itself
// is kept sealed with PAYOUT_KEY so that the dashboard can show the URL again. Rotating replaces both and ends every
// stream of the old one at once.
//
// Claims of display: the page reports every 15 s how many seconds an offer's creative was on Program. Credit never runs
// ahead of the wall clock: the overlay shows one creative at a time, so the overlay has one budget
// (overlays.credited_until) that the heartbeats of all its offers spend, only up to now, and that keeps at most a
// minute of unspent time; a flood, a replay, two pages open with one token or heartbeats for several offers at once
// add nothing beyond real time. A heartbeat repeated with the same id counts once. Each credited stretch is booked to
// the seconds of the budget it spent (stretches never overlap), so the per-minute rows, the proof's timeline and its
// sessions add up to exactly what was credited. Credited seconds are claims ('pending' minutes): they pay only once
// the platform confirms them (server/overlay/verification.ts settles them and completes the offer), so a heartbeat
// asks no platform and completes nothing. Each heartbeat's network address is kept per minute as a keyed hash
// (overlay_sources, a fraud signal: server/overlay/fraud.ts), never the address itself.
import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { DEFAULT_LOCALE, isLocale } from '../../contract/locales.ts';
import { DELIVERY_STATUSES, type OfferStatus } from '../../contract/marketplace.ts';
import {
  MAX_BEAT_SECONDS,
  OVERLAY_DEFAULTS,
  overlayPath,
  type OverlayCreative,
  type OverlayPosition,
  type OverlayState,
  type OverlaySize,
  type RotationSeconds,
} from '../../contract/overlay.ts';
import type { HostState } from '../../contract/overlay.ts';
import type { OfferDisplay, OverlaySettings, OverlayStatus } from '../../contract/schemas/overlay.ts';
import type { Config } from '../config.ts';
import type { Dialect } from '../db/dialect.ts';
import type { Database, OverlaysTable } from '../db/types.ts';
import type { WriteBatcher } from '../db/write-batcher.ts';
import { addressBlock } from '../http/client-ip.ts';
import { HttpError } from '../http/errors.ts';
import type { Logger } from '../log.ts';
import type { Links } from '../mail/links.ts';
import { touchOfferLists } from '../marketplace/offer-revisions.ts';
import { overlayProblems } from './problems.ts';
import { offerDisplay } from './proof.ts';
import { offersShownOn } from './shown.ts';
import type { Sealer } from '../money/sealing.ts';
import { createMemoryBus, type Bus } from '../notifications/bus.ts';
import { noTransport, type Transport } from '../cluster/transport.ts';
import type { Notifier } from '../notifications/store.ts';
import type { Evidence } from '../deliverables/evidence.ts';
import { overlayStatus } from './status.ts';
import { createVerification, type SettleResult } from './verification.ts';

/** What an overlay page's connection receives: the full state, or the end of its token. */
export type OverlaySignal = { kind: 'state'; state: OverlayState } | { kind: 'revoked' };

/** The most unspent display time a heartbeat may claim (a page's heartbeat after a pause claims at most this). */
const BUDGET_MS = MAX_BEAT_SECONDS * 1000;
/** How long a heartbeat's checks may use what was read before (see the caches in createOverlays). */
const CACHE_MS = 2000;
const CACHE_ENTRIES = 100_000;
/** The most heartbeats one write credits, and the rows one INSERT carries. */
const MAX_BEATS_PER_WRITE = 1000;
const ROWS_PER_STATEMENT = 200;

export const hashToken = (token: string): string => crypto.createHash('sha256').update(token, 'utf8').digest('hex');
const newToken = (): string => crypto.randomBytes(32).toString('base64url');
const now = () => new Date().toISOString();
const today = () => new Date().toISOString().slice(0, 10);

export interface HeartbeatInput {
  token: string;
  offerId: string;
  seconds: number;
  beatId: string;
  /** The client's network address (server/http/client-ip.ts); only its keyed hash is kept. */
  address?: string;
}

export interface HeartbeatResult {
  creditedSeconds: number;
  displayedSeconds: number;
  deliverableSeconds: number;
  completed: boolean;
}

export interface Overlays {
  /** Live state pushes per creator (the stream subscribes; every change publishes). */
  hub: Bus<OverlaySignal>;
  /** The creator's overlay, made on first use. */
  settings(creatorId: string): Promise<OverlaySettings>;
  update(
    creatorId: string,
    patch: Partial<Pick<OverlaySettings, 'enabled' | 'position' | 'size' | 'rotationSeconds'>>,
  ): Promise<OverlaySettings>;
  /** A new token: the old URL stops working at once, its open pages are told so. */
  rotate(creatorId: string): Promise<OverlaySettings>;
  /** The creator whose overlay has this token, or null. */
  creatorOf(token: string): Promise<string | null>;
  state(creatorId: string): Promise<OverlayState>;
  /** Pushes the current state to the open pages of these creators (after a change that alters what they show). */
  refresh(creatorIds: Iterable<string>): Promise<void>;
  /** Every creator with an offer of this campaign that the overlay could show. */
  refreshCampaign(campaignId: string): Promise<void>;
  /** Every creator with an open page (after the campaign sweep, when windows open and close). */
  refreshAll(): Promise<void>;
  /** Credits claimed seconds (pending until the platform confirms them); `completed`: the offer is completed. */
  heartbeat(input: HeartbeatInput): Promise<HeartbeatResult>;
  /** Stores the page's report of its host (404 for an unknown token); the status reads it. */
  presence(token: string, host: HostState, now?: number): Promise<void>;
  /** Whether the creator's overlay is being counted now, and why not (server/overlay/status.ts). */
  status(creatorId: string, now?: number): Promise<OverlayStatus>;
  /**
   * Settles the claimed minutes of these creators (all without a list) against what the platform said, and completes
   * the offers whose verified seconds meet their deliverable (server/overlay/verification.ts). Run after each look
   * at the platform and as a sweep; safe on several instances at once.
   */
  settle(creatorIds?: readonly string[], now?: number): Promise<SettleResult>;
  /**
   * Completes the offers whose verified display already met their deliverable but which are not completed (a
   * completion that failed after its minutes settled); the campaign sweep runs it before ending campaigns.
   */
  completeDue(): Promise<number>;
  /** The display proof of an offer whose creator or advertiser is `party` (404 otherwise). */
  display(party: { userId: string; role: string }, offerId: string): Promise<OfferDisplay>;
}

/** What the overlays need. They build on the marketplace (offers, their lists, completion); it knows them only as a callback. */
export interface OverlayDeps {
  db: Kysely<Database>;
  dialect: Dialect;
  writes: WriteBatcher;
  sealer: Sealer;
  links: Links;
  notifier: Notifier;
  logger: Logger;
  feeBps: number;
  /** The review window and the fraud thresholds of an overlay completion (server/overlay/verification.ts). */
  config: Pick<Config, 'reviewSeconds' | 'fraud'>;
  /** A server secret (JWT_SECRET's): heartbeat addresses are kept as HMAC-SHA256 under a key derived from it. */
  addressKey: Uint8Array | string;
  /** Each deliverable's evidence, which the display proof carries (server/deliverables/evidence.ts). */
  evidence: Pick<Evidence, 'of'>;
  /** Tells the other instances what changed (docs/product.md §Several instances); none in one process. */
  transport?: Transport;
  /** Offers asking for more than the overlay, whose minutes are met: the deliverables' settlement decides them. */
  settleDeliverables?: (offerIds: string[]) => Promise<unknown>;
}

export function createOverlays(deps: OverlayDeps): Overlays {
  const { db, dialect, writes, sealer, links, notifier, logger } = deps;
  const transport = deps.transport ?? noTransport();
  const hub = createMemoryBus<OverlaySignal>();
  // SSE event ids: increasing within a process and across restarts (they start from the clock).
  let lastVersion = Date.now();
  const nextVersion = () => (lastVersion = Math.max(lastVersion + 1, Date.now()));
  // Raised by every change that drops cached overlays (offers): a read that was under way meanwhile (it may hold a
  // rotated token, the old switch, a completed offer) answers its own request but is not cached.
  let overlayChanges = 0;
  let offerChanges = 0;
  // Its own key, so that the stored hashes say nothing about the secret it comes from.
  const sourceKey = crypto.createHmac('sha256', deps.addressKey).update('castbridge overlay sources').digest();
  /** The address as kept: its block (an IPv6 /64 is one device), HMAC-SHA256'd. */
  const sourceOf = (address: string) =>
    crypto.createHmac('sha256', sourceKey).update(addressBlock(address)).digest('base64url');

  function present(row: OverlaysTable): OverlaySettings {
    const path = overlayPath(sealer.unseal<string>(row.token_sealed));
    return {
      enabled: row.enabled === 1,
      position: row.position as OverlayPosition,
      size: Number(row.size) as OverlaySize,
      rotationSeconds: Number(row.rotation_seconds) as RotationSeconds,
      url: links.url(path),
      path,
      tokenCreatedAt: row.token_created_at,
    };
  }

  async function ensure(creatorId: string): Promise<OverlaysTable> {
    const found = await db.selectFrom('overlays').selectAll().where('creator_id', '=', creatorId).executeTakeFirst();
    if (found) return found;
    const token = newToken();
    const stamp = now();
    await db
      .insertInto('overlays')
      .values({
        creator_id: creatorId,
        token_hash: hashToken(token),
        token_sealed: sealer.seal(token),
        token_created_at: stamp,
        enabled: OVERLAY_DEFAULTS.enabled ? 1 : 0,
        position: OVERLAY_DEFAULTS.position,
        size: OVERLAY_DEFAULTS.size,
        rotation_seconds: OVERLAY_DEFAULTS.rotationSeconds,
        credited_until: 0,
        created_at: stamp,
        updated_at: stamp,
      })
      // Two first reads at once: one row wins, both answer it.
      .onConflict((oc) => oc.column('creator_id').doNothing())
      .execute();
    return db.selectFrom('overlays').selectAll().where('creator_id', '=', creatorId).executeTakeFirstOrThrow();
  }

  async function creatives(creatorId: string): Promise<OverlayCreative[]> {
    const day = today();
    const rows = await offersShownOn(db, creatorId, day)
      .select([
        'offers.id as offerId',
        'campaigns.brand as brand',
        'campaigns.title as title',
        'campaigns.image as image',
        'campaigns.disclosure as disclosure',
      ])
      .execute();
    return rows.map((row) => ({ ...row, image: row.image ?? null }));
  }

  async function state(creatorId: string): Promise<OverlayState> {
    const row = await ensure(creatorId);
    const enabled = row.enabled === 1;
    const creator = await db.selectFrom('users').select('locale').where('id', '=', creatorId).executeTakeFirst();
    return {
      version: nextVersion(),
      enabled,
      locale: isLocale(creator?.locale) ? creator.locale : DEFAULT_LOCALE,
      position: row.position as OverlayPosition,
      size: Number(row.size) as OverlaySize,
      rotationSeconds: Number(row.rotation_seconds) as RotationSeconds,
      // A switched-off overlay shows nothing and says nothing about what it would show.
      creatives: enabled ? await creatives(creatorId) : [],
    };
  }

  /** After a change to what these creators' overlays show: their cached offers go, their open pages get the state. */
  async function refresh(creatorIds: Iterable<string>, fromCluster = false): Promise<void> {
    const ids = [...new Set(creatorIds)];
    // The other instances' pages too (ids only; a message holds up to 150 of them).
    if (!fromCluster)
      for (let i = 0; i < ids.length; i += 150) transport.send({ t: 'overlay', c: ids.slice(i, i + 150) });
    for (const creatorId of ids) {
      forgetOffers(creatorId);
      if (!hub.has(creatorId)) continue;
      try {
        hub.publish(creatorId, { kind: 'state', state: await state(creatorId) });
      } catch (error) {
        logger.error('overlay refresh failed', { creatorId, error: (error as Error).message });
      }
    }
  }

  async function refreshCampaign(campaignId: string, fromCluster: boolean): Promise<void> {
    if (!fromCluster) transport.send({ t: 'overlay.campaign', k: campaignId });
    offerChanges += 1;
    for (const [id, entry] of offerCache) if (entry.campaignId === campaignId) offerCache.delete(id);
    const listening = [...hub.users()];
    if (listening.length === 0) return;
    const rows = await db
      .selectFrom('offers')
      .select('creator_id')
      .where('campaign_id', '=', campaignId)
      .where('creator_id', 'in', listening)
      .execute();
    await refresh(
      rows.map((row) => row.creator_id),
      true,
    );
  }

  const verification = createVerification({
    db,
    dialect,
    writes,
    notifier,
    logger,
    feeBps: deps.feeBps,
    config: deps.config,
    // A completed offer leaves the overlays at once and is credited no more.
    refresh: (creatorIds) => refresh(creatorIds),
    ...(deps.settleDeliverables ? { settleDeliverables: deps.settleDeliverables } : {}),
  });

  // Changes other instances told while the transport was down are lost: once it is back, every cached token and offer
  // is read again and every open page checks its token and gets its state afresh (the stream's resync).
  transport.onReconnect(() => {
    overlayChanges += 1;
    tokenCache.clear();
    offerChanges += 1;
    offerCache.clear();
    hub.resync();
  });

  // What the other instances changed: this instance's caches and open pages follow.
  transport.onMessage((message) => {
    const failed = (error: unknown) =>
      logger.error('overlay: a change from another instance failed', { error: (error as Error).message });
    if (message.t === 'overlay') refresh(message.c, true).catch(failed);
    else if (message.t === 'overlay.campaign') refreshCampaign(message.k, true).catch(failed);
    else if (message.t === 'overlay.revoked') {
      forgetOverlay(message.c);
      hub.publish(message.c, { kind: 'revoked' });
    }
  });

  /** The offer on this creator's overlay that may be credited now, or null. */
  async function creditable(trx: Kysely<Database>, creatorId: string, offerId: string) {
    return offersShownOn(trx, creatorId, today())
      .select([
        'offers.id as id',
        'offers.status as status',
        'offers.campaign_id as campaign_id',
        'campaigns.advertiser_id as advertiser_id',
        // A counter-offer's agreed minutes, else the campaign's.
        (eb) => eb.fn.coalesce('offers.deliverable_minutes', 'campaigns.deliverable_minutes').as('deliverable_minutes'),
      ])
      .where('offers.id', '=', offerId)
      .executeTakeFirst();
  }

  /**
   * `seconds` of display starting at `startMs` (a whole second), split by minute (a stretch of at most a minute spans
   * at most two): [minute, seconds][].
   */
  function minuteParts(startMs: number, seconds: number): [number, number][] {
    const startMinute = Math.floor(startMs / 60_000);
    const inStart = Math.min(seconds, 60 - Math.floor((startMs - startMinute * 60_000) / 1000));
    const parts: [number, number][] = [];
    if (inStart > 0) parts.push([startMinute, inStart]);
    if (seconds - inStart > 0) parts.push([startMinute + 1, seconds - inStart]);
    return parts;
  }

  // Heartbeats arrive every 15 s from every page on stream, so what they are checked against is cached for a
  // moment: the overlay by token hash, and each creditable offer. A change made here drops the entries at once
  // (switch, rotation, refresh after an offer or campaign change, completion); entries also expire after
  // CACHE_MS, the most another instance's change can take to be seen (docs/product.md §Several instances).
  interface TokenEntry {
    creatorId: string;
    enabled: boolean;
    expires: number;
  }
  interface OfferEntry {
    offerId: string;
    creatorId: string;
    advertiserId: string;
    campaignId: string;
    status: OfferStatus;
    deliverableSeconds: number;
    expires: number;
  }
  const tokenCache = new Map<string, TokenEntry>();
  const offerCache = new Map<string, OfferEntry>();
  const cacheLimit = (map: Map<string, unknown>) => {
    if (map.size >= CACHE_ENTRIES) map.clear();
  };

  async function overlayByHash(hash: string): Promise<TokenEntry | null> {
    const cached = tokenCache.get(hash);
    if (cached && cached.expires > Date.now()) return cached;
    const changes = overlayChanges;
    const row = await db
      .selectFrom('overlays')
      .select(['creator_id', 'enabled'])
      .where('token_hash', '=', hash)
      .executeTakeFirst();
    if (!row) {
      tokenCache.delete(hash);
      return null;
    }
    const entry = { creatorId: row.creator_id, enabled: row.enabled === 1, expires: Date.now() + CACHE_MS };
    if (changes === overlayChanges) {
      cacheLimit(tokenCache);
      tokenCache.set(hash, entry);
    }
    return entry;
  }

  async function creditableOffer(creatorId: string, offerId: string): Promise<OfferEntry | null> {
    const cached = offerCache.get(offerId);
    if (cached && cached.expires > Date.now()) return cached.creatorId === creatorId ? cached : null;
    const changes = offerChanges;
    const row = await creditable(db, creatorId, offerId);
    if (!row) {
      offerCache.delete(offerId);
      return null;
    }
    const entry = {
      offerId: row.id,
      creatorId,
      advertiserId: row.advertiser_id,
      campaignId: row.campaign_id,
      status: row.status,
      deliverableSeconds: Number(row.deliverable_minutes) * 60,
      expires: Date.now() + CACHE_MS,
    };
    if (changes === offerChanges) {
      cacheLimit(offerCache);
      offerCache.set(offerId, entry);
    }
    return entry;
  }

  function forgetOverlay(creatorId: string): void {
    overlayChanges += 1;
    for (const [hash, entry] of tokenCache) if (entry.creatorId === creatorId) tokenCache.delete(hash);
  }
  function forgetOffers(creatorId: string): void {
    offerChanges += 1;
    for (const [id, entry] of offerCache) if (entry.creatorId === creatorId) offerCache.delete(id);
  }

  // Heartbeats are credited in bulk: those arriving while a batch is written wait for the next one, which reads the
  // progress of all their offers in one query, credits them in order in memory (a repeated beat id counts once; each
  // overlay's wall-clock budget as above), and writes the progress and the per-minute rows in one statement each —
  // one write (and, on SQLite, one COMMIT shared with other writes) for the lot.
  interface PendingBeat {
    input: HeartbeatInput;
    offer: OfferEntry;
    resolve: (result: HeartbeatResult) => void;
    reject: (error: unknown) => void;
  }
  const beats: PendingBeat[] = [];
  let crediting = false;

  function creditBeats(): void {
    const batch = beats.splice(0, MAX_BEATS_PER_WRITE);
    writes
      .run((trx) => creditInBulk(trx, batch))
      .then(
        (results) => {
          batch.forEach((beat, index) => beat.resolve(results[index]!));
          // Display has started: these offers are active now (the cache follows).
          for (const [index, beat] of batch.entries())
            if (results[index]!.creditedSeconds > 0 && beat.offer.status === 'accepted') beat.offer.status = 'active';
        },
        (error: unknown) => batch.forEach((beat) => beat.reject(error)),
      )
      .finally(() => {
        if (beats.length > 0) setImmediate(creditBeats);
        else crediting = false;
      });
  }

  async function creditInBulk(trx: Kysely<Database>, batch: PendingBeat[]): Promise<HeartbeatResult[]> {
    // Whole seconds: every budget boundary falls on a second, so stretches split into minutes exactly.
    const nowMs = Math.floor(Date.now() / 1000) * 1000;
    const stamp = new Date(nowMs).toISOString();
    const offerIds = [...new Set(batch.map((beat) => beat.offer.offerId))];
    const creatorIds = [...new Set(batch.map((beat) => beat.offer.creatorId))].sort();
    // Several instances on PostgreSQL: one batch at a time per overlay and offer (rows locked in one order).
    let budgetQuery = trx
      .selectFrom('overlays')
      .select(['creator_id', 'credited_until'])
      .where('creator_id', 'in', creatorIds)
      .orderBy('creator_id');
    if (dialect === 'postgres') budgetQuery = budgetQuery.forUpdate();
    const budgets = new Map((await budgetQuery.execute()).map((row) => [row.creator_id, Number(row.credited_until)]));
    const spent = new Map<string, number>();
    let query = trx
      .selectFrom('overlay_progress')
      .select(['offer_id', 'displayed_seconds', 'credited_until', 'last_beat_id'])
      .where('offer_id', 'in', offerIds)
      .orderBy('offer_id');
    if (dialect === 'postgres') query = query.forUpdate();
    const progress = new Map(
      (await query.execute()).map((row) => [
        row.offer_id,
        {
          displayed: Number(row.displayed_seconds),
          creditedUntil: Number(row.credited_until),
          lastBeatId: row.last_beat_id,
          known: true,
        },
      ]),
    );
    // Settlement may have completed an offer since it was cached: it is credited nothing more.
    const statuses = new Map(
      (await trx.selectFrom('offers').select(['id', 'status']).where('id', 'in', offerIds).execute()).map((row) => [
        row.id,
        row.status,
      ]),
    );
    const minutes = new Map<string, { offer_id: string; minute: number; seconds: number }>();
    const sources = new Map<string, { creator_id: string; minute: number; address: string }>();
    const started = new Set<string>();
    const results = batch.map(({ input, offer }) => {
      const deliverableSeconds = offer.deliverableSeconds;
      const status = statuses.get(offer.offerId);
      const completed = status === 'completed' || status === 'paid';
      if (input.address !== undefined) {
        const address = sourceOf(input.address);
        const minute = Math.floor(nowMs / 60_000);
        sources.set(`${offer.creatorId}:${minute}:${address}`, { creator_id: offer.creatorId, minute, address });
      }
      let entry = progress.get(offer.offerId);
      if (entry?.lastBeatId === input.beatId || !DELIVERY_STATUSES.some((open) => open === status))
        return {
          creditedSeconds: 0,
          displayedSeconds: entry?.displayed ?? 0,
          deliverableSeconds,
          completed,
        };
      // The overlay's budget continues where its last credit ended; after a pause longer than a heartbeat can reach
      // back, display restarts: the claimed seconds are taken as just ended.
      const budget = budgets.get(offer.creatorId) ?? 0;
      const base = budget >= nowMs - BUDGET_MS ? budget : nowMs - input.seconds * 1000;
      // Never beyond the wall clock. Claims may pass the deliverable: only the verified seconds complete it, and
      // claimed minutes the platform does not confirm must not stop the ones it will.
      const displayed = entry?.displayed ?? 0;
      const credited = Math.max(0, Math.min(input.seconds, Math.floor((nowMs - base) / 1000)));
      if (credited > 0) {
        budgets.set(offer.creatorId, base + credited * 1000);
        spent.set(offer.creatorId, base + credited * 1000);
      }
      entry = {
        displayed: displayed + credited,
        creditedUntil: credited > 0 ? base + credited * 1000 : (entry?.creditedUntil ?? 0),
        lastBeatId: input.beatId,
        known: entry?.known ?? false,
      };
      progress.set(offer.offerId, entry);
      for (const [minute, seconds] of minuteParts(base, credited)) {
        const key = `${offer.offerId}:${minute}`;
        const row = minutes.get(key) ?? { offer_id: offer.offerId, minute, seconds: 0 };
        row.seconds += seconds;
        minutes.set(key, row);
      }
      if (credited > 0 && status === 'accepted') started.add(offer.offerId);
      return { creditedSeconds: credited, displayedSeconds: entry.displayed, deliverableSeconds, completed };
    });
    const rows = offerIds
      .filter((offerId) => progress.has(offerId))
      .map((offerId) => {
        const entry = progress.get(offerId)!;
        return {
          offer_id: offerId,
          displayed_seconds: entry.displayed,
          credited_until: entry.creditedUntil,
          last_beat_id: entry.lastBeatId,
          first_beat_at: stamp,
          last_beat_at: stamp,
        };
      });
    for (let from = 0; from < rows.length; from += ROWS_PER_STATEMENT) {
      await trx
        .insertInto('overlay_progress')
        .values(rows.slice(from, from + ROWS_PER_STATEMENT))
        .onConflict((oc) =>
          oc.column('offer_id').doUpdateSet((eb) => ({
            displayed_seconds: eb.ref('excluded.displayed_seconds'),
            credited_until: eb.ref('excluded.credited_until'),
            last_beat_id: eb.ref('excluded.last_beat_id'),
            last_beat_at: eb.ref('excluded.last_beat_at'),
          })),
        )
        .execute();
    }
    const budgetRows = [...spent.entries()];
    for (let from = 0; from < budgetRows.length; from += ROWS_PER_STATEMENT) {
      const chunk = budgetRows.slice(from, from + ROWS_PER_STATEMENT);
      await trx
        .updateTable('overlays')
        .set({
          credited_until: sql<number>`case creator_id ${sql.join(
            chunk.map(([creatorId, until]) => sql`when ${creatorId} then cast(${until} as bigint)`),
            sql` `,
          )} else credited_until end`,
        })
        .where(
          'creator_id',
          'in',
          chunk.map(([creatorId]) => creatorId),
        )
        .execute();
    }
    const minuteRows = [...minutes.values()];
    for (let from = 0; from < minuteRows.length; from += ROWS_PER_STATEMENT) {
      await trx
        .insertInto('overlay_minutes')
        .values(minuteRows.slice(from, from + ROWS_PER_STATEMENT))
        .onConflict((oc) =>
          oc.columns(['offer_id', 'minute']).doUpdateSet({
            seconds: sql<number>`case when overlay_minutes.seconds + excluded.seconds > 60 then 60 else overlay_minutes.seconds + excluded.seconds end`,
          }),
        )
        .execute();
    }
    const sourceRows = [...sources.values()];
    for (let from = 0; from < sourceRows.length; from += ROWS_PER_STATEMENT) {
      await trx
        .insertInto('overlay_sources')
        .values(sourceRows.slice(from, from + ROWS_PER_STATEMENT))
        .onConflict((oc) => oc.columns(['creator_id', 'minute', 'address']).doNothing())
        .execute();
    }
    if (started.size > 0) {
      // Display has started: the offers are active.
      const ids = [...started];
      await trx
        .updateTable('offers')
        .set({ status: 'active', updated_at: stamp })
        .where('id', 'in', ids)
        .where('status', '=', 'accepted')
        .execute();
      await touchOfferLists(
        trx,
        batch
          .filter((beat) => started.has(beat.offer.offerId))
          .flatMap((beat) => [beat.offer.creatorId, beat.offer.advertiserId]),
      );
    }
    return results;
  }

  return {
    hub,

    async settings(creatorId) {
      return present(await ensure(creatorId));
    },

    async update(creatorId, patch) {
      await ensure(creatorId);
      const row = await db
        .updateTable('overlays')
        .set({
          ...(patch.enabled !== undefined ? { enabled: patch.enabled ? 1 : 0 } : {}),
          ...(patch.position !== undefined ? { position: patch.position } : {}),
          ...(patch.size !== undefined ? { size: patch.size } : {}),
          ...(patch.rotationSeconds !== undefined ? { rotation_seconds: patch.rotationSeconds } : {}),
          updated_at: now(),
        })
        .where('creator_id', '=', creatorId)
        .returningAll()
        .executeTakeFirstOrThrow();
      forgetOverlay(creatorId);
      await refresh([creatorId]);
      return present(row);
    },

    async rotate(creatorId) {
      await ensure(creatorId);
      const token = newToken();
      const stamp = now();
      const row = await db
        .updateTable('overlays')
        .set({
          token_hash: hashToken(token),
          token_sealed: sealer.seal(token),
          token_created_at: stamp,
          updated_at: stamp,
        })
        .where('creator_id', '=', creatorId)
        .returningAll()
        .executeTakeFirstOrThrow();
      // The old token stops counting at once, and every page open now holds it: end their streams.
      forgetOverlay(creatorId);
      hub.publish(creatorId, { kind: 'revoked' });
      transport.send({ t: 'overlay.revoked', c: creatorId });
      return present(row);
    },

    async creatorOf(token) {
      const row = await db
        .selectFrom('overlays')
        .select('creator_id')
        .where('token_hash', '=', hashToken(token))
        .executeTakeFirst();
      return row?.creator_id ?? null;
    },

    state,
    refresh,

    refreshCampaign: (campaignId) => refreshCampaign(campaignId, false),

    async refreshAll() {
      offerChanges += 1;
      offerCache.clear();
      await refresh([...hub.users()]);
    },

    async heartbeat(input) {
      const hash = hashToken(input.token);
      const overlay = await overlayByHash(hash);
      // An unknown or rotated token learns nothing, not even whether the offer exists.
      if (!overlay) throw new HttpError(404, overlayProblems.token_unknown);
      if (!overlay.enabled) throw new HttpError(409, overlayProblems.switched_off);
      const offer = await creditableOffer(overlay.creatorId, input.offerId);
      if (!offer) throw new HttpError(404, overlayProblems.offer_not_running);
      return new Promise<HeartbeatResult>((resolve, reject) => {
        beats.push({ input, offer, resolve, reject });
        if (!crediting) {
          crediting = true;
          setImmediate(creditBeats);
        }
      });
    },

    async presence(token, host, at = Date.now()) {
      const overlay = await overlayByHash(hashToken(token));
      if (!overlay) throw new HttpError(404, overlayProblems.token_unknown);
      // One row per overlay, the latest report (every 15 s from every open page): a write the batcher shares.
      await writes.run((trx) =>
        trx
          .insertInto('overlay_presence')
          .values({ creator_id: overlay.creatorId, host, at })
          .onConflict((oc) => oc.column('creator_id').doUpdateSet({ host, at }))
          .execute(),
      );
    },

    status: (creatorId, at) => overlayStatus(db, creatorId, at),

    settle: (creatorIds, at) => verification.settle(creatorIds, at),

    completeDue: () => verification.completeDue(),

    display: (party, offerId) => offerDisplay(db, party, offerId, deps.evidence),
  };
}
