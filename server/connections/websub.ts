// YouTube's push feed (issue 46; docs/product.md §Verified delivery, docs/operations.md §Platform limits): every
// YouTube channel in delivery has its Atom feed subscribed on a WebSub (PubSubHubbub 0.4) hub — Google's,
// YOUTUBE_WEBSUB_HUB — and the hub announces, at no quota cost, each video the channel creates (a live broadcast
// included, scheduled or started at once) and each title change
// (https://developers.google.com/youtube/v3/guides/push_notifications). What the feed announces is only a candidate:
// the live watch (live.ts) confirms and samples it with batched videos.list, which is the platform's own word.
// - Subscribing: POST hub.mode=subscribe with the channel's topic, our callback (<PUBLIC_URL>/api/webhooks/youtube/
//   websub?channel=<id>), the lease we ask for and a secret of the channel's own (hub.secret). The hub answers 202 and
//   verifies our intent with a GET to the callback (hub.challenge), which we echo only for a subscription we asked
//   for; the lease it grants starts then. A subscription not verified within PENDING_RETRY_MS is asked again, and
//   one is renewed before its lease ends (RENEW_BEFORE_MS, or half a shorter lease). A channel that leaves delivery is
//   unsubscribed. Only the live poll reconciles (under its cluster-wide lease), so two instances never race.
// - Receiving: a push is read raw and checked against the channel's secret (X-Hub-Signature, HMAC of the exact
//   bytes, compared in constant time); an unsigned or forged one is refused (403) and changes nothing. Its entries
//   become youtube_videos rows (status `new`), a deleted entry marks its video gone.
// - A channel whose subscription is not verified, or whose lease lapsed, is not covered: the live watch looks for its
//   broadcast with liveBroadcasts.list within the quota share it always had, so no channel is silently skipped. A
//   feed announces only what is new: once verified, the channel's upcoming and active broadcasts are looked up once
//   (`caughtUp`), so a broadcast scheduled before the channel entered delivery is not missed.
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';
import { HttpError } from '../http/errors.ts';
import type { SelfFetch } from '../http/self-fetch.ts';
import type { Logger } from '../log.ts';
import { connectionProblems as problems } from './problems.ts';

export const WEBSUB_CALLBACK_PATH = '/api/webhooks/youtube/websub';
/** The lease asked for: 5 days, Google's hub's default (the hub may grant another; its verification says which). */
export const ASKED_LEASE_SECONDS = 432_000;
/** A subscription the hub has not verified within this is asked for again. */
export const PENDING_RETRY_MS = 15 * 60_000;
/** A lease is renewed this long before it ends (half the lease when that is shorter). */
export const RENEW_BEFORE_MS = 24 * 60 * 60_000;
/** The largest push read: an Atom entry is a few kilobytes. */
export const MAX_PUSH_BYTES = 256 * 1024;
const TIMEOUT_MS = 10_000;
/** Signature algorithms WebSub allows (https://www.w3.org/TR/websub/#signing-content); Google's hub uses sha1. */
const ALGORITHMS = new Set(['sha1', 'sha256', 'sha384', 'sha512']);

/** A channel's feed, the hub's topic (https://developers.google.com/youtube/v3/guides/push_notifications). */
export const feedTopic = (channelId: string) =>
  `https://www.youtube.com/xml/feeds/videos.xml?channel_id=${encodeURIComponent(channelId)}`;

function channelOfTopic(topic: string): string | null {
  try {
    const url = new URL(topic);
    if (url.host !== 'www.youtube.com' || url.pathname !== '/xml/feeds/videos.xml') return null;
    return url.searchParams.get('channel_id');
  } catch {
    return null;
  }
}

/** What one push announced. */
export interface PushedEntry {
  videoId: string;
  channelId: string;
  title: string;
  deleted: boolean;
}

const unescape = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#(\d+);/g, (_m, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&#x([0-9a-f]+);/gi, (_m, code: string) => String.fromCodePoint(parseInt(code, 16)))
    .replace(/&amp;/g, '&');

/**
 * The entries of YouTube's Atom push: `<entry>` with `<yt:videoId>`, `<yt:channelId>` and `<title>`, and
 * `<at:deleted-entry ref="yt:video:ID">` (with its `<at:by><uri>…/channel/ID</uri>`) for a deleted video.
 */
export function parseFeed(xml: string): PushedEntry[] {
  const entries: PushedEntry[] = [];
  for (const match of xml.matchAll(/<entry[\s>][\s\S]*?<\/entry>/g)) {
    const entry = match[0];
    const videoId = /<yt:videoId>([^<]+)<\/yt:videoId>/.exec(entry)?.[1]?.trim();
    const channelId = /<yt:channelId>([^<]+)<\/yt:channelId>/.exec(entry)?.[1]?.trim();
    if (!videoId || !channelId) continue;
    const title = unescape(/<title>([\s\S]*?)<\/title>/.exec(entry)?.[1] ?? '').trim();
    entries.push({ videoId: unescape(videoId), channelId: unescape(channelId), title, deleted: false });
  }
  for (const match of xml.matchAll(
    /<at:deleted-entry\b([^>]*)>([\s\S]*?)<\/at:deleted-entry>|<at:deleted-entry\b([^>]*)\/>/g,
  )) {
    const attributes = match[1] ?? match[3] ?? '';
    const ref = /\bref="yt:video:([^"]+)"/.exec(attributes)?.[1];
    const channelId = /\/channel\/([^<\s"]+)/.exec(match[2] ?? '')?.[1];
    if (ref)
      entries.push({
        videoId: unescape(ref),
        channelId: channelId ? unescape(channelId) : '',
        title: '',
        deleted: true,
      });
  }
  return entries;
}

/** Whether `signature` (`sha1=<hex>`) is the HMAC of `body` with `secret`, compared in constant time. */
export function signatureMatches(signature: string, body: string, secret: string): boolean {
  const [algorithm, hex] = signature.trim().split('=', 2);
  if (!algorithm || !hex || !ALGORITHMS.has(algorithm.toLowerCase()) || !/^[0-9a-f]+$/i.test(hex)) return false;
  const expected = crypto.createHmac(algorithm.toLowerCase(), secret).update(body, 'utf8').digest();
  const given = Buffer.from(hex, 'hex');
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

export interface YouTubeFeedsDeps {
  db: Kysely<Database>;
  /** The hub's subscribe URL (absolute, or a stand-in's path on this server). */
  hub: string;
  selfFetch: Pick<SelfFetch, 'resolve' | 'fetch'>;
  /** Our callback's absolute URL (PUBLIC_URL, or the server's own address). */
  links: { url(path: string): string };
  logger: Logger;
}

export function createYouTubeFeeds(deps: YouTubeFeedsDeps) {
  const { db, logger } = deps;

  /** Asks the hub; answers the problem when it refused (null when it accepted and will verify). */
  async function ask(channelId: string, mode: 'subscribe' | 'unsubscribe', secret: string): Promise<string | null> {
    const form = new URLSearchParams({
      'hub.callback': deps.links.url(`${WEBSUB_CALLBACK_PATH}?channel=${encodeURIComponent(channelId)}`),
      'hub.mode': mode,
      'hub.topic': feedTopic(channelId),
      'hub.verify': 'async',
    });
    if (mode === 'subscribe') {
      form.set('hub.lease_seconds', String(ASKED_LEASE_SECONDS));
      form.set('hub.secret', secret);
    }
    try {
      const response = await deps.selfFetch.fetch(deps.selfFetch.resolve(deps.hub), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form.toString(),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      if (response.status === 202 || response.status === 204) return null;
      const text = (await response.text().catch(() => '')).trim().slice(0, 300);
      return `The hub refused the subscription (${response.status}${text ? `: ${text}` : ''})`;
    } catch (error) {
      return `The hub could not be reached (${(error as Error).message})`;
    }
  }

  /**
   * Keeps one verified subscription for each of `channelIds` and none for the others: asks for the new ones, again
   * for those the hub has not verified in PENDING_RETRY_MS and for those due for renewal; unsubscribes the rest.
   */
  async function reconcile(channelIds: string[], now: number): Promise<{ asked: number; left: number }> {
    const wanted = new Set(channelIds);
    const rows = await db.selectFrom('youtube_feeds').selectAll().execute();
    const known = new Map(rows.map((row) => [row.channel_id, row]));
    const due: { channelId: string; secret: string }[] = [];
    for (const channelId of wanted) {
      const row = known.get(channelId);
      if (!row) {
        const secret = crypto.randomBytes(32).toString('hex');
        await db
          .insertInto('youtube_feeds')
          .values({ channel_id: channelId, secret, state: 'pending', requested_at: now })
          .onConflict((oc) => oc.column('channel_id').doNothing())
          .execute();
        due.push({ channelId, secret });
        continue;
      }
      const leaseUntil = row.lease_until === null ? null : Number(row.lease_until);
      const lapsed = row.state === 'active' && leaseUntil !== null && leaseUntil <= now;
      const stale = row.state === 'pending' && Number(row.requested_at) <= now - PENDING_RETRY_MS;
      const renew =
        row.state === 'active' &&
        row.renew_at !== null &&
        Number(row.renew_at) <= now &&
        Number(row.requested_at) <= now - PENDING_RETRY_MS;
      if (lapsed)
        await db.updateTable('youtube_feeds').set({ state: 'pending' }).where('channel_id', '=', channelId).execute();
      if (lapsed || stale || renew) due.push({ channelId, secret: row.secret });
    }
    for (const { channelId, secret } of due) {
      const problem = await ask(channelId, 'subscribe', secret);
      await db
        .updateTable('youtube_feeds')
        .set({ requested_at: now, problem })
        .where('channel_id', '=', channelId)
        .execute();
      if (problem) logger.warn('websub: the hub refused a subscription', { channelId, problem });
    }
    const gone = rows.filter((row) => !wanted.has(row.channel_id));
    for (const row of gone) {
      // Forgotten first: the hub's verification of the unsubscription finds no row and is echoed.
      await db.deleteFrom('youtube_feeds').where('channel_id', '=', row.channel_id).execute();
      const problem = await ask(row.channel_id, 'unsubscribe', row.secret);
      if (problem) logger.warn('websub: the hub refused an unsubscription', { channelId: row.channel_id, problem });
    }
    return { asked: due.length, left: gone.length };
  }

  /**
   * The channels of `channelIds` whose feed is verified and its lease running at `now`: `covered` once the broadcasts
   * announced before the subscription were looked up (`caughtUp`), `verified` before that.
   */
  async function coverage(channelIds: string[], now: number): Promise<{ covered: Set<string>; verified: Set<string> }> {
    const covered = new Set<string>();
    const verified = new Set<string>();
    for (let i = 0; i < channelIds.length; i += 500) {
      const rows = await db
        .selectFrom('youtube_feeds')
        .select(['channel_id', 'lease_until', 'caught_up_at'])
        .where('channel_id', 'in', channelIds.slice(i, i + 500))
        .where('state', '=', 'active')
        .execute();
      for (const row of rows)
        if (row.lease_until !== null && Number(row.lease_until) > now)
          (row.caught_up_at === null ? verified : covered).add(row.channel_id);
    }
    return { covered, verified };
  }

  /** The channel's earlier broadcasts were looked up: from now on its feed alone says what is new. */
  async function caughtUp(channelId: string, now: number): Promise<void> {
    await db.updateTable('youtube_feeds').set({ caught_up_at: now }).where('channel_id', '=', channelId).execute();
  }

  /**
   * The hub's verification of intent (GET on the callback): the challenge to echo, or null when we did not ask for
   * this (an unknown or departed channel's subscription, a topic that is not the channel's, a removal we still want).
   */
  async function verify(
    query: { channel?: string; mode?: string; topic?: string; challenge?: string; leaseSeconds?: string },
    now: number,
  ): Promise<string | null> {
    const channelId = query.channel ?? '';
    if (!query.challenge || !query.topic || channelOfTopic(query.topic) !== channelId || !channelId) return null;
    const row = await db.selectFrom('youtube_feeds').selectAll().where('channel_id', '=', channelId).executeTakeFirst();
    if (query.mode === 'unsubscribe') return row ? null : query.challenge;
    if (query.mode !== 'subscribe' || !row) return null;
    const lease = Number(query.leaseSeconds);
    if (!Number.isSafeInteger(lease) || lease <= 0) return null;
    const leaseUntil = now + lease * 1000;
    await db
      .updateTable('youtube_feeds')
      .set({
        state: 'active',
        verified_at: now,
        lease_until: leaseUntil,
        renew_at: leaseUntil - Math.min(RENEW_BEFORE_MS, (lease * 1000) / 2),
        problem: null,
      })
      .where('channel_id', '=', channelId)
      .execute();
    return query.challenge;
  }

  /**
   * A push: checked against the channel's secret, then each entry of that channel becomes a video to look at (a
   * deleted one, gone). Answers how many entries it took.
   */
  async function receive(
    channelId: string | undefined,
    signature: string | undefined,
    body: string,
    now: number,
  ): Promise<number> {
    const row = channelId
      ? await db.selectFrom('youtube_feeds').selectAll().where('channel_id', '=', channelId).executeTakeFirst()
      : undefined;
    if (!row) throw new HttpError(404, problems.feed_unknown);
    if (!signature) throw new HttpError(403, problems.push_unsigned);
    if (!signatureMatches(signature, body, row.secret)) throw new HttpError(403, problems.push_signature_mismatch);
    const entries = parseFeed(body).filter((entry) => entry.channelId === row.channel_id || entry.deleted);
    for (const entry of entries) {
      if (entry.deleted) {
        await db
          .updateTable('youtube_videos')
          .set({ status: 'gone', pushed_at: now })
          .where('video_id', '=', entry.videoId)
          .where('channel_id', '=', row.channel_id)
          .execute();
        continue;
      }
      await db
        .insertInto('youtube_videos')
        .values({
          video_id: entry.videoId,
          channel_id: row.channel_id,
          status: 'new',
          title: entry.title,
          pushed_at: now,
        })
        // A video known already (a title change): its title is news, its status stays what videos.list said, and one
        // no broadcast (an upload) is not looked at again; an ended one may be a broadcast's new title afterwards.
        .onConflict((oc) => oc.column('video_id').doUpdateSet({ title: entry.title, pushed_at: now }))
        .execute();
    }
    await db.updateTable('youtube_feeds').set({ last_push_at: now }).where('channel_id', '=', row.channel_id).execute();
    return entries.length;
  }

  return { reconcile, coverage, caughtUp, verify, receive };
}

export type YouTubeFeeds = ReturnType<typeof createYouTubeFeeds>;
