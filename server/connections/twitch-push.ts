// Twitch pushes the live watch its channels' stream events (issue 46; server/connections/live.ts reads them): for each
// Twitch channel in delivery, EventSub subscriptions to stream.online, stream.offline and channel.update (version 2)
// on a conduit, so a live window's start and end are known within seconds of Twitch's event and the poll samples only
// the channels known live (viewers, the branded flag) plus those the events do not cover.
//
// Decisions (docs: https://dev.twitch.tv/docs/eventsub/manage-subscriptions/#subscription-limits,
// https://dev.twitch.tv/docs/eventsub/handling-conduit-events/):
// - Transport: always a conduit, with the app access token. The three types need no scope, and a subscription costs 0
//   for a broadcaster who authorized the client — every creator connected through Castbridge's OAuth client did — so
//   10,000 channels (30,000 subscriptions) fit max_total_cost (10,000 per client) at cost 0. A WebSocket session of
//   the bot's user token could not carry them: its subscriptions cost 1 each for a broadcaster who is not the bot
//   (max_total_cost 10 per user token: 3 channels), 300 per session, 3 sessions. Where the chat archive already runs on
//   a conduit (several instances) its conduit carries them too (one set of sockets); otherwise (one instance, chat over
//   WebSocket or IRC) the live watch has a conduit of its own ('verify' in eventsub_conduits), whose shards the one
//   instance holds — made and started only once a Twitch channel is in delivery.
// - Which: the live watch's watched Twitch channels (offers in delivery on active Twitch campaigns). Subscriptions
//   belong to the conduit and outlive instances: each instance lists them once (Get EventSub Subscriptions by type, 100
//   a page; again every RELIST_MS) and then creates what is missing and deletes what is no longer watched, from the
//   poll (one at a time in the cluster), within what the app token's budget leaves after the samples: 30,000 creations
//   at a cold start take about an hour and a half, during which the channels not covered yet are polled as before. A
//   channel that starts being watched is subscribed again whatever this instance's list says (another instance may
//   have deleted its subscriptions meanwhile: a 409 says they are there).
// - Covered: a channel whose three subscriptions are enabled, sampled once since (a subscription tells changes only),
//   while the push path had no gap. The path is checked at each poll with Get Conduit Shards (a point per 100 shards):
//   every shard enabled, on the same WebSocket session as at this instance's last check. A shard disabled or moved
//   (a socket lost, an instance gone, its shard taken over) may have dropped notifications (Twitch retries on one other
//   shard only), so nothing is covered for that poll: every watched channel is sampled, and a start or end missed is
//   found then. A refused subscription (a 4xx, the cost limit) or a revoked one leaves its channel uncovered — polled
//   as before — and is asked again after REFUSED_RETRY_MS.
// - Notifications may come twice (Twitch says so): the manager keeps the message ids it saw; the writes are idempotent
//   across instances (server/connections/live.ts `pushed`).
import type { EventSubManager, EventSubNotification, PushType } from '../archive/eventsub.ts';
import { PUSH_TYPES } from '../archive/eventsub.ts';
import { BudgetExhausted } from './governor.ts';
import type { Logger } from '../log.ts';

/** The types subscribed for each watched channel. */
export const STREAM_PUSH_TYPES = Object.keys(PUSH_TYPES) as PushType[];
/** The conduit's subscriptions are listed again this often (what another instance made or left). */
export const RELIST_MS = 6 * 60 * 60_000;
/** A subscription Twitch refused or revoked is asked again after this long (its channel is polled meanwhile). */
export const REFUSED_RETRY_MS = 60 * 60_000;
/** Helix answers 100 subscriptions or shards a page. */
const PAGE = 100;
/** The governor's purpose for these calls (priority verify: they are delivery verification). */
const PURPOSE = 'live_push';

/** A pushed stream event, as the live watch takes it. */
export interface StreamEvent {
  type: PushType;
  broadcasterId: string;
  messageId: string;
  /** Twitch's message_timestamp (epoch ms; NaN when unreadable). */
  sentAt: number;
  /** When this instance received it (epoch ms). */
  receivedAt: number;
  event: Record<string, unknown>;
}

export interface PushCoverage {
  /** The push path had no gap since this instance's last check (every shard enabled, on the same session). */
  healthy: boolean;
  /** Per broadcaster id whose subscriptions are all enabled: since when (a sample after that makes it covered). */
  enabledSince: Map<string, number>;
  /** Helix calls made. */
  calls: number;
}

export interface PushStats {
  /** Channels with all their subscriptions enabled (as this instance knows the conduit). */
  subscribed: number;
  /** Channels whose subscriptions Twitch refused or revoked, until asked again. */
  refused: number;
  /** The conduit's subscriptions have been listed by this instance. */
  listed: boolean;
  created: number;
  deleted: number;
  events: number;
}

export interface TwitchPush {
  /** Where the pushed events go (the live watch's `pushed`). */
  onEvent(handler: ((event: StreamEvent) => void) | null): void;
  /** Checks the push path (Get Conduit Shards) and answers which channels are subscribed, since when. */
  coverage(now: number): Promise<PushCoverage>;
  /**
   * Brings the conduit's subscriptions in line with `wanted` (broadcaster ids), `fresh` being those that just started
   * being watched, making at most `maxCalls` Helix calls; answers the calls made.
   */
  reconcile(wanted: readonly string[], fresh: readonly string[], maxCalls: number, now: number): Promise<number>;
  stats(): PushStats;
  close(): Promise<void>;
}

export interface TwitchPushDeps {
  /** The chat archive's manager when it runs on a conduit (its conduit carries the stream events too), else null. */
  shared: EventSubManager | null;
  /** Makes the live watch's own conduit manager (conduitName 'verify', no bot); called once, at the first channel. */
  own: () => EventSubManager;
  logger: Logger;
  clock?: () => number;
}

type Subs = Map<PushType, string>;

export function createTwitchPush(deps: TwitchPushDeps): TwitchPush {
  const { logger } = deps;
  const clock = deps.clock ?? Date.now;
  let manager: EventSubManager | null = null;
  let owned = false;
  let handler: ((event: StreamEvent) => void) | null = null;
  /** Broadcaster id → type → subscription id ('' where a 409 said it exists, id unknown). */
  let subs = new Map<string, Subs>();
  /** When each broadcaster's subscriptions were all known enabled. */
  const enabledAt = new Map<string, number>();
  /** Broadcasters whose subscription Twitch refused or revoked: asked again from `until`. */
  const refused = new Map<string, { until: number; reason: string }>();
  /** The listing under way: the types left, the page cursor, what it found so far, when it began. */
  let listing: { types: PushType[]; cursor: string | null; found: Map<string, Subs>; startedAt: number } | null = null;
  let listedAt = 0;
  /** The shards' sessions at this instance's last check. */
  let lastShards: string | null = null;
  const counts = { created: 0, deleted: 0, events: 0 };
  let closed = false;

  const listener = {
    notification(broadcasterId: string, notification: EventSubNotification) {
      counts.events += 1;
      handler?.({
        type: notification.type as PushType,
        broadcasterId,
        messageId: notification.messageId,
        sentAt: notification.at,
        receivedAt: clock(),
        event: notification.event,
      });
    },
    revoked(broadcasterId: string, type: string, reason: string) {
      logger.warn('live push: Twitch revoked a stream subscription; the channel is polled', {
        broadcasterId,
        type,
        reason,
      });
      forget(broadcasterId, type as PushType);
      refused.set(broadcasterId, { until: clock() + REFUSED_RETRY_MS, reason });
    },
  };
  if (deps.shared) {
    manager = deps.shared;
    manager.onPush(listener);
  }

  /** The manager, made and started at the first call (its conduit's id is known once it started). */
  async function ready(): Promise<EventSubManager | null> {
    if (closed) return null;
    if (!manager) {
      manager = deps.own();
      owned = true;
      manager.onPush(listener);
      // Not fatal when Twitch is unreachable: the manager tries again every 30 s; the channels are polled meanwhile.
      await manager.start();
    }
    return manager.conduitId() ? manager : null;
  }

  function forget(broadcasterId: string, type?: PushType) {
    for (const map of [subs, listing?.found]) {
      if (!map) continue;
      if (type === undefined) map.delete(broadcasterId);
      else map.get(broadcasterId)?.delete(type);
    }
    enabledAt.delete(broadcasterId);
  }

  function note(broadcasterId: string, type: PushType, id: string, now: number) {
    for (const map of [subs, listing?.found]) {
      if (!map) continue;
      const entry = map.get(broadcasterId) ?? new Map<PushType, string>();
      entry.set(type, id);
      map.set(broadcasterId, entry);
    }
    if (STREAM_PUSH_TYPES.every((t) => subs.get(broadcasterId)?.has(t)) && !enabledAt.has(broadcasterId))
      enabledAt.set(broadcasterId, now);
  }

  const call = (
    m: EventSubManager,
    method: string,
    path: string,
    options: { body?: unknown; query?: Record<string, string> } = {},
  ) => m.helix(method, path, { ...options, priority: 'verify', purpose: PURPOSE });

  /** Helix's bucket is empty (not a refusal of this subscription): the rest waits for the next poll. */
  const rateLimited = (answer: { status: number; headers: Headers }) =>
    answer.status === 429 && answer.headers.get('ratelimit-remaining') === '0';

  /** A page of the listing; answers false when the listing is over. */
  async function listPage(m: EventSubManager, conduit: string, now: number): Promise<boolean> {
    listing ??= { types: [...STREAM_PUSH_TYPES], cursor: null, found: new Map(), startedAt: now };
    const type = listing.types[0];
    if (!type) return false;
    const answer = await call(m, 'GET', '/helix/eventsub/subscriptions', {
      query: { type, ...(listing.cursor ? { after: listing.cursor } : {}) },
    });
    if (answer.status !== 200) throw new Error(`Twitch did not list the subscriptions (${answer.status})`);
    for (const sub of (answer.body.data ?? []) as {
      id: string;
      type: string;
      status: string;
      version: string;
      condition?: Record<string, string>;
      transport?: { conduit_id?: string };
    }[]) {
      const broadcaster = sub.condition?.broadcaster_user_id;
      if (!broadcaster || sub.transport?.conduit_id !== conduit || sub.type !== type) continue;
      if (sub.status !== 'enabled' || sub.version !== PUSH_TYPES[type]) continue;
      const entry = listing.found.get(broadcaster) ?? new Map<PushType, string>();
      entry.set(type, sub.id);
      listing.found.set(broadcaster, entry);
    }
    const cursor = (answer.body.pagination as { cursor?: string } | undefined)?.cursor;
    if (cursor && ((answer.body.data ?? []) as unknown[]).length >= 1) listing.cursor = cursor;
    else {
      listing.types.shift();
      listing.cursor = null;
    }
    if (listing.types.length > 0) return true;
    // Listed: what it found (and what was made meanwhile) is the conduit's now.
    const found = listing.found;
    const since = listing.startedAt;
    listing = null;
    listedAt = since;
    subs = found;
    for (const id of [...enabledAt.keys()])
      if (!STREAM_PUSH_TYPES.every((t) => subs.get(id)?.has(t))) enabledAt.delete(id);
    for (const [id, entry] of subs)
      if (STREAM_PUSH_TYPES.every((t) => entry.has(t)) && !enabledAt.has(id)) enabledAt.set(id, since);
    return false;
  }

  /** Deletes a channel's subscriptions (those whose id is unknown found by its user id first). */
  async function unsubscribe(m: EventSubManager, conduit: string, broadcasterId: string, budget: { left: number }) {
    const entry = subs.get(broadcasterId);
    const ids = [...(entry?.values() ?? [])];
    if (ids.includes('')) {
      if (budget.left <= 0) return false;
      budget.left -= 1;
      const found = await call(m, 'GET', '/helix/eventsub/subscriptions', { query: { user_id: broadcasterId } });
      for (const sub of (found.body.data ?? []) as {
        id: string;
        type: string;
        condition?: Record<string, string>;
        transport?: { conduit_id?: string };
      }[])
        if (
          Object.hasOwn(PUSH_TYPES, sub.type) &&
          sub.condition?.broadcaster_user_id === broadcasterId &&
          sub.transport?.conduit_id === conduit &&
          !ids.includes(sub.id)
        )
          ids.push(sub.id);
    }
    for (const id of ids.filter(Boolean)) {
      if (budget.left <= 0) return false;
      budget.left -= 1;
      const answer = await call(m, 'DELETE', '/helix/eventsub/subscriptions', { query: { id } });
      if (rateLimited(answer)) return false;
      // 404: gone already (another instance deleted it).
      if (answer.status !== 204 && answer.status !== 404)
        logger.warn('live push: deleting a stream subscription failed', { id, status: answer.status });
      else counts.deleted += 1;
    }
    forget(broadcasterId);
    return true;
  }

  return {
    onEvent(next) {
      handler = next;
    },

    async coverage(now) {
      const none = (calls: number): PushCoverage => ({ healthy: false, enabledSince: new Map(), calls });
      const m = await ready().catch(() => null);
      const conduit = m?.conduitId();
      if (!m || !conduit || listedAt === 0) return none(0);
      let calls = 0;
      const shards: string[] = [];
      let cursor: string | null = null;
      try {
        do {
          calls += 1;
          const answer = await call(m, 'GET', '/helix/eventsub/conduits/shards', {
            query: { conduit_id: conduit, ...(cursor ? { after: cursor } : {}) },
          });
          if (answer.status !== 200) return none(calls);
          const page = (answer.body.data ?? []) as {
            id: string;
            status: string;
            transport?: { session_id?: string };
          }[];
          for (const shard of page) shards.push(`${shard.id}:${shard.status}:${shard.transport?.session_id ?? ''}`);
          cursor = (answer.body.pagination as { cursor?: string } | undefined)?.cursor ?? null;
          if (page.length < PAGE) cursor = null;
        } while (cursor);
      } catch (error) {
        if (!(error instanceof BudgetExhausted))
          logger.warn('live push: the conduit’s shards could not be read', { error: (error as Error).message });
        return none(calls);
      }
      const view = shards.sort().join(',');
      const unchanged = lastShards === view;
      lastShards = view;
      const healthy = unchanged && shards.length > 0 && shards.every((shard) => shard.split(':')[1] === 'enabled');
      if (!healthy) return { healthy, enabledSince: new Map(), calls };
      const enabledSince = new Map<string, number>();
      for (const [id, at] of enabledAt) if (!refused.has(id) || refused.get(id)!.until <= now) enabledSince.set(id, at);
      return { healthy, enabledSince, calls };
    },

    async reconcile(wanted, fresh, maxCalls, now) {
      const budget = { left: Math.max(0, Math.floor(maxCalls)) };
      if (wanted.length === 0 && subs.size === 0 && !manager) return 0;
      const m = await ready().catch(() => null);
      const conduit = m?.conduitId();
      if (!m || !conduit) return 0;
      const spent = () => Math.max(0, Math.floor(maxCalls)) - budget.left;
      try {
        // Listed once per instance, and again every RELIST_MS (what another instance made or left behind).
        if (listedAt === 0 || now - listedAt >= RELIST_MS || listing) {
          while (budget.left > 0) {
            budget.left -= 1;
            if (!(await listPage(m, conduit, now))) break;
          }
          if (listedAt === 0) return spent();
        }
        // Just started being watched: subscribed again whatever the list says (deleted by another instance meanwhile?).
        for (const id of fresh) forget(id);
        const wantedSet = new Set(wanted);
        // No longer watched: deleted.
        for (const id of [...subs.keys()]) {
          if (budget.left <= 0) return spent();
          if (wantedSet.has(id)) continue;
          if (!(await unsubscribe(m, conduit, id, budget))) return spent();
        }
        for (const [id, entry] of refused) if (!wantedSet.has(id) || entry.until <= now) refused.delete(id);
        for (const id of wanted) {
          if (refused.has(id)) continue;
          for (const type of STREAM_PUSH_TYPES) {
            if (subs.get(id)?.has(type)) continue;
            if (budget.left <= 0) return spent();
            budget.left -= 1;
            const answer = await call(m, 'POST', '/helix/eventsub/subscriptions', {
              body: {
                type,
                version: PUSH_TYPES[type],
                condition: { broadcaster_user_id: id },
                transport: { method: 'conduit', conduit_id: conduit },
              },
            });
            const made = (answer.body.data as { id?: string; status?: string }[] | undefined)?.[0];
            if (answer.status === 202 && made?.id) {
              counts.created += 1;
              note(id, type, made.id, clock());
              continue;
            }
            // Already there (made by another instance, or before a restart).
            if (answer.status === 409) {
              note(id, type, '', clock());
              continue;
            }
            if (rateLimited(answer)) return spent();
            // Refused (a 4xx, the cost limit): polled as before, asked again later.
            const reason = `${answer.status} ${String(answer.body.message ?? '')}`.trim();
            logger.warn('live push: Twitch refused a stream subscription; the channel is polled', { id, type, reason });
            refused.set(id, { until: now + REFUSED_RETRY_MS, reason });
            break;
          }
        }
      } catch (error) {
        if (!(error instanceof BudgetExhausted))
          logger.warn('live push: the stream subscriptions could not be brought up to date', {
            error: (error as Error).message,
          });
      }
      return spent();
    },

    stats() {
      return {
        subscribed: enabledAt.size,
        refused: refused.size,
        listed: listedAt > 0,
        ...counts,
      };
    },

    async close() {
      closed = true;
      manager?.onPush(null);
      if (owned) await manager?.close();
    },
  };
}
