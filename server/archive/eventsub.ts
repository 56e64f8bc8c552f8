// Twitch chat through EventSub (docs/product.md §Chat archive): one manager per instance holds the WebSocket connections and the
// subscriptions of every archived Twitch channel this instance ingests, and hands each notification to that channel's
// source (eventsub-source.ts). Two transports, as Twitch offers them:
//   - websocket (one instance): up to MAX_CONNECTIONS_PER_TOKEN connections with the bot's user token, each holding up
//     to MAX_SUBSCRIPTIONS_PER_CONNECTION subscriptions. A channel takes WEBSOCKET_TYPES.length of them, so one
//     instance carries websocketCapacity() channels; a channel beyond that is told so (its source reads it over IRC).
//     A connection that Twitch asks to move (session_reconnect) moves without losing its subscriptions or a message;
//     a lost one (closed, keepalive missed) has lost its subscriptions: its channels are disconnected (a gap) until the
//     welcome of a new connection and their subscriptions created again.
//   - conduit (several instances): one conduit for the deployment (table eventsub_conduits), its shards shared out
//     among the instances through the cluster's leases (each instance takes its fair share; a dead instance's shards
//     are taken over by the others), one WebSocket per owned shard assigned to it through Helix. Subscriptions are
//     the conduit's (app token) and outlive any instance. Twitch sends a notification to whichever shard it chooses,
//     so one for a channel another instance ingests arrives here too: it is written from here (`unclaimed`), and the
//     archive keeps each message id once, so it is stored exactly once whoever received it.
// The same conduit carries the live watch's stream events (server/connections/twitch-push.ts: stream.online,
// stream.offline, channel.update of the channels in delivery): those notifications and their revocations go to the one
// `onPush` handler, never to a chat source. Where chat does not run on a conduit (one instance over WebSocket, IRC), a
// manager of its own serves them: `conduitName` 'verify', no bot (`botRefreshToken` null), no chat channel; its member
// and creation leases are its own, so it shares nothing with the chat's.
// Every Helix call goes through the platform-limits governor (priority chat, purpose eventsub). A revocation
// (authorization_revoked, user_removed, version_removed; user.authorization.revoke for a creator) ends that channel's
// reading: its source shows the problem, nothing is retried until the creator connects again.
import WebSocket from 'ws';
import type { Kysely } from 'kysely';
import type { Config, OAuthClient } from '../config.ts';
import type { Database } from '../db/types.ts';
import type { BudgetPurpose } from '../../contract/budgets.ts';
import type { Governor, Priority } from '../connections/governor.ts';
import type { Locks, Lease } from '../cluster/locks.ts';
import type { Logger } from '../log.ts';
import type { SelfFetch } from '../http/self-fetch.ts';
import { createProvider } from '../connections/providers.ts';
import type { AccountChange, AccountRow, Connections } from '../connections/store.ts';

/** Twitch's limits (https://dev.twitch.tv/docs/eventsub/handling-websocket-events/#subscription-limits). */
export const MAX_SUBSCRIPTIONS_PER_CONNECTION = 300;
export const MAX_CONNECTIONS_PER_TOKEN = 3;

/**
 * What a channel subscribes to over WebSocket: its messages, its notices (subs, raids), a message deleted and a
 * chatter's messages cleared (a timeout or ban). Four a channel keep 200 channels within one instance's 900
 * subscriptions; channel.chat.clear (the whole chat cleared, rare) is left to the conduit, which has no such limit.
 */
export const WEBSOCKET_TYPES = [
  'channel.chat.message',
  'channel.chat.notification',
  'channel.chat.message_delete',
  'channel.chat.clear_user_messages',
] as const;
export const CONDUIT_TYPES = [...WEBSOCKET_TYPES, 'channel.chat.clear'] as const;
/**
 * The live watch's types (server/connections/twitch-push.ts), with their versions: the stream went live, went offline,
 * its title changed (https://dev.twitch.tv/docs/eventsub/eventsub-subscription-types/: channel.update is version 2).
 * None needs a scope; each costs 0 for a broadcaster who authorized Castbridge's client.
 */
export const PUSH_TYPES = { 'stream.online': '1', 'stream.offline': '1', 'channel.update': '2' } as const;
export type PushType = keyof typeof PUSH_TYPES;
export const isPushType = (type: string): type is PushType => Object.hasOwn(PUSH_TYPES, type);

/** What the live watch is told of its subscriptions' notifications (conduit). */
export interface PushListener {
  notification(broadcasterId: string, notification: EventSubNotification): void;
  /** Twitch revoked one of them (authorization_revoked, user_removed, version_removed): the channel is polled. */
  revoked(broadcasterId: string, type: string, reason: string): void;
}

/** Channels one instance reads over WebSocket (3 connections of 300 subscriptions, 4 a channel: 225). */
export const websocketCapacity = () =>
  Math.floor(MAX_SUBSCRIPTIONS_PER_CONNECTION / WEBSOCKET_TYPES.length) * MAX_CONNECTIONS_PER_TOKEN;

/** How long a new connection may take to say welcome. */
const WELCOME_MS = 10_000;
/** Reconnect backoff after a lost connection: 1 s doubling to 30 s. */
const BACKOFF_MS = [1000, 2000, 4000, 8000, 16_000, 30_000];
const HELIX_TIMEOUT_MS = 10_000;
/** Notifications Twitch may send twice (it says so): the last this many message ids are remembered per instance. */
const SEEN_IDS = 20_000;
/** How often the conduit's shards are shared out and their leases renewed. */
export const SHARD_TICK_MS = 5_000;
/** At most this many instances are counted for the shards' fair share (a member lease each). */
const MAX_MEMBERS = 32;

/** A notification's parts the archive reads. */
export interface EventSubNotification {
  type: string;
  messageId: string;
  /** metadata.message_timestamp as epoch ms (NaN when unreadable). */
  at: number;
  event: Record<string, unknown>;
}

/** What the manager tells a channel's source. */
export interface ChannelListener {
  notification(notification: EventSubNotification): void;
  /** The channel's subscriptions are enabled: messages come from now on. */
  connected(): void;
  /** The connection carrying them is lost: a gap until connected() again. */
  disconnected(reason: string): void;
  /** Twitch revoked a subscription (or the creator their grant): reading ends until the creator connects again. */
  revoked(reason: string): void;
  /** EventSub cannot take the channel (limits, a refusal): the source reads it another way (IRC). */
  unavailable(reason: string): void;
  /** Reading works again after a problem, or a passing problem to show (null clears it). */
  problem(message: string | null): void;
}

export interface EventSubStats {
  transport: 'websocket' | 'conduit';
  /** Open WebSocket connections and the enabled subscriptions each holds (websocket), or the shards owned (conduit). */
  connections: { sessionId: string | null; subscriptions: number; channels: number; shard?: number }[];
  channels: number;
  /** Channels EventSub could not take (read over IRC instead). */
  unavailable: number;
  notifications: number;
  /** Notifications for channels another instance ingests, written from here. */
  unclaimed: number;
  duplicates: number;
}

export interface EventSubManager {
  readonly transport: 'websocket' | 'conduit';
  start(): Promise<void>;
  /** The conduit's id once it is known (conduit transport), else null. */
  conduitId(): string | null;
  /**
   * A Helix call with the conduit's app token (again once after a 401), through the governor under `priority` and
   * `purpose` (default chat / eventsub): the live watch manages its subscriptions with it.
   */
  helix(
    method: string,
    path: string,
    options?: { body?: unknown; query?: Record<string, string>; priority?: Priority; purpose?: BudgetPurpose },
  ): Promise<{ status: number; body: Record<string, unknown>; headers: Headers }>;
  /** Where the notifications and revocations of PUSH_TYPES go (conduit). */
  onPush(listener: PushListener | null): void;
  add(channel: { broadcasterId: string; login: string }, listener: ChannelListener): void;
  /** Stops reading the channel here; its conduit subscriptions stay while it is still archived (another instance). */
  remove(broadcasterId: string): Promise<void>;
  stats(): EventSubStats;
  close(): Promise<void>;
}

interface EventSubMessage {
  metadata?: {
    message_id?: string;
    message_type?: string;
    message_timestamp?: string;
    subscription_type?: string;
  };
  payload?: {
    session?: {
      id?: string;
      status?: string;
      keepalive_timeout_seconds?: number | null;
      reconnect_url?: string | null;
    };
    subscription?: {
      id?: string;
      type?: string;
      status?: string;
      condition?: Record<string, string>;
    };
    event?: Record<string, unknown>;
  };
}

/** One WebSocket connection: welcome, keepalive watchdog, and its messages. */
interface Socket {
  readonly url: string;
  sessionId: string | null;
  close(): void;
}

function openSocket(
  url: string,
  logger: Logger,
  on: {
    welcome(sessionId: string): void;
    message(message: EventSubMessage): void;
    reconnect(url: string): void;
    closed(reason: string): void;
  },
): Socket {
  let watchdog: NodeJS.Timeout | null = null;
  let keepaliveMs = WELCOME_MS;
  let done = false;
  const ws = new WebSocket(url);
  const socket: Socket = {
    url,
    sessionId: null,
    close() {
      finish(null);
      ws.removeAllListeners('close');
      ws.on('error', () => {});
      if (ws.readyState === WebSocket.OPEN) ws.close(1000);
      else ws.terminate();
    },
  };
  const finish = (reason: string | null) => {
    if (watchdog) clearTimeout(watchdog);
    watchdog = null;
    if (done) return;
    done = true;
    if (reason !== null) on.closed(reason);
  };
  // Twitch sends a keepalive when nothing else was sent for keepalive_timeout_seconds: silence longer than that is
  // a dead connection (a little grace for the network). One timer, looking at the last message's time when it fires
  // (not one timer per message: a busy connection brings thousands a second).
  let lastAt = Date.now();
  const limit = () => keepaliveMs + (socket.sessionId ? 1000 : 0);
  const watch = (delay: number) => {
    watchdog = setTimeout(() => {
      if (done) return;
      const silent = Date.now() - lastAt;
      if (silent < limit()) {
        watch(limit() - silent);
        return;
      }
      finish(socket.sessionId ? 'no keepalive' : 'no welcome');
      ws.removeAllListeners('close');
      ws.on('error', () => {});
      ws.terminate();
    }, delay);
    watchdog.unref();
  };
  const arm = () => {
    lastAt = Date.now();
  };
  watch(limit());
  ws.on('message', (data) => {
    let message: EventSubMessage;
    try {
      message = JSON.parse(String(data)) as EventSubMessage;
    } catch {
      logger.warn('eventsub: an unreadable message was ignored', { url });
      return;
    }
    const type = message.metadata?.message_type;
    if (type === 'session_welcome') {
      const session = message.payload?.session;
      if (!session?.id) return;
      socket.sessionId = session.id;
      keepaliveMs = Math.max(1, Number(session.keepalive_timeout_seconds) || 10) * 1000;
      arm();
      if (watchdog) clearTimeout(watchdog);
      watch(limit());
      on.welcome(session.id);
      return;
    }
    arm();
    if (type === 'session_reconnect') {
      const next = message.payload?.session?.reconnect_url;
      if (next) on.reconnect(next);
      return;
    }
    if (type === 'session_keepalive') return;
    on.message(message);
  });
  ws.on('close', (code, reason) => finish(`closed ${code}${reason.length ? ` ${String(reason)}` : ''}`));
  ws.on('error', (error) => {
    finish(`error ${error.message}`);
    ws.terminate();
  });
  return socket;
}

interface Channel {
  broadcasterId: string;
  login: string;
  listener: ChannelListener;
  /** The connection carrying its subscriptions (websocket), or null. */
  conn: Conn | null;
  /** Subscription ids by type, as Helix created them. */
  subs: Map<string, string>;
  state: 'waiting' | 'subscribing' | 'enabled' | 'revoked' | 'unavailable';
  /** Why Twitch revoked it (authorization_revoked, user_removed, version_removed). */
  revokedBy: string | null;
  connected: boolean;
}

interface Conn {
  socket: Socket | null;
  /** The connection Twitch asked us to move to, until its welcome. */
  moving: Socket | null;
  sessionId: string | null;
  channels: Set<Channel>;
  attempt: number;
  timer: NodeJS.Timeout | null;
  /** Conduit: the shard this connection serves and its lease. */
  shard?: { id: number; lease: Lease };
}

export class HelixRefused extends Error {
  override name = 'HelixRefused';
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

export function createEventSubManager(deps: {
  config: Pick<Config, 'twitchChat'> & { oauth: { twitch: OAuthClient | null } };
  /** The bot's refresh token (TWITCH_BOT_REFRESH_TOKEN, or the stand-in's); null: no chat, only the live watch's events. */
  botRefreshToken: string | null;
  /** The conduit's name in eventsub_conduits (default 'chat'); its leases are named after it. */
  conduitName?: string;
  /** The EventSub WebSocket URL (Twitch's, or the stand-in's). */
  url: string;
  transport: 'websocket' | 'conduit';
  governor: Governor;
  selfFetch: SelfFetch;
  connections: Connections;
  db: Kysely<Database>;
  locks: Locks;
  logger: Logger;
  /** A notification for a channel this instance does not ingest (conduit): written from here. */
  unclaimed?: (broadcasterId: string, notification: EventSubNotification) => void;
  /** A revocation for a channel this instance does not ingest (conduit). */
  unclaimedRevocation?: (broadcasterId: string, reason: string) => void;
  shardTickMs?: number;
}): EventSubManager {
  const { logger, governor, selfFetch, transport } = deps;
  const client = deps.config.oauth.twitch;
  if (!client) throw new Error('EventSub needs a Twitch client (TWITCH_CLIENT_ID and TWITCH_CLIENT_SECRET)');
  const provider = createProvider('twitch', client, {
    browser: (base) => base,
    server: selfFetch.resolve,
    fetcher: selfFetch.fetch,
  });
  const types: readonly string[] = transport === 'websocket' ? WEBSOCKET_TYPES : CONDUIT_TYPES;
  const perConnection = Math.floor(MAX_SUBSCRIPTIONS_PER_CONNECTION / types.length);
  const channels = new Map<string, Channel>();
  const conns: Conn[] = [];
  const counts = { notifications: 0, unclaimed: 0, duplicates: 0 };
  let closed = false;
  let pushListener: PushListener | null = null;
  let seen = new Set<string>();
  let seenBefore = new Set<string>();

  // ------------------------------------------------------------------------------------------ tokens and Helix

  let bot: { token: string; expiresAt: number; id: string; refresh: string } | null = null;
  let botPending: Promise<{ token: string; id: string }> | null = null;
  /** The bot's user token (refreshed like a creator's: a few minutes before it expires, or when refused). */
  function botToken(force = false): Promise<{ token: string; id: string }> {
    if (!force && bot && bot.expiresAt - 5 * 60_000 > Date.now()) return Promise.resolve(bot);
    botPending ??= (async () => {
      // Twitch hands out a new refresh token with each refresh; the configured one is the fallback after a restart.
      const tried = [bot?.refresh, deps.botRefreshToken].filter(
        (t, i, all): t is string => !!t && all.indexOf(t) === i,
      );
      let lastError: unknown = null;
      for (const refresh of tried) {
        try {
          const next = await provider.refresh(refresh);
          const id = bot?.id ?? (await botIdentity(next.accessToken));
          bot = {
            token: next.accessToken,
            expiresAt: Date.now() + next.expiresInSeconds * 1000,
            id,
            refresh: next.refreshToken ?? refresh,
          };
          return bot;
        } catch (error) {
          lastError = error;
        }
      }
      throw lastError instanceof Error ? lastError : new Error('the bot token could not be refreshed');
    })().finally(() => {
      botPending = null;
    });
    return botPending;
  }

  /** Whose the bot's token is (Helix GET /users, once). */
  async function botIdentity(token: string): Promise<string> {
    const answer = await call('GET', '/helix/users', { token, credential: 'user:castbridge-bot' });
    const id = (answer.body.data as { id?: string }[] | undefined)?.[0]?.id;
    if (answer.status !== 200 || !id) throw new Error(`Twitch did not say whose the bot's token is (${answer.status})`);
    return id;
  }

  let app: { token: string; expiresAt: number } | null = null;
  async function appToken(force = false): Promise<string> {
    if (!force && app && app.expiresAt - 5 * 60_000 > Date.now()) return app.token;
    const response = await selfFetch.fetch(`${selfFetch.resolve(client!.tokenBase)}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        client_id: client!.clientId,
        client_secret: client!.clientSecret,
        grant_type: 'client_credentials',
      }).toString(),
      signal: AbortSignal.timeout(HELIX_TIMEOUT_MS),
    });
    const body = (await response.json().catch(() => ({}))) as { access_token?: string; expires_in?: number };
    if (response.status !== 200 || !body.access_token)
      throw new HelixRefused(`Twitch refused Castbridge's app access token (${response.status})`, response.status);
    app = { token: body.access_token, expiresAt: Date.now() + (body.expires_in ?? 3600) * 1000 };
    return app.token;
  }

  async function call(
    method: string,
    path: string,
    options: {
      token: string;
      credential: string;
      body?: unknown;
      query?: Record<string, string>;
      priority?: Priority;
      purpose?: BudgetPurpose;
    },
  ): Promise<{ status: number; body: Record<string, unknown>; headers: Headers }> {
    const url = `${selfFetch.resolve(client!.apiBase)}${path}${options.query ? `?${new URLSearchParams(options.query)}` : ''}`;
    const fetcher = governor.fetch(
      {
        provider: 'twitch',
        credential: options.credential,
        priority: options.priority ?? 'chat',
        purpose: options.purpose ?? 'eventsub',
      },
      selfFetch.fetch,
    );
    const response = await fetcher(url, {
      method,
      headers: {
        authorization: `Bearer ${options.token}`,
        'client-id': client!.clientId,
        accept: 'application/json',
        ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
      signal: AbortSignal.timeout(HELIX_TIMEOUT_MS),
    });
    const text = await response.text();
    let body: Record<string, unknown> = {};
    try {
      body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    } catch {
      body = { message: text.slice(0, 200) };
    }
    return { status: response.status, body, headers: response.headers };
  }

  /** A Helix call with the transport's token (the bot's user token, or the app's), again once after a 401. */
  async function helix(
    method: string,
    path: string,
    options: { body?: unknown; query?: Record<string, string>; priority?: Priority; purpose?: BudgetPurpose } = {},
  ) {
    const send = async (force: boolean) => {
      if (transport === 'websocket') {
        const { token, id } = await botToken(force);
        return call(method, path, { ...options, token, credential: `user:${id}` });
      }
      return call(method, path, { ...options, token: await appToken(force), credential: 'app' });
    };
    const answer = await send(false);
    return answer.status === 401 ? send(true) : answer;
  }

  // ------------------------------------------------------------------------------------------ subscriptions

  const condition = (broadcasterId: string, type: string, botId: string) =>
    type === 'channel.chat.message' ||
    type === 'channel.chat.notification' ||
    type === 'channel.chat.message_delete' ||
    type === 'channel.chat.clear_user_messages' ||
    type === 'channel.chat.clear'
      ? { broadcaster_user_id: broadcasterId, user_id: botId }
      : { broadcaster_user_id: broadcasterId };

  let conduitId: string | null = null;

  /** Creates the channel's subscriptions (on its connection's session, or the conduit); answers whether it worked. */
  async function subscribe(channel: Channel): Promise<void> {
    if (channel.state === 'revoked' || channel.state === 'unavailable' || closed) return;
    const sessionId = channel.conn?.sessionId ?? null;
    if (transport === 'websocket' && !sessionId) return;
    if (transport === 'conduit' && !conduitId) return;
    channel.state = 'subscribing';
    const botId = (await botToken()).id;
    for (const type of types) {
      if (channel.subs.has(type)) continue;
      const answer = await helix('POST', '/helix/eventsub/subscriptions', {
        body: {
          type,
          version: '1',
          condition: condition(channel.broadcasterId, type, botId),
          transport:
            transport === 'websocket'
              ? { method: 'websocket', session_id: sessionId }
              : { method: 'conduit', conduit_id: conduitId },
        },
      });
      // Removed meanwhile, or (websocket) the connection was lost: its next welcome subscribes again.
      if (channels.get(channel.broadcasterId) !== channel || channel.state !== 'subscribing') return;
      if (transport === 'websocket' && channel.conn?.sessionId !== sessionId) return;
      const id = (answer.body.data as { id?: string }[] | undefined)?.[0]?.id;
      if (answer.status === 202 && id) {
        channel.subs.set(type, id);
        continue;
      }
      // Already there (a conduit subscription made by the instance that ingested the channel before).
      if (answer.status === 409) {
        channel.subs.set(type, '');
        continue;
      }
      const message = String(answer.body.message ?? answer.status);
      // Helix's bucket empty (another user of the token, or a clock apart): tried again after its reset, as a
      // passing failure; a 429 about subscriptions or connections is a limit, below.
      if (answer.status === 429 && answer.headers.get('ratelimit-remaining') === '0') {
        channel.state = 'waiting';
        throw new Error('Twitch’s rate limit (429): trying again after its reset');
      }
      if (answer.status === 400 && transport === 'websocket' && /session/i.test(message)) {
        // The session is gone (closed between its welcome and now): its close reconnects.
        channel.state = 'waiting';
        return;
      }
      // Refused for this channel (the bot banned, a grant missing) or the limits reached: the channel is read
      // another way; the subscriptions made so far go.
      await unsubscribe(channel);
      channel.state = 'unavailable';
      detach(channel);
      logger.warn('eventsub: Twitch refused a chat subscription; the channel is read over IRC', {
        channel: channel.login,
        type,
        status: answer.status,
        message,
      });
      channel.listener.unavailable(`Twitch refused ${type} (${answer.status} ${message})`);
      return;
    }
    channel.state = 'enabled';
    if (!channel.connected) {
      channel.connected = true;
      channel.listener.problem(null);
      channel.listener.connected();
    }
  }

  async function unsubscribe(channel: Channel) {
    const ids = [...channel.subs.values()];
    channel.subs.clear();
    // A subscription created by another instance (409) is found by its condition.
    if (ids.includes('') && transport === 'conduit') {
      const found = await helix('GET', '/helix/eventsub/subscriptions', {
        query: { user_id: channel.broadcasterId },
      }).catch(() => null);
      for (const sub of (found?.body.data ?? []) as {
        id: string;
        type: string;
        condition?: Record<string, string>;
        transport?: { conduit_id?: string };
      }[])
        if (
          types.includes(sub.type) &&
          sub.condition?.broadcaster_user_id === channel.broadcasterId &&
          sub.transport?.conduit_id === conduitId
        )
          ids.push(sub.id);
    }
    for (const id of ids.filter(Boolean)) {
      await helix('DELETE', '/helix/eventsub/subscriptions', { query: { id } }).catch((error: unknown) =>
        logger.warn('eventsub: deleting a subscription failed', { error: (error as Error).message }),
      );
    }
  }

  function runSubscribe(channel: Channel) {
    subscribe(channel).catch((error: unknown) => {
      // Budget or network: tried again shortly (the channel stays disconnected meanwhile).
      if (channels.get(channel.broadcasterId) !== channel || closed) return;
      channel.state = 'waiting';
      logger.warn('eventsub: subscribing a channel failed; trying again in 10 s', {
        channel: channel.login,
        error: (error as Error).message,
      });
      channel.listener.problem(`Twitch chat could not be subscribed to yet: ${(error as Error).message}`);
      setTimeout(() => {
        if (channels.get(channel.broadcasterId) === channel && channel.state === 'waiting') runSubscribe(channel);
      }, 10_000).unref();
    });
  }

  /** Subscribes channels a few at a time (a connection of 75 channels is 300 calls). */
  async function subscribeAll(list: Channel[]) {
    const queue = [...list];
    await Promise.all(
      Array.from({ length: Math.min(8, queue.length) }, async () => {
        for (let channel = queue.shift(); channel; channel = queue.shift())
          await subscribe(channel).catch((error: unknown) => {
            channel!.state = 'waiting';
            logger.warn('eventsub: subscribing a channel failed; trying again in 10 s', {
              channel: channel!.login,
              error: (error as Error).message,
            });
            const retry = channel!;
            setTimeout(() => {
              if (channels.get(retry.broadcasterId) === retry && retry.state === 'waiting') runSubscribe(retry);
            }, 10_000).unref();
          });
      }),
    );
  }

  // ------------------------------------------------------------------------------------------ notifications

  function dispatch(message: EventSubMessage) {
    const type = message.metadata?.message_type;
    const sub = message.payload?.subscription;
    const broadcasterId = sub?.condition?.broadcaster_user_id ?? null;
    const subType = sub?.type ?? message.metadata?.subscription_type ?? '';
    // The live watch's own: never a chat source's (a revocation of one ends no chat reading).
    if (type === 'revocation' && isPushType(subType)) {
      if (broadcasterId) pushListener?.revoked(broadcasterId, subType, sub?.status ?? 'revoked');
      return;
    }
    if (type === 'notification') {
      const messageId = message.metadata?.message_id ?? '';
      if (messageId) {
        if (seen.has(messageId) || seenBefore.has(messageId)) {
          counts.duplicates += 1;
          return;
        }
        seen.add(messageId);
        if (seen.size >= SEEN_IDS) {
          seenBefore = seen;
          seen = new Set();
        }
      }
      counts.notifications += 1;
      const notification: EventSubNotification = {
        type: sub?.type ?? message.metadata?.subscription_type ?? '',
        messageId,
        at: Date.parse(message.metadata?.message_timestamp ?? ''),
        event: message.payload?.event ?? {},
      };
      if (notification.type === 'user.authorization.revoke') {
        void creatorRevoked(String(notification.event.user_id ?? ''));
        return;
      }
      if (isPushType(notification.type)) {
        if (broadcasterId) pushListener?.notification(broadcasterId, notification);
        return;
      }
      if (!broadcasterId) return;
      const channel = channels.get(broadcasterId);
      if (channel && channel.state !== 'revoked') channel.listener.notification(notification);
      else if (!channel && transport === 'conduit') {
        counts.unclaimed += 1;
        deps.unclaimed?.(broadcasterId, notification);
      }
      return;
    }
    if (type === 'revocation' && broadcasterId) {
      const reason = sub?.status ?? 'revoked';
      const channel = channels.get(broadcasterId);
      if (channel) revoke(channel, reason);
      else if (transport === 'conduit') deps.unclaimedRevocation?.(broadcasterId, reason);
    }
  }

  function revoke(channel: Channel, reason: string) {
    if (channel.state === 'revoked') return;
    logger.warn('eventsub: Twitch revoked a chat subscription; reading the channel ends', {
      channel: channel.login,
      reason,
    });
    channel.state = 'revoked';
    channel.revokedBy = reason;
    const wasConnected = channel.connected;
    channel.connected = false;
    // The channel's other subscriptions go too (Twitch revokes them one by one; nothing is asked again).
    void unsubscribe(channel).catch(() => {});
    detach(channel);
    if (wasConnected) channel.listener.disconnected(`revoked: ${reason}`);
    channel.listener.revoked(reason);
  }

  /** A creator revoked Castbridge (conduit: user.authorization.revoke): their account says "reconnect". */
  async function creatorRevoked(userId: string) {
    // The bot's own grant taken back: each chat subscription is revoked on its own (revocation messages).
    if (!userId || userId === bot?.id) return;
    const channel = channels.get(userId);
    if (channel) revoke(channel, 'authorization_revoked');
    const rows = await deps.db
      .selectFrom('connected_accounts')
      .selectAll()
      .where('platform', '=', 'twitch')
      .where('platform_user_id', '=', userId)
      .execute()
      .catch(() => [] as AccountRow[]);
    for (const row of rows) await deps.connections.markReconnect(row).catch(() => {});
  }

  // ------------------------------------------------------------------------------------------ websocket connections

  function detach(channel: Channel) {
    const conn = channel.conn;
    channel.conn = null;
    if (!conn) return;
    conn.channels.delete(channel);
    // An empty connection is closed (Twitch closes one without subscriptions anyway).
    if (conn.channels.size === 0 && !conn.shard) {
      dropConn(conn);
    }
  }

  function dropConn(conn: Conn) {
    if (conn.timer) clearTimeout(conn.timer);
    conn.socket?.close();
    conn.moving?.close();
    conn.socket = null;
    conn.moving = null;
    const at = conns.indexOf(conn);
    if (at >= 0) conns.splice(at, 1);
  }

  function connect(conn: Conn, url = deps.url) {
    if (closed) return;
    conn.socket = openSocket(url, logger, {
      welcome: (sessionId) => {
        conn.sessionId = sessionId;
        conn.attempt = 0;
        void welcomed(conn);
      },
      message: dispatch,
      reconnect: (next) => move(conn, next),
      closed: (reason) => lost(conn, reason),
    });
  }

  /** A fresh session: its subscriptions are made (websocket) or its shard assigned (conduit). */
  async function welcomed(conn: Conn) {
    if (conn.shard) {
      await assignShard(conn).catch((error: unknown) => {
        logger.warn('eventsub: assigning a conduit shard failed; connecting it again', {
          shard: conn.shard?.id,
          error: (error as Error).message,
        });
        conn.socket?.close();
        lost(conn, 'shard not assigned');
      });
      return;
    }
    await subscribeAll([...conn.channels]);
  }

  /** session_reconnect: the new connection keeps the session and its subscriptions; the old one closes after. */
  function move(conn: Conn, url: string) {
    conn.moving?.close();
    const old = conn.socket;
    const moving = openSocket(url, logger, {
      welcome: () => {
        if (conn.moving !== moving) return;
        conn.moving = null;
        conn.socket = moving;
        old?.close();
      },
      message: dispatch,
      reconnect: (next) => move(conn, next),
      closed: (reason) => {
        if (conn.moving === moving) {
          // The move failed before its welcome: the old connection is still there until Twitch closes it.
          conn.moving = null;
          logger.warn('eventsub: moving to the reconnect URL failed', { reason });
        } else if (conn.socket === moving) lost(conn, reason);
      },
    });
    conn.moving = moving;
  }

  function lost(conn: Conn, reason: string) {
    if (closed || !conns.includes(conn)) return;
    // The old connection of a move closing (4004 or our own close) is not a loss.
    if (conn.moving) {
      const moving = conn.moving;
      conn.moving = null;
      conn.socket = moving;
      return;
    }
    conn.socket = null;
    conn.sessionId = null;
    logger.warn('eventsub: connection lost; reconnecting', { reason, shard: conn.shard?.id });
    // Its websocket subscriptions are gone with it: a gap for each channel until they are made again.
    for (const channel of conn.channels) {
      channel.subs.clear();
      if (channel.state === 'enabled' || channel.state === 'subscribing') channel.state = 'waiting';
      if (channel.connected) {
        channel.connected = false;
        channel.listener.disconnected(reason);
      }
    }
    const delay = BACKOFF_MS[Math.min(conn.attempt, BACKOFF_MS.length - 1)]!;
    conn.attempt += 1;
    conn.timer = setTimeout(() => {
      conn.timer = null;
      if (conn.channels.size > 0 || conn.shard) connect(conn);
      else dropConn(conn);
    }, delay);
    conn.timer.unref();
  }

  /** The connection with room for a channel, opened if needed; null at the limits. */
  function room(): Conn | null {
    const open = conns.find((conn) => conn.channels.size < perConnection);
    if (open) return open;
    if (conns.length >= MAX_CONNECTIONS_PER_TOKEN) return null;
    const conn: Conn = { socket: null, moving: null, sessionId: null, channels: new Set(), attempt: 0, timer: null };
    conns.push(conn);
    connect(conn);
    return conn;
  }

  // ------------------------------------------------------------------------------------------ conduit and shards

  const CONDUIT_NAME = deps.conduitName ?? 'chat';
  // The chat's leases keep their names; another conduit's are its own.
  const leasePrefix = CONDUIT_NAME === 'chat' ? 'eventsub:' : `eventsub:${CONDUIT_NAME}:`;
  const shardConns = new Map<number, Conn>();
  let memberLease: Lease | null = null;
  let shardTimer: NodeJS.Timeout | null = null;
  let ticking: Promise<void> | null = null;

  async function ensureConduit(): Promise<string> {
    const wanted = deps.config.twitchChat.conduitShards;
    const row = await deps.db
      .selectFrom('eventsub_conduits')
      .selectAll()
      .where('name', '=', CONDUIT_NAME)
      .executeTakeFirst();
    const listed = await helix('GET', '/helix/eventsub/conduits');
    if (listed.status !== 200) throw new Error(`Twitch did not list the conduits (${listed.status})`);
    const known = (listed.body.data ?? []) as { id: string; shard_count: number }[];
    const found = row ? known.find((conduit) => conduit.id === row.conduit_id) : undefined;
    if (found) {
      if (Number(found.shard_count) !== wanted) {
        const patched = await helix('PATCH', '/helix/eventsub/conduits', {
          body: { id: found.id, shard_count: wanted },
        });
        if (patched.status === 200)
          await deps.db
            .updateTable('eventsub_conduits')
            .set({ shard_count: wanted })
            .where('name', '=', CONDUIT_NAME)
            .execute();
      }
      return found.id;
    }
    // One instance creates it; the others find it in the table.
    const lease = await deps.locks.acquire(`${leasePrefix}conduit`);
    if (!lease) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      return ensureConduit();
    }
    try {
      const again = await deps.db
        .selectFrom('eventsub_conduits')
        .selectAll()
        .where('name', '=', CONDUIT_NAME)
        .executeTakeFirst();
      if (again && again.conduit_id !== row?.conduit_id) return again.conduit_id;
      const created = await helix('POST', '/helix/eventsub/conduits', { body: { shard_count: wanted } });
      const id = (created.body.data as { id?: string }[] | undefined)?.[0]?.id;
      if (created.status !== 200 || !id)
        throw new Error(`Twitch did not create the conduit (${created.status} ${String(created.body.message ?? '')})`);
      await deps.db.deleteFrom('eventsub_conduits').where('name', '=', CONDUIT_NAME).execute();
      await deps.db
        .insertInto('eventsub_conduits')
        .values({ name: CONDUIT_NAME, conduit_id: id, shard_count: wanted, created_at: Date.now() })
        .execute();
      logger.info('eventsub: created the conduit', { conduit: id, shards: wanted });
      return id;
    } finally {
      await lease.release();
    }
  }

  async function assignShard(conn: Conn) {
    const answer = await helix('PATCH', '/helix/eventsub/conduits/shards', {
      body: {
        conduit_id: conduitId,
        shards: [{ id: String(conn.shard!.id), transport: { method: 'websocket', session_id: conn.sessionId } }],
      },
    });
    const errors = (answer.body.errors ?? []) as { id?: string; message?: string }[];
    if (answer.status !== 202 || errors.length > 0)
      throw new Error(`Twitch did not assign shard ${conn.shard!.id} (${answer.status} ${errors[0]?.message ?? ''})`);
  }

  /** How many instances take part (their member leases): each takes its fair share of the shards. */
  async function members(): Promise<number> {
    if (deps.locks.kind === 'memory') return 1;
    let count = 1;
    for (let slot = 0; slot < MAX_MEMBERS; slot += 1) {
      const name = `${leasePrefix}member:${slot}`;
      if (memberLease?.name === name) continue;
      const probe = await deps.locks.acquire(name);
      if (!probe) {
        count += 1;
        continue;
      }
      if (!memberLease) memberLease = probe;
      else await probe.release();
    }
    return count;
  }

  async function tick() {
    if (closed || !conduitId) return;
    const shards = deps.config.twitchChat.conduitShards;
    // Leases renewed: a lost one's connection closes (another instance serves the shard now).
    for (const [id, conn] of [...shardConns]) {
      if (await conn.shard!.lease.renew()) continue;
      logger.warn('eventsub: lost a conduit shard; another instance takes it over', { shard: id });
      shardConns.delete(id);
      dropConn(conn);
    }
    if (memberLease && !(await memberLease.renew())) memberLease = null;
    // A creator's revocation may have reached another instance's shard: it marked the account "reconnect", read
    // here; and a creator who connected again through another instance is read again.
    const local = [...channels.values()];
    if (local.length > 0) {
      const rows = await deps.db
        .selectFrom('connected_accounts')
        .select(['platform_user_id', 'status'])
        .where('platform', '=', 'twitch')
        .where(
          'platform_user_id',
          'in',
          local.map((channel) => channel.broadcasterId),
        )
        .execute();
      for (const row of rows) {
        const channel = channels.get(row.platform_user_id);
        if (!channel) continue;
        if (row.status === 'reconnect' && channel.state !== 'revoked') revoke(channel, 'authorization_revoked');
        else if (
          row.status === 'connected' &&
          channel.state === 'revoked' &&
          channel.revokedBy === 'authorization_revoked'
        )
          resume(channel);
      }
    }
    const fair = Math.ceil(shards / (await members()));
    // Over the fair share (an instance joined): the last shards are handed back for it to take.
    for (const id of [...shardConns.keys()].sort((a, b) => b - a)) {
      if (shardConns.size <= fair) break;
      const conn = shardConns.get(id)!;
      shardConns.delete(id);
      dropConn(conn);
      await conn.shard!.lease.release();
      logger.info('eventsub: handed a conduit shard back to share them out', { shard: id });
    }
    for (let id = 0; id < shards && shardConns.size < fair && !closed; id += 1) {
      if (shardConns.has(id)) continue;
      const lease = await deps.locks.acquire(`eventsub:shard:${conduitId}:${id}`);
      if (!lease) continue;
      if (closed) {
        await lease.release();
        return;
      }
      const conn: Conn = {
        socket: null,
        moving: null,
        sessionId: null,
        channels: new Set(),
        attempt: 0,
        timer: null,
        shard: { id, lease },
      };
      shardConns.set(id, conn);
      conns.push(conn);
      connect(conn);
      logger.info('eventsub: serving a conduit shard', { shard: id });
    }
  }

  function scheduleTicks() {
    shardTimer = setInterval(() => {
      if (ticking || closed) return;
      ticking = tick()
        .catch((error: unknown) =>
          logger.warn('eventsub: sharing the shards failed', { error: (error as Error).message }),
        )
        .finally(() => {
          ticking = null;
        });
    }, deps.shardTickMs ?? SHARD_TICK_MS);
    shardTimer.unref();
  }

  function resume(channel: Channel) {
    channel.state = 'waiting';
    channel.revokedBy = null;
    channel.listener.problem(null);
    attach(channel);
  }

  // A creator connecting again after a revocation: their channel is read again.
  const unsubscribeChanges = deps.connections.onChange((change: AccountChange) => {
    if (change.platform !== 'twitch' || change.kind !== 'connected' || !change.account) return;
    const channel = channels.get(change.account.platform_user_id);
    if (channel?.state === 'revoked') resume(channel);
  });

  function attach(channel: Channel) {
    if (transport === 'conduit') {
      runSubscribe(channel);
      return;
    }
    const conn = room();
    if (!conn) {
      channel.state = 'unavailable';
      logger.warn('eventsub: every connection of the bot is full; the channel is read over IRC', {
        channel: channel.login,
        capacity: websocketCapacity(),
      });
      channel.listener.unavailable(
        `EventSub carries ${websocketCapacity()} channels per instance (${MAX_CONNECTIONS_PER_TOKEN} connections of ${MAX_SUBSCRIPTIONS_PER_CONNECTION} subscriptions)`,
      );
      return;
    }
    channel.conn = conn;
    conn.channels.add(channel);
    if (conn.sessionId) runSubscribe(channel);
  }

  return {
    transport,
    conduitId: () => conduitId,
    helix,
    onPush(listener) {
      pushListener = listener;
    },
    async start() {
      if (transport !== 'conduit') return;
      // Twitch unreachable at start is not fatal: tried again every 30 s (channels wait meanwhile).
      const init = async () => {
        conduitId = await ensureConduit();
        await tick();
        scheduleTicks();
        // A creator revoking Castbridge on Twitch (webhooks and conduits only): their channel's reading ends. (Not on a
        // conduit without chat: there is no reading to end.)
        if (deps.botRefreshToken === null) return;
        const revokes = await helix('POST', '/helix/eventsub/subscriptions', {
          body: {
            type: 'user.authorization.revoke',
            version: '1',
            condition: { client_id: client.clientId },
            transport: { method: 'conduit', conduit_id: conduitId },
          },
        });
        if (revokes.status !== 202 && revokes.status !== 409)
          logger.warn('eventsub: no user.authorization.revoke subscription', {
            status: revokes.status,
            message: revokes.body.message,
          });
        // Channels added before the conduit was known.
        for (const channel of channels.values()) if (channel.state === 'waiting') runSubscribe(channel);
      };
      const attempt = (): Promise<void> =>
        init().catch((error: unknown) => {
          logger.error('eventsub: the conduit is not ready; trying again in 30 s', { error: (error as Error).message });
          if (!closed) setTimeout(() => void attempt(), 30_000).unref();
        });
      await attempt();
    },
    add({ broadcasterId, login }, listener) {
      if (closed) return;
      const existing = channels.get(broadcasterId);
      if (existing) {
        // A second source for the same channel replaces the first (a restart of its ingester).
        existing.listener = listener;
        if (existing.connected) listener.connected();
        return;
      }
      const channel: Channel = {
        broadcasterId,
        login,
        listener,
        conn: null,
        subs: new Map(),
        state: 'waiting',
        revokedBy: null,
        connected: false,
      };
      channels.set(broadcasterId, channel);
      attach(channel);
    },
    async remove(broadcasterId) {
      const channel = channels.get(broadcasterId);
      if (!channel) return;
      channels.delete(broadcasterId);
      const conn = channel.conn;
      detach(channel);
      if (transport === 'websocket') {
        // Frees the room on the connection (a connection left empty closes: its subscriptions go with it).
        if (conn && conn.channels.size > 0 && channel.subs.size > 0) await unsubscribe(channel).catch(() => {});
        return;
      }
      // Conduit subscriptions serve whichever instance ingests the channel: they stay while it is archived.
      const archived = await deps.db
        .selectFrom('connected_accounts')
        .select('id')
        .where('platform', '=', 'twitch')
        .where('platform_user_id', '=', broadcasterId)
        .where('archiving', '=', 1)
        .executeTakeFirst()
        .catch(() => null);
      if (!archived && !closed) await unsubscribe(channel).catch(() => {});
    },
    stats() {
      return {
        transport,
        connections: conns
          .filter((conn) => conn.socket)
          .map((conn) => ({
            sessionId: conn.sessionId,
            subscriptions: [...conn.channels].reduce((sum, channel) => sum + channel.subs.size, 0),
            channels: conn.channels.size,
            ...(conn.shard ? { shard: conn.shard.id } : {}),
          })),
        channels: channels.size,
        unavailable: [...channels.values()].filter((channel) => channel.state === 'unavailable').length,
        ...counts,
      };
    },
    async close() {
      closed = true;
      unsubscribeChanges();
      if (shardTimer) clearInterval(shardTimer);
      await ticking;
      for (const conn of [...conns]) dropConn(conn);
      for (const conn of shardConns.values()) await conn.shard!.lease.release().catch(() => {});
      shardConns.clear();
      await memberLease?.release().catch(() => {});
      channels.clear();
    },
  };
}
