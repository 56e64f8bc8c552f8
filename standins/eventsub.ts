// A local stand-in for Twitch EventSub (docs/product.md §Chat archive): the WebSocket server wss://eventsub.wss.twitch.tv/ws
// as Twitch documents it (https://dev.twitch.tv/docs/eventsub/handling-websocket-events/) and the Helix endpoints
// that manage subscriptions and conduits (https://dev.twitch.tv/docs/eventsub/handling-conduit-events/), with
// Twitch's limits: 300 enabled subscriptions per WebSocket session, 3 WebSocket sessions per user token (client id +
// user), 5 conduits per client id, 10 as the total cost of a user token's WebSocket subscriptions.
//
// The WebSocket server listens on a port of its own (`startEventSubStandIn`); the Helix routes are served by the
// Twitch stand-in app (oauth.ts mounts them with `mountHelix`, which checks the token and charges its bucket first).
// Messages: session_welcome (the session id; keepalive_timeout_seconds from `?keepalive_timeout_seconds=`, 10–600),
// session_keepalive after that long without another message, notification, session_reconnect (a reconnect_url whose
// connection gets a welcome for the SAME session with its subscriptions; the old socket closes with 4004 when the
// client has not left it within 30 s), revocation. Close codes: 4001 when the client sends a message, 4003 when no
// subscription is made within 10 s of the welcome, 4007 for a reconnect_url that is not one.
//
// Chat comes from `chat` (a message, a notice, a clear, a delete, or a recorded IRC line): it goes to the IRC stand-in's
// clients (twitch-chat.ts) and, as Twitch's event payloads, to the EventSub subscribers of the channel. With `demo`,
// every channel someone subscribes to gets the synthetic session (synthetic-session.irc) as channel.chat.message and
// friends, as the IRC stand-in replays it to the channels joined (`npm start`).
//
// The stream's own events (published/twitch-helix.ts EVENTSUB_STREAM_TYPES): `stream(channel, live)` sends stream.online
// or stream.offline, `channelUpdate(channel, title)` channel.update (version 2); the Twitch stand-in (oauth.ts) sends
// them when the control page takes a channel live or offline or retitles it. Each needs no scope and costs 1 unless the
// broadcaster authorized the client.
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Context } from 'hono';
import { WebSocketServer, type WebSocket } from 'ws';
import type { Grant } from './state.ts';
import { freshen, SYNTHETIC_SESSION, type TwitchChatStandIn } from './twitch-chat.ts';
import { checkEventSubMessage } from './published/conformance.ts';
import { EVENTSUB_STREAM_TYPES } from './published/twitch-helix.ts';

/** The Twitch user id of a login: the same hash as oauth.ts standInChannelId and the IRC stand-in's room ids. */
export const twitchUserId = (login: string) =>
  String(
    100_000_000 + (parseInt(crypto.createHash('sha256').update(login).digest('hex').slice(0, 7), 16) % 800_000_000),
  );

/** The account Castbridge reads chat with under the stand-ins (its refresh token is honoured always, oauth.ts). */
export const STANDIN_BOT = {
  login: 'castbridge_bot',
  refreshToken: 'bot-refresh:twitch:castbridge_bot',
  scopes: ['user:read:chat', 'user:bot', 'user:write:chat'],
} as const;

export const EVENTSUB_LIMITS = {
  /** Enabled subscriptions per WebSocket session. */
  subscriptionsPerSession: 300,
  /** WebSocket sessions with subscriptions per user token (client id + user). */
  sessionsPerUser: 3,
  /** Conduits per client id. */
  conduitsPerClient: 5,
  shardsPerConduit: 20_000,
  /** max_total_cost of a user token's WebSocket subscriptions; of an app's (conduit) subscriptions. */
  websocketMaxTotalCost: 10,
  appMaxTotalCost: 10_000,
} as const;

/**
 * The subscription types the stand-in knows, with the condition fields each needs: chat and user.authorization.revoke
 * (version 1), and the stream's own events as Twitch publishes them (published/twitch-helix.ts EVENTSUB_STREAM_TYPES:
 * stream.online and stream.offline version 1, channel.update version 2).
 */
const TYPES: Record<string, string[]> = {
  'channel.chat.message': ['broadcaster_user_id', 'user_id'],
  'channel.chat.notification': ['broadcaster_user_id', 'user_id'],
  'channel.chat.clear': ['broadcaster_user_id', 'user_id'],
  'channel.chat.clear_user_messages': ['broadcaster_user_id', 'user_id'],
  'channel.chat.message_delete': ['broadcaster_user_id', 'user_id'],
  'user.authorization.revoke': ['client_id'],
  ...Object.fromEntries(Object.entries(EVENTSUB_STREAM_TYPES).map(([type, spec]) => [type, [...spec.condition]])),
};
/** Each type's version (1 where EVENTSUB_STREAM_TYPES says nothing else). */
const versionOf = (type: string) => EVENTSUB_STREAM_TYPES[type]?.version ?? '1';
const CHAT_TYPES = new Set(Object.keys(TYPES).filter((type) => type.startsWith('channel.chat.')));

export type Transport =
  | { method: 'websocket'; session_id: string; connected_at?: string; disconnected_at?: string }
  | { method: 'conduit'; conduit_id: string };

export interface Subscription {
  id: string;
  status: string;
  type: string;
  version: string;
  condition: Record<string, string>;
  created_at: string;
  transport: Transport;
  cost: number;
  /** Who made it: the user id of a user token, or 'app' for the app's token. */
  owner: string;
}

export interface Shard {
  id: string;
  status: string;
  sessionId: string | null;
  connectedAt: string | null;
  disconnectedAt: string | null;
}

export interface Conduit {
  id: string;
  shards: Shard[];
}

interface Session {
  id: string;
  socket: WebSocket | null;
  connectedAt: string;
  keepaliveSeconds: number;
  /** Closed: no socket any more; its subscriptions are disabled. */
  closed: boolean;
  /** The user whose token made its first subscription (the 3-per-user limit counts sessions so bound). */
  user: string | null;
  used: boolean;
  keepalive: NodeJS.Timeout | null;
  /** When the last message went out: the keepalive timer fires only after that long of silence. */
  lastSentAt: number;
  /** The socket is corked for the rest of this tick: messages sent meanwhile leave in one write, as on a network. */
  corked: boolean;
  unused: NodeJS.Timeout | null;
  /** The status its subscriptions take when it closes (why it closed). */
  closeStatus: string;
}

/** A chat message to send to a channel (stand-in API and control API). */
export interface ChatMessageInput {
  /** The chatter's login. */
  user: string;
  text: string;
  displayName?: string;
  color?: string;
  /** Badges as IRC writes them ("subscriber/12,moderator/1"). */
  badges?: string;
  bits?: number;
  /** The message id; random when not given. */
  id?: string;
}

export interface ChatNoticeInput {
  user: string;
  /** Twitch's USERNOTICE msg-id: sub, resub, subgift, raid, announcement… */
  kind: 'sub' | 'resub' | 'subgift' | 'raid' | 'announcement';
  text?: string;
  months?: number;
  viewers?: number;
  /** The gifted user's login (subgift). */
  recipient?: string;
}

export interface EventSubStandIn {
  port: number;
  /** ws://127.0.0.1:<port>/ws: where clients connect (Twitch's wss://eventsub.wss.twitch.tv/ws). */
  url: string;
  /** Chat in a channel (its login), to the IRC stand-in's clients and to the EventSub subscribers alike. */
  chat: {
    /** A chat message; answers its message id. */
    message(channel: string, message: ChatMessageInput): string;
    notice(channel: string, notice: ChatNoticeInput): void;
    /** A moderator cleared the whole chat. */
    clear(channel: string): void;
    /** A moderator timed out (`seconds`) or banned (no `seconds`) `user`: their messages are cleared. */
    clearUser(channel: string, user: string, seconds?: number): void;
    /** A moderator deleted one message of `user`. */
    deleteMessage(channel: string, messageId: string, user: string): void;
    /** A raw IRC line (tags and all; `{channel}` replaced, ids and times fresh) to both paths. */
    line(channel: string, line: string): void;
  };
  /** Sends a notification of `type` with `event` to the matching subscriptions (any type; condition matched on `match`). */
  notify(type: string, match: Record<string, string>, event: Record<string, unknown>): number;
  /** The channel went live or offline: stream.online / stream.offline. */
  stream(channel: string, live: boolean, streamId?: string, startedAt?: number): void;
  /** The channel's title (or category, language, labels) changed: channel.update (version 2). */
  channelUpdate(channel: string, title: string): void;
  /**
   * The user took back the authorization (the channel's grant was revoked): every subscription resting on it gets
   * `revocation` (authorization_revoked) and ends; user.authorization.revoke subscribers are notified.
   */
  revokeUser(login: string): void;
  /** Sends session_reconnect to every open session (or one); the old sockets close with 4004 if not left. */
  reconnect(sessionId?: string): void;
  /** Closes every socket abruptly (a lost network). */
  dropAll(): void;
  /** Open sessions' ids. */
  sessions(): string[];
  subscriptions(): Subscription[];
  conduits(): Conduit[];
  /** The Helix routes (mounted by the Twitch stand-in, oauth.ts). */
  mountHelix(mount: HelixMount): void;
  /** What happened, for tests: messages sent by type, refusals by reason, notifications with no shard to take them. */
  stats: {
    sent: Record<string, number>;
    closed: Record<number, number>;
    refused: Record<string, number>;
    dropped: number;
  };
  close(): Promise<void>;
}

export interface HelixMount {
  clientId: string;
  /**
   * Registers a Helix route at `/helix/<path>`: the caller checks Client-Id and the bearer token (401), charges the
   * token's bucket (429) and hands over the token's grant (channel '' for the app's own token).
   */
  route(
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    path: string,
    answer: (grant: Grant, c: Context) => Response | Promise<Response>,
  ): void;
  /** The scopes a user (login) has granted the client now, null when none. */
  scopes(login: string): string[] | null;
  /** The login of a user id the platform knows. */
  loginOf(id: string): string | undefined;
}

/** RFC 3339 with nanoseconds, as EventSub writes its times. */
const nanos = (ms = Date.now()) => new Date(ms).toISOString().replace(/Z$/, '000000Z');
const sessionId = () => crypto.randomBytes(20).toString('base64url');

/** IRC tag values unescaped (\s space, \: semicolon, \\ backslash). */
const unescapeTag = (value: string) =>
  value.replace(/\\(.)/g, (_, ch: string) => ({ s: ' ', ':': ';', '\\': '\\', r: '\r', n: '\n' })[ch] ?? ch);

interface IrcLine {
  tags: Record<string, string>;
  prefix: string;
  command: string;
  channel: string;
  trailing: string;
}

export function parseIrc(line: string): IrcLine | null {
  const match = /^(?:@(\S+) )?(?::(\S+) )?(\S+) #(\S+)(?: :(.*))?$/.exec(line);
  if (!match) return null;
  const tags: Record<string, string> = {};
  for (const pair of (match[1] ?? '').split(';').filter(Boolean)) {
    const at = pair.indexOf('=');
    tags[at < 0 ? pair : pair.slice(0, at)] = at < 0 ? '' : unescapeTag(pair.slice(at + 1));
  }
  return { tags, prefix: match[2] ?? '', command: match[3]!, channel: match[4]!, trailing: match[5] ?? '' };
}

/** Badges as EventSub lists them, from IRC's badges and badge-info tags. */
function badgesOf(tags: Record<string, string>) {
  const info = new Map(
    (tags['badge-info'] ?? '')
      .split(',')
      .filter(Boolean)
      .map((badge) => badge.split('/') as [string, string]),
  );
  return (tags.badges ?? '')
    .split(',')
    .filter(Boolean)
    .map((badge) => {
      const [setId, id] = badge.split('/');
      return { set_id: setId!, id: id ?? '', info: info.get(setId!) ?? '' };
    });
}

/** The message's fragments as EventSub splits them: text, emote (IRC's emotes tag), cheermote, mention. */
export function fragmentsOf(text: string, emotesTag = '', bits = 0) {
  const chars = Array.from(text);
  const emotes: { start: number; end: number; id: string }[] = [];
  for (const spec of emotesTag.split('/').filter(Boolean)) {
    const [id, ranges] = spec.split(':');
    for (const range of (ranges ?? '').split(',')) {
      const [start, end] = range.split('-').map(Number);
      if (Number.isInteger(start) && Number.isInteger(end)) emotes.push({ start: start!, end: end!, id: id! });
    }
  }
  emotes.sort((a, b) => a.start - b.start);
  type Fragment = {
    type: string;
    text: string;
    cheermote: { prefix: string; bits: number; tier: number } | null;
    emote: { id: string; emote_set_id: string; owner_id: string; format: string[] } | null;
    mention: { user_id: string; user_name: string; user_login: string } | null;
  };
  const fragments: Fragment[] = [];
  const plain = (value: string) => {
    // Words that are cheers (with bits) or mentions are fragments of their own; the rest joins text fragments.
    for (const piece of value.split(/(\s+)/)) {
      if (piece === '') continue;
      const cheer = bits > 0 ? /^([A-Za-z]+?)(\d+)$/.exec(piece) : null;
      const mention = /^@(\w{3,25})$/.exec(piece);
      if (cheer && /^cheer$/i.test(cheer[1]!)) {
        const amount = Number(cheer[2]);
        const tier =
          amount >= 10_000 ? 10_000 : amount >= 5000 ? 5000 : amount >= 1000 ? 1000 : amount >= 100 ? 100 : 1;
        fragments.push({
          type: 'cheermote',
          text: piece,
          cheermote: { prefix: cheer[1]!.toLowerCase(), bits: amount, tier },
          emote: null,
          mention: null,
        });
      } else if (mention) {
        const login = mention[1]!.toLowerCase();
        fragments.push({
          type: 'mention',
          text: piece,
          cheermote: null,
          emote: null,
          mention: { user_id: twitchUserId(login), user_name: mention[1]!, user_login: login },
        });
      } else {
        const last = fragments.at(-1);
        if (last && last.type === 'text') last.text += piece;
        else fragments.push({ type: 'text', text: piece, cheermote: null, emote: null, mention: null });
      }
    }
  };
  let at = 0;
  for (const emote of emotes) {
    if (emote.start < at || emote.end >= chars.length) continue;
    if (emote.start > at) plain(chars.slice(at, emote.start).join(''));
    fragments.push({
      type: 'emote',
      text: chars.slice(emote.start, emote.end + 1).join(''),
      cheermote: null,
      emote: { id: emote.id, emote_set_id: '0', owner_id: '0', format: ['static'] },
      mention: null,
    });
    at = emote.end + 1;
  }
  if (at < chars.length) plain(chars.slice(at).join(''));
  return fragments;
}

const NOTICE_TYPES: Record<string, string> = {
  sub: 'sub',
  resub: 'resub',
  subgift: 'sub_gift',
  submysterygift: 'community_sub_gift',
  giftpaidupgrade: 'gift_paid_upgrade',
  primepaidupgrade: 'prime_paid_upgrade',
  raid: 'raid',
  unraid: 'unraid',
  paybackgift: 'pay_it_forward',
  announcement: 'announcement',
  bitsbadgetier: 'bits_badge_tier',
  charitydonation: 'charity_donation',
};

/** Lines an IRC channel saw, as Twitch's EventSub events (type and event), or null for lines EventSub has none for. */
export function ircToEvent(
  line: string,
  lastMessageOf: (login: string) => string | undefined = () => undefined,
): { type: string; event: Record<string, unknown> } | null {
  const irc = parseIrc(line);
  if (!irc) return null;
  const { tags } = irc;
  const broadcasterLogin = irc.channel.toLowerCase();
  const broadcaster = {
    broadcaster_user_id: tags['room-id'] && tags['room-id'] !== '1' ? tags['room-id'] : twitchUserId(broadcasterLogin),
    broadcaster_user_login: broadcasterLogin,
    broadcaster_user_name: broadcasterLogin,
  };
  if (irc.command === 'PRIVMSG') {
    const login = irc.prefix.split('!')[0]!.toLowerCase();
    const bits = Number(tags.bits ?? 0) || 0;
    return {
      type: 'channel.chat.message',
      event: {
        ...broadcaster,
        chatter_user_id: tags['user-id'] || twitchUserId(login),
        chatter_user_login: login,
        chatter_user_name: tags['display-name'] || login,
        message_id: tags.id || crypto.randomUUID(),
        message: { text: irc.trailing, fragments: fragmentsOf(irc.trailing, tags.emotes, bits) },
        color: tags.color ?? '',
        badges: badgesOf(tags),
        message_type: tags['msg-id'] === 'highlighted-message' ? 'channel_points_highlighted' : 'text',
        cheer: bits > 0 ? { bits } : null,
        reply: tags['reply-parent-msg-id']
          ? {
              parent_message_id: tags['reply-parent-msg-id'],
              parent_message_body: tags['reply-parent-msg-body'] ?? '',
              parent_user_id: tags['reply-parent-user-id'] ?? '',
              parent_user_name: tags['reply-parent-display-name'] ?? '',
              parent_user_login: tags['reply-parent-user-login'] ?? '',
              thread_message_id: tags['reply-thread-parent-msg-id'] ?? tags['reply-parent-msg-id'],
              thread_user_id: tags['reply-thread-parent-user-id'] ?? '',
              thread_user_name: tags['reply-thread-parent-display-name'] ?? '',
              thread_user_login: tags['reply-thread-parent-user-login'] ?? '',
            }
          : null,
        channel_points_custom_reward_id: tags['custom-reward-id'] ?? null,
        source_broadcaster_user_id: null,
        source_broadcaster_user_login: null,
        source_broadcaster_user_name: null,
        source_message_id: null,
        source_badges: null,
      },
    };
  }
  if (irc.command === 'USERNOTICE') {
    const login = (tags.login ?? '').toLowerCase();
    const noticeType = NOTICE_TYPES[tags['msg-id'] ?? ''] ?? tags['msg-id'] ?? 'sub';
    const plan = tags['msg-param-sub-plan'] ?? '1000';
    const prime = plan === 'Prime';
    const tier = prime ? '1000' : plan;
    const months = Number(tags['msg-param-cumulative-months'] ?? 1) || 1;
    const details: Record<string, unknown> = {
      sub: null,
      resub: null,
      sub_gift: null,
      community_sub_gift: null,
      gift_paid_upgrade: null,
      prime_paid_upgrade: null,
      raid: null,
      unraid: null,
      pay_it_forward: null,
      announcement: null,
      bits_badge_tier: null,
      charity_donation: null,
    };
    if (noticeType === 'sub')
      details.sub = {
        sub_tier: tier,
        is_prime: prime,
        duration_months: Number(tags['msg-param-multimonth-duration'] ?? 1) || 1,
      };
    else if (noticeType === 'resub')
      details.resub = {
        cumulative_months: months,
        duration_months: Number(tags['msg-param-multimonth-duration'] ?? 1) || 1,
        streak_months: Number(tags['msg-param-streak-months'] ?? 0) || null,
        sub_tier: tier,
        is_prime: prime,
        is_gift: false,
        gifter_is_anonymous: null,
        gifter_user_id: null,
        gifter_user_name: null,
        gifter_user_login: null,
      };
    else if (noticeType === 'sub_gift') {
      const recipient = (tags['msg-param-recipient-user-name'] ?? '').toLowerCase();
      details.sub_gift = {
        duration_months: Number(tags['msg-param-gift-months'] ?? 1) || 1,
        cumulative_total: null,
        recipient_user_id: tags['msg-param-recipient-id'] ?? twitchUserId(recipient),
        recipient_user_name: tags['msg-param-recipient-display-name'] ?? recipient,
        recipient_user_login: recipient,
        sub_tier: tier,
        community_gift_id: null,
      };
    } else if (noticeType === 'raid') {
      const raider = (tags['msg-param-login'] ?? login).toLowerCase();
      details.raid = {
        user_id: tags['user-id'] ?? twitchUserId(raider),
        user_name: tags['msg-param-displayName'] ?? raider,
        user_login: raider,
        viewer_count: Number(tags['msg-param-viewerCount'] ?? 0) || 0,
        profile_image_url: '',
      };
    } else if (noticeType === 'announcement') details.announcement = { color: tags['msg-param-color'] ?? 'PRIMARY' };
    return {
      type: 'channel.chat.notification',
      event: {
        ...broadcaster,
        chatter_user_id: tags['user-id'] || twitchUserId(login),
        chatter_user_login: login,
        chatter_user_name: tags['display-name'] || login,
        chatter_is_anonymous: false,
        color: tags.color ?? '',
        badges: badgesOf(tags),
        system_message: tags['system-msg'] ?? '',
        message_id: tags.id || crypto.randomUUID(),
        message: { text: irc.trailing, fragments: fragmentsOf(irc.trailing, tags.emotes) },
        notice_type: noticeType,
        ...details,
        source_broadcaster_user_id: null,
        source_broadcaster_user_login: null,
        source_broadcaster_user_name: null,
        source_message_id: null,
        source_badges: null,
      },
    };
  }
  if (irc.command === 'CLEARCHAT') {
    if (!irc.trailing) return { type: 'channel.chat.clear', event: broadcaster };
    const target = irc.trailing.toLowerCase();
    return {
      type: 'channel.chat.clear_user_messages',
      event: {
        ...broadcaster,
        target_user_id: tags['target-user-id'] || twitchUserId(target),
        target_user_login: target,
        target_user_name: target,
      },
    };
  }
  if (irc.command === 'CLEARMSG') {
    const target = (tags.login ?? '').toLowerCase();
    const given = tags['target-msg-id'] ?? '';
    // A line naming no message it knows (a placeholder, "x"): it deletes the last one its chatter sent.
    const messageId = given && given !== 'x' ? given : (lastMessageOf(target) ?? given);
    return {
      type: 'channel.chat.message_delete',
      event: {
        ...broadcaster,
        target_user_id: twitchUserId(target),
        target_user_login: target,
        target_user_name: target,
        message_id: messageId,
      },
    };
  }
  return null;
}

/** Escapes a tag value as IRC writes it. */
const escapeTag = (value: string) =>
  value.replace(/\\/g, '\\\\').replace(/;/g, '\\:').replace(/ /g, '\\s').replace(/\r/g, '\\r').replace(/\n/g, '\\n');

export async function startEventSubStandIn(
  options: {
    port?: number;
    /** The IRC stand-in: chat sent through `chat` reaches its clients too. */
    irc?: TwitchChatStandIn | null;
    /** Replay the synthetic session to every channel with a channel.chat.message subscription (`npm start`). */
    demo?: boolean;
    demoIntervalMs?: number;
    /** Time to make a first subscription after the welcome before 4003 (Twitch: 10 s). */
    unusedGraceMs?: number;
    /** Time to leave the old socket after session_reconnect before 4004 (Twitch: 30 s). */
    reconnectGraceMs?: number;
    /** Length of a keepalive second (tests shorten it; keepalive_timeout_seconds stays 10–600 as Twitch takes it). */
    secondMs?: number;
    /** The app's max_total_cost (Twitch: 10,000; tests lower it to reach the limit with a few subscriptions). */
    appMaxTotalCost?: number;
    /**
     * Twitch's clock for what it dates: a notification's or revocation's message_timestamp, stream.online's started_at
     * (when the caller gives none) and a subscription's created_at (the verification bench's simulated day). The
     * sessions' welcome, keepalive and reconnect timing stays on the real clock. Default Date.now.
     */
    now?: () => number;
  } = {},
): Promise<EventSubStandIn> {
  const unusedGraceMs = options.unusedGraceMs ?? 10_000;
  const reconnectGraceMs = options.reconnectGraceMs ?? 30_000;
  const secondMs = options.secondMs ?? 1000;
  const now = options.now ?? Date.now;
  let clientId = 'castbridge-standin';
  let mount: HelixMount | null = null;
  const sessions = new Map<string, Session>();
  const challenges = new Map<string, Session>();
  const subscriptions = new Map<string, Subscription>();
  // The subscriptions of each type and broadcaster (or client id): an event finds its own without looking at all.
  const byKey = new Map<string, Set<Subscription>>();
  const keyOf = (type: string, condition: Record<string, string>) =>
    `${type} ${condition.broadcaster_user_id ?? condition.client_id ?? ''}`;
  // Each owner's count, and the subscriptions that cost anything: a creation answers the owner's total and total
  // cost without going through all the others (30,000 made one by one would each go through thousands).
  const ownedCount = new Map<string, number>();
  const costly = new Set<Subscription>();
  const addSubscription = (subscription: Subscription) => {
    subscriptions.set(subscription.id, subscription);
    const key = keyOf(subscription.type, subscription.condition);
    if (!byKey.has(key)) byKey.set(key, new Set());
    byKey.get(key)!.add(subscription);
    ownedCount.set(subscription.owner, (ownedCount.get(subscription.owner) ?? 0) + 1);
    if (subscription.cost > 0) costly.add(subscription);
  };
  const removeSubscription = (subscription: Subscription) => {
    if (!subscriptions.delete(subscription.id)) return;
    byKey.get(keyOf(subscription.type, subscription.condition))?.delete(subscription);
    ownedCount.set(subscription.owner, (ownedCount.get(subscription.owner) ?? 1) - 1);
    costly.delete(subscription);
  };
  const conduits = new Map<string, Conduit>();
  const stats: EventSubStandIn['stats'] = { sent: {}, closed: {}, refused: {}, dropped: 0 };
  const logins = new Map<string, string>();
  const idOf = (login: string) => {
    const id = twitchUserId(login);
    logins.set(id, login);
    return id;
  };
  const loginOf = (id: string) => logins.get(id) ?? mount?.loginOf(id);
  // The last message id of each chatter per channel: a recorded CLEARMSG deletes it.
  const lastMessages = new Map<string, Map<string, string>>();

  const server = http.createServer((_req, res) => {
    res.writeHead(426).end('WebSocket only');
  });
  const wss = new WebSocketServer({ server });

  function send(session: Session, message: Record<string, unknown>) {
    const socket = session.socket;
    if (!socket || socket.readyState !== socket.OPEN) return false;
    // Frames sent in one tick leave in one write (Nagle and the network batch them too): a write per frame would make
    // the stand-in, not the client, the slowest part of a burst.
    const raw = (socket as unknown as { _socket?: { cork(): void; uncork(): void } })._socket;
    if (raw && !session.corked) {
      session.corked = true;
      raw.cork();
      process.nextTick(() => {
        session.corked = false;
        raw.uncork();
      });
    }
    checkEventSubMessage(message);
    socket.send(JSON.stringify(message));
    const type = (message.metadata as { message_type: string }).message_type;
    stats.sent[type] = (stats.sent[type] ?? 0) + 1;
    session.lastSentAt = Date.now();
    if (!session.keepalive) armKeepalive(session);
    return true;
  }
  const metadata = (type: string, subscription?: Subscription) => ({
    message_id: crypto.randomUUID(),
    message_type: type,
    // A message about a subscription (notification, revocation) is dated by Twitch's clock; a session's own message
    // by the real one.
    message_timestamp: nanos(subscription ? now() : Date.now()),
    ...(subscription ? { subscription_type: subscription.type, subscription_version: subscription.version } : {}),
  });
  /** One timer a session: when it fires after a message went out meanwhile, it waits out the rest of the silence. */
  function armKeepalive(session: Session, delay = session.keepaliveSeconds * secondMs) {
    if (session.keepalive) clearTimeout(session.keepalive);
    session.keepalive = null;
    if (session.closed) return;
    session.keepalive = setTimeout(() => {
      session.keepalive = null;
      const quiet = Date.now() - session.lastSentAt;
      const due = session.keepaliveSeconds * secondMs;
      if (quiet < due) armKeepalive(session, due - quiet);
      else send(session, { metadata: metadata('session_keepalive'), payload: {} });
    }, delay);
    session.keepalive.unref();
  }
  const welcome = (session: Session) =>
    send(session, {
      metadata: metadata('session_welcome'),
      payload: {
        session: {
          id: session.id,
          status: 'connected',
          connected_at: session.connectedAt,
          keepalive_timeout_seconds: session.keepaliveSeconds,
          reconnect_url: null,
          recovery_url: null,
        },
      },
    });
  /** Closes the session's socket with a code; its subscriptions take `status`. */
  function closeWith(session: Session, code: number, reason: string, status: string) {
    session.closeStatus = status;
    stats.closed[code] = (stats.closed[code] ?? 0) + 1;
    session.socket?.close(code, reason);
  }
  /** The session is over (its socket closed): its subscriptions are disabled, its shards disconnected. */
  function endSession(session: Session) {
    if (session.closed) return;
    session.closed = true;
    session.socket = null;
    if (session.keepalive) clearTimeout(session.keepalive);
    if (session.unused) clearTimeout(session.unused);
    const at = nanos();
    for (const subscription of subscriptions.values())
      if (
        subscription.transport.method === 'websocket' &&
        subscription.transport.session_id === session.id &&
        subscription.status === 'enabled'
      ) {
        subscription.status = session.closeStatus;
        subscription.transport.disconnected_at = at;
      }
    for (const conduit of conduits.values())
      for (const shard of conduit.shards)
        if (shard.sessionId === session.id && shard.status === 'enabled') {
          shard.status = session.closeStatus;
          shard.disconnectedAt = at;
        }
  }

  wss.on('connection', (socket, request) => {
    const query = new URL(request.url ?? '/', 'http://stand-in').searchParams;
    const challenge = query.get('challenge');
    let session: Session;
    if (challenge !== null) {
      // A reconnect_url: the same session on a new socket; the old socket stays until the client leaves it.
      const known = challenges.get(challenge);
      challenges.delete(challenge);
      if (!known || known.closed) {
        stats.closed[4007] = (stats.closed[4007] ?? 0) + 1;
        socket.close(4007, 'invalid reconnect');
        return;
      }
      session = known;
      session.socket = socket;
    } else {
      const asked = query.get('keepalive_timeout_seconds');
      const number = asked === null ? NaN : Number(asked);
      // An invalid but numeric value is taken as the nearest acceptable one (Twitch's rule).
      const keepaliveSeconds = Number.isFinite(number) ? Math.min(600, Math.max(10, Math.round(number))) : 10;
      session = {
        id: sessionId(),
        socket,
        connectedAt: nanos(),
        keepaliveSeconds,
        closed: false,
        user: null,
        used: false,
        keepalive: null,
        lastSentAt: 0,
        corked: false,
        unused: null,
        closeStatus: 'websocket_disconnected',
      };
      sessions.set(session.id, session);
      session.unused = setTimeout(() => {
        if (!session.used && !session.closed)
          closeWith(session, 4003, 'connection unused', 'websocket_connection_unused');
      }, unusedGraceMs);
      session.unused.unref();
    }
    welcome(session);
    socket.on('message', () => {
      // Only outgoing messages: a client that sends one is disconnected (Pong frames are not messages).
      if (session.socket === socket)
        closeWith(session, 4001, 'client sent inbound traffic', 'websocket_received_inbound_traffic');
      else socket.close(4001, 'client sent inbound traffic');
    });
    const gone = () => {
      if (session.socket === socket) endSession(session);
    };
    socket.on('close', gone);
    socket.on('error', gone);
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const url = `ws://127.0.0.1:${port}/ws`;

  const publicSubscription = (subscription: Subscription) => ({
    id: subscription.id,
    status: subscription.status,
    type: subscription.type,
    version: subscription.version,
    condition: subscription.condition,
    created_at: subscription.created_at,
    transport: subscription.transport,
    cost: subscription.cost,
  });
  /** The subscription as a notification names it (transport without times). */
  const notifiedSubscription = (subscription: Subscription) => ({
    ...publicSubscription(subscription),
    transport:
      subscription.transport.method === 'websocket'
        ? { method: 'websocket', session_id: subscription.transport.session_id }
        : subscription.transport,
  });

  /** Hash of a broadcaster id: the shard of a conduit that carries its events while enabled. */
  const shardFor = (conduit: Conduit, key: string): Shard | undefined => {
    if (!conduit.shards.length) return undefined;
    const start =
      parseInt(crypto.createHash('sha256').update(key).digest('hex').slice(0, 8), 16) % conduit.shards.length;
    for (let i = 0; i < conduit.shards.length; i++) {
      const shard = conduit.shards[(start + i) % conduit.shards.length]!;
      if (shard.status === 'enabled' && shard.sessionId && sessions.get(shard.sessionId)?.closed === false)
        return shard;
    }
    return undefined;
  };
  /** Where a message about the subscription goes: its session, or the conduit's shard for the broadcaster. */
  const sessionFor = (subscription: Subscription): Session | undefined => {
    if (subscription.transport.method === 'websocket') return sessions.get(subscription.transport.session_id);
    const conduit = conduits.get(subscription.transport.conduit_id);
    if (!conduit) return undefined;
    const key = subscription.condition.broadcaster_user_id ?? subscription.condition.user_id ?? subscription.id;
    const shard = shardFor(conduit, key);
    return shard?.sessionId ? sessions.get(shard.sessionId) : undefined;
  };

  function notify(type: string, match: Record<string, string>, event: Record<string, unknown>) {
    let delivered = 0;
    const indexed = match.broadcaster_user_id !== undefined || match.client_id !== undefined;
    for (const subscription of indexed ? (byKey.get(keyOf(type, match)) ?? []) : subscriptions.values()) {
      if (subscription.type !== type || subscription.status !== 'enabled') continue;
      if (Object.entries(match).some(([key, value]) => subscription.condition[key] !== value)) continue;
      const session = sessionFor(subscription);
      const sent =
        session !== undefined &&
        send(session, {
          metadata: metadata('notification', subscription),
          payload: { subscription: notifiedSubscription(subscription), event },
        });
      if (sent) delivered += 1;
      else stats.dropped += 1;
    }
    return delivered;
  }

  /** Delivers an IRC line of a channel as its EventSub event, to that channel's subscribers. */
  function deliverEvent(channel: string, line: string) {
    const lasts = lastMessages.get(channel) ?? new Map<string, string>();
    lastMessages.set(channel, lasts);
    const converted = ircToEvent(line, (login) => lasts.get(login));
    if (!converted) return;
    const event = converted.event as Record<string, string>;
    if (converted.type === 'channel.chat.message') lasts.set(event.chatter_user_login!, event.message_id!);
    notify(converted.type, { broadcaster_user_id: event.broadcaster_user_id! }, converted.event);
  }
  /** A chat line of `channel` to the IRC clients and the EventSub subscribers alike. */
  function deliver(channel: string, line: string) {
    const login = channel.replace(/^#/, '').toLowerCase();
    const fresh = freshen(line, login, idOf(login));
    options.irc?.send(login, fresh);
    deliverEvent(login, fresh);
  }

  // The demo: the synthetic session, a line at a time, to each channel someone reads over EventSub.
  const demos = new Map<string, NodeJS.Timeout>();
  function startDemo(broadcasterId: string) {
    if (!options.demo || demos.has(broadcasterId)) return;
    const login = loginOf(broadcasterId);
    if (!login) return;
    let index = 0;
    const timer = setInterval(() => {
      const read = [...subscriptions.values()].some(
        (s) =>
          s.status === 'enabled' &&
          s.type === 'channel.chat.message' &&
          s.condition.broadcaster_user_id === broadcasterId,
      );
      if (!read) {
        clearInterval(timer);
        demos.delete(broadcasterId);
        return;
      }
      deliverEvent(login, freshen(SYNTHETIC_SESSION[index % SYNTHETIC_SESSION.length]!, login, broadcasterId));
      index += 1;
    }, options.demoIntervalMs ?? 4000);
    timer.unref();
    demos.set(broadcasterId, timer);
  }

  function revoke(subscription: Subscription, status: string) {
    const session = sessionFor(subscription);
    subscription.status = status;
    if (session)
      send(session, {
        metadata: metadata('revocation', subscription),
        payload: { subscription: notifiedSubscription(subscription) },
      });
    removeSubscription(subscription);
  }

  function mountHelix(given: HelixMount) {
    mount = given;
    clientId = given.clientId;
    const helixError = (c: Context, status: 400 | 401 | 403 | 404 | 409 | 429, message: string) => {
      const names = {
        400: 'Bad Request',
        401: 'Unauthorized',
        403: 'Forbidden',
        404: 'Not Found',
        409: 'Conflict',
        429: 'Too Many Requests',
      };
      if (status === 429 || status === 409 || status === 403)
        stats.refused[message] = (stats.refused[message] ?? 0) + 1;
      return c.json({ error: names[status], status, message }, status);
    };
    const bodyOf = async (c: Context): Promise<Record<string, unknown> | null> => {
      try {
        const body: unknown = await c.req.json();
        return typeof body === 'object' && body !== null && !Array.isArray(body)
          ? (body as Record<string, unknown>)
          : null;
      } catch {
        return null;
      }
    };
    const ownerOf = (grant: Grant) => (grant.channel === '' ? 'app' : idOf(grant.channel));
    const owned = (owner: string) => [...subscriptions.values()].filter((s) => s.owner === owner);
    const costOf = (owner: string) =>
      [...costly].filter((s) => s.owner === owner && s.status === 'enabled').reduce((sum, s) => sum + s.cost, 0);
    const maxCost = (owner: string) =>
      owner === 'app'
        ? (options.appMaxTotalCost ?? EVENTSUB_LIMITS.appMaxTotalCost)
        : EVENTSUB_LIMITS.websocketMaxTotalCost;
    const scopesOf = (userId: string) => {
      const login = loginOf(userId);
      return login === undefined ? null : given.scopes(login);
    };

    given.route('POST', 'eventsub/subscriptions', async (grant, c) => {
      const body = await bodyOf(c);
      if (!body) return helixError(c, 400, 'Malformed request body');
      const { type, version } = body;
      const condition = body.condition as Record<string, unknown> | undefined;
      const transport = body.transport as Record<string, unknown> | undefined;
      if (typeof type !== 'string' || !(type in TYPES)) return helixError(c, 400, 'unsupported subscription type');
      if (version !== versionOf(type)) return helixError(c, 400, 'unsupported subscription version');
      if (typeof condition !== 'object' || condition === null || Array.isArray(condition))
        return helixError(c, 400, 'condition is required');
      const fields = TYPES[type]!;
      for (const field of fields)
        if (typeof condition[field] !== 'string' || condition[field] === '')
          return helixError(c, 400, `condition.${field} is required`);
      const extra = Object.keys(condition).find((key) => !fields.includes(key));
      if (extra) return helixError(c, 400, `condition.${extra} is not a condition of ${type}`);
      const cond = Object.fromEntries(fields.map((field) => [field, condition[field] as string]));
      if (typeof transport !== 'object' || transport === null) return helixError(c, 400, 'transport is required');
      const owner = ownerOf(grant);
      let session: Session | undefined;
      let made: Transport;
      if (transport.method === 'websocket') {
        // WebSocket subscriptions are made with a user token; conduit ones with the app's.
        if (owner === 'app') return helixError(c, 400, 'invalid transport and auth combination');
        session = typeof transport.session_id === 'string' ? sessions.get(transport.session_id) : undefined;
        if (!session || session.closed)
          return helixError(c, 400, 'websocket transport session does not exist or has already disconnected');
        if (session.user !== null && session.user !== owner)
          return helixError(c, 400, 'websocket transport session belongs to another user');
        made = { method: 'websocket', session_id: session.id, connected_at: session.connectedAt };
      } else if (transport.method === 'conduit') {
        if (owner !== 'app') return helixError(c, 400, 'invalid transport and auth combination');
        if (typeof transport.conduit_id !== 'string' || !conduits.has(transport.conduit_id))
          return helixError(c, 400, 'conduit not found');
        made = { method: 'conduit', conduit_id: transport.conduit_id };
      } else {
        return helixError(c, 400, 'unsupported transport method');
      }

      // Authorization, as Twitch checks it for each type.
      if (CHAT_TYPES.has(type)) {
        const reader = scopesOf(cond.user_id!);
        if (owner !== 'app') {
          // The reading user's own token, with user:read:chat.
          if (cond.user_id !== owner || !grant.scopes.includes('user:read:chat'))
            return helixError(c, 403, 'subscription missing proper authorization');
        } else {
          // The app's token: the reader granted user:read:chat and user:bot, the broadcaster channel:bot (or the
          // broadcaster reads its own chat).
          const broadcaster = scopesOf(cond.broadcaster_user_id!);
          const readerOk = reader !== null && reader.includes('user:read:chat') && reader.includes('user:bot');
          const broadcasterOk =
            cond.broadcaster_user_id === cond.user_id || (broadcaster !== null && broadcaster.includes('channel:bot'));
          if (!readerOk || !broadcasterOk) return helixError(c, 403, 'subscription missing proper authorization');
        }
      } else if (type === 'user.authorization.revoke') {
        if (owner !== 'app' || cond.client_id !== clientId)
          return helixError(c, 403, 'subscription missing proper authorization');
      }
      // Among those of the same type and broadcaster (the index notify uses): 30,000 subscriptions made one by one
      // would otherwise compare each with all the others.
      const duplicate = [...(byKey.get(keyOf(type, cond)) ?? [])].some(
        (s) =>
          s.status === 'enabled' &&
          s.type === type &&
          JSON.stringify(s.condition) === JSON.stringify(cond) &&
          (s.transport.method === 'websocket'
            ? made.method === 'websocket' && s.transport.session_id === made.session_id
            : made.method === 'conduit' && s.transport.conduit_id === made.conduit_id),
      );
      if (duplicate) return helixError(c, 409, 'subscription already exists');
      // stream.online, stream.offline and channel.update need no scope: 1 unless the broadcaster authorized the client
      // (published/twitch-helix.ts costsUnlessAuthorized); the chat types are authorized (0).
      const cost =
        EVENTSUB_STREAM_TYPES[type]?.costsUnlessAuthorized && scopesOf(cond.broadcaster_user_id!) === null ? 1 : 0;
      if (session) {
        const onSession = [...subscriptions.values()].filter(
          (s) => s.status === 'enabled' && s.transport.method === 'websocket' && s.transport.session_id === session.id,
        ).length;
        if (onSession >= EVENTSUB_LIMITS.subscriptionsPerSession)
          return helixError(c, 429, 'websocket transport session subscription limit exceeded');
        if (session.user === null) {
          const others = [...sessions.values()].filter((s) => !s.closed && s.user === owner).length;
          if (others >= EVENTSUB_LIMITS.sessionsPerUser)
            return helixError(c, 429, 'number of websocket transports limit exceeded');
        }
      }
      if (costOf(owner) + cost > maxCost(owner)) return helixError(c, 429, 'total cost exceeded');
      if (session) {
        session.user = owner;
        session.used = true;
      }
      const subscription: Subscription = {
        id: crypto.randomUUID(),
        status: 'enabled',
        type,
        version: versionOf(type),
        condition: cond,
        created_at: nanos(now()),
        transport: made,
        cost,
        owner,
      };
      addSubscription(subscription);
      if (type === 'channel.chat.message') startDemo(cond.broadcaster_user_id!);
      return c.json(
        {
          data: [publicSubscription(subscription)],
          total: ownedCount.get(owner) ?? 0,
          total_cost: costOf(owner),
          max_total_cost: maxCost(owner),
        },
        202,
      );
    });

    given.route('GET', 'eventsub/subscriptions', (grant, c) => {
      const owner = ownerOf(grant);
      const status = c.req.query('status');
      const type = c.req.query('type');
      const userId = c.req.query('user_id');
      const id = c.req.query('subscription_id');
      if ([status, type, userId].filter((value) => value !== undefined).length > 1)
        return helixError(c, 400, 'only one of status, type or user_id may be given');
      const all = owned(owner);
      const matching = all.filter(
        (s) =>
          (status === undefined || s.status === status) &&
          (type === undefined || s.type === type) &&
          (userId === undefined || Object.values(s.condition).includes(userId)) &&
          (id === undefined || s.id === id),
      );
      let from = 0;
      const after = c.req.query('after');
      if (after) {
        from = Number(Buffer.from(after, 'base64url').toString());
        if (!Number.isInteger(from) || from < 0) return helixError(c, 400, 'The cursor "after" is not valid');
      }
      const page = matching.slice(from, from + 100);
      return c.json({
        data: page.map(publicSubscription),
        total: all.length,
        total_cost: costOf(owner),
        max_total_cost: maxCost(owner),
        pagination:
          from + 100 < matching.length ? { cursor: Buffer.from(String(from + 100)).toString('base64url') } : {},
      });
    });

    given.route('DELETE', 'eventsub/subscriptions', (grant, c) => {
      const id = c.req.query('id');
      if (!id) return helixError(c, 400, 'Missing required parameter "id"');
      const subscription = subscriptions.get(id);
      if (!subscription || subscription.owner !== ownerOf(grant)) return helixError(c, 404, 'subscription not found');
      removeSubscription(subscription);
      return c.body(null, 204);
    });

    // Conduits: the app's token only.
    const appOnly = (grant: Grant, c: Context) =>
      grant.channel === '' ? null : helixError(c, 401, 'Invalid OAuth token: an app access token is required');
    const conduitView = (conduit: Conduit) => ({ id: conduit.id, shard_count: conduit.shards.length });
    const newShard = (id: number): Shard => ({
      id: String(id),
      status: 'websocket_disconnected',
      sessionId: null,
      connectedAt: null,
      disconnectedAt: null,
    });
    const shardCount = (value: unknown) =>
      typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= EVENTSUB_LIMITS.shardsPerConduit
        ? value
        : null;
    given.route('POST', 'eventsub/conduits', async (grant, c) => {
      const refused = appOnly(grant, c);
      if (refused) return refused;
      const body = await bodyOf(c);
      const count = shardCount(body?.shard_count);
      if (count === null) return helixError(c, 400, 'shard_count must be a whole number from 1 to 20000');
      if (conduits.size >= EVENTSUB_LIMITS.conduitsPerClient) return helixError(c, 429, 'conduit limit reached');
      const conduit: Conduit = {
        id: crypto.randomUUID(),
        shards: Array.from({ length: count }, (_, i) => newShard(i)),
      };
      conduits.set(conduit.id, conduit);
      return c.json({ data: [conduitView(conduit)] }, 200);
    });
    given.route('GET', 'eventsub/conduits', (grant, c) => {
      const refused = appOnly(grant, c);
      if (refused) return refused;
      return c.json({ data: [...conduits.values()].map(conduitView) });
    });
    given.route('PATCH', 'eventsub/conduits', async (grant, c) => {
      const refused = appOnly(grant, c);
      if (refused) return refused;
      const body = await bodyOf(c);
      const count = shardCount(body?.shard_count);
      if (typeof body?.id !== 'string' || count === null)
        return helixError(c, 400, 'id and shard_count (1 to 20000) are required');
      const conduit = conduits.get(body.id);
      if (!conduit) return helixError(c, 404, 'conduit not found');
      // Shards beyond the new count go; new ones start disconnected.
      conduit.shards = Array.from({ length: count }, (_, i) => conduit.shards[i] ?? newShard(i));
      return c.json({ data: [conduitView(conduit)] });
    });
    given.route('DELETE', 'eventsub/conduits', (grant, c) => {
      const refused = appOnly(grant, c);
      if (refused) return refused;
      const id = c.req.query('id');
      if (!id) return helixError(c, 400, 'Missing required parameter "id"');
      if (!conduits.has(id)) return helixError(c, 404, 'conduit not found');
      // Its subscriptions end with it (status conduit_deleted).
      for (const subscription of [...subscriptions.values()])
        if (subscription.transport.method === 'conduit' && subscription.transport.conduit_id === id)
          removeSubscription(subscription);
      conduits.delete(id);
      return c.body(null, 204);
    });
    const shardView = (shard: Shard) => ({
      id: shard.id,
      status: shard.status,
      transport: {
        method: 'websocket',
        session_id: shard.sessionId ?? '',
        ...(shard.connectedAt ? { connected_at: shard.connectedAt } : {}),
        ...(shard.disconnectedAt ? { disconnected_at: shard.disconnectedAt } : {}),
      },
    });
    given.route('GET', 'eventsub/conduits/shards', (grant, c) => {
      const refused = appOnly(grant, c);
      if (refused) return refused;
      const conduit = conduits.get(c.req.query('conduit_id') ?? '');
      if (!conduit) return helixError(c, 404, 'conduit not found');
      const status = c.req.query('status');
      const shards = conduit.shards.filter((shard) => status === undefined || shard.status === status);
      let from = 0;
      const after = c.req.query('after');
      if (after) {
        from = Number(Buffer.from(after, 'base64url').toString());
        if (!Number.isInteger(from) || from < 0) return helixError(c, 400, 'The cursor "after" is not valid');
      }
      return c.json({
        data: shards.slice(from, from + 100).map(shardView),
        pagination: from + 100 < shards.length ? { cursor: Buffer.from(String(from + 100)).toString('base64url') } : {},
      });
    });
    given.route('PATCH', 'eventsub/conduits/shards', async (grant, c) => {
      const refused = appOnly(grant, c);
      if (refused) return refused;
      const body = await bodyOf(c);
      if (!body || typeof body.conduit_id !== 'string' || !Array.isArray(body.shards))
        return helixError(c, 400, 'conduit_id and shards are required');
      const conduit = conduits.get(body.conduit_id);
      if (!conduit) return helixError(c, 404, 'conduit not found');
      const data: ReturnType<typeof shardView>[] = [];
      const errors: { id: string; message: string; code: string }[] = [];
      for (const entry of body.shards as unknown[]) {
        const item = (typeof entry === 'object' && entry !== null ? entry : {}) as Record<string, unknown>;
        const id = typeof item.id === 'string' ? item.id : String(item.id ?? '');
        const shard = conduit.shards[Number(id)];
        const transport = (item.transport ?? {}) as Record<string, unknown>;
        if (!/^\d+$/.test(id) || !shard) {
          errors.push({ id, message: "The shard id is outside the conduit's range", code: 'invalid_parameter' });
          continue;
        }
        if (transport.method !== 'websocket') {
          errors.push({ id, message: 'Only the websocket method is stood in for', code: 'invalid_parameter' });
          continue;
        }
        const session = typeof transport.session_id === 'string' ? sessions.get(transport.session_id) : undefined;
        if (!session || session.closed) {
          errors.push({ id, message: 'The websocket session was not found', code: 'websocket_session_not_found' });
          continue;
        }
        session.used = true;
        shard.sessionId = session.id;
        shard.status = 'enabled';
        shard.connectedAt = session.connectedAt;
        shard.disconnectedAt = null;
        data.push(shardView(shard));
      }
      return c.json({ data, errors }, 202);
    });
  }

  const ircLine = {
    message(channel: string, message: ChatMessageInput) {
      const login = message.user.toLowerCase();
      const id = message.id ?? crypto.randomUUID();
      const tags = [
        `badge-info=`,
        `badges=${message.badges ?? ''}`,
        ...(message.bits ? [`bits=${message.bits}`] : []),
        `color=${message.color ?? ''}`,
        `display-name=${escapeTag(message.displayName ?? message.user)}`,
        `emotes=`,
        `id=${id}`,
        `mod=${/moderator/.test(message.badges ?? '') ? 1 : 0}`,
        `room-id=${idOf(channel)}`,
        `subscriber=${/subscriber/.test(message.badges ?? '') ? 1 : 0}`,
        `tmi-sent-ts=${Date.now()}`,
        `user-id=${idOf(login)}`,
        `user-type=`,
      ];
      return {
        id,
        line: `@${tags.join(';')} :${login}!${login}@${login}.tmi.twitch.tv PRIVMSG #${channel} :${message.text}`,
      };
    },
  };
  // Chat lines built here carry their own ids: sent as they are (freshen would replace the message id).
  function deliverOwn(channel: string, line: string) {
    options.irc?.send(channel, line);
    deliverEvent(channel, line);
  }

  return {
    port,
    url,
    chat: {
      message(channel, message) {
        const login = channel.toLowerCase();
        const { id, line } = ircLine.message(login, message);
        deliverOwn(login, line);
        return id;
      },
      notice(channel, notice) {
        const login = channel.toLowerCase();
        const user = notice.user.toLowerCase();
        const plan = 'msg-param-sub-plan=1000';
        const params: Record<ChatNoticeInput['kind'], { params: string[]; system: string }> = {
          sub: { params: [plan, 'msg-param-cumulative-months=1'], system: `${notice.user} subscribed at Tier 1.` },
          resub: {
            params: [plan, `msg-param-cumulative-months=${notice.months ?? 2}`],
            system: `${notice.user} subscribed at Tier 1. They've subscribed for ${notice.months ?? 2} months!`,
          },
          subgift: {
            params: [
              plan,
              `msg-param-recipient-user-name=${notice.recipient ?? 'someone'}`,
              `msg-param-recipient-id=${idOf(notice.recipient ?? 'someone')}`,
            ],
            system: `${notice.user} gifted a Tier 1 sub to ${notice.recipient ?? 'someone'}!`,
          },
          raid: {
            params: [
              `msg-param-displayName=${notice.user}`,
              `msg-param-login=${user}`,
              `msg-param-viewerCount=${notice.viewers ?? 10}`,
            ],
            system: `${notice.viewers ?? 10} raiders from ${notice.user} have joined!`,
          },
          announcement: { params: ['msg-param-color=PRIMARY'], system: '' },
        };
        const { params: extra, system } = params[notice.kind];
        const tags = [
          'badge-info=',
          'badges=',
          'color=',
          `display-name=${escapeTag(notice.user)}`,
          'emotes=',
          `id=${crypto.randomUUID()}`,
          `login=${user}`,
          `msg-id=${notice.kind}`,
          ...extra,
          `room-id=${idOf(login)}`,
          `system-msg=${escapeTag(system)}`,
          `tmi-sent-ts=${Date.now()}`,
          `user-id=${idOf(user)}`,
        ];
        deliverOwn(
          login,
          `@${tags.join(';')} :tmi.twitch.tv USERNOTICE #${login}${notice.text ? ` :${notice.text}` : ''}`,
        );
      },
      clear(channel) {
        const login = channel.toLowerCase();
        deliverOwn(login, `@room-id=${idOf(login)};tmi-sent-ts=${Date.now()} :tmi.twitch.tv CLEARCHAT #${login}`);
      },
      clearUser(channel, user, seconds) {
        const login = channel.toLowerCase();
        const target = user.toLowerCase();
        const duration = seconds === undefined ? '' : `ban-duration=${seconds};`;
        deliverOwn(
          login,
          `@${duration}room-id=${idOf(login)};target-user-id=${idOf(target)};tmi-sent-ts=${Date.now()} :tmi.twitch.tv CLEARCHAT #${login} :${target}`,
        );
      },
      deleteMessage(channel, messageId, user) {
        const login = channel.toLowerCase();
        deliverOwn(
          login,
          `@login=${user.toLowerCase()};room-id=${idOf(login)};target-msg-id=${messageId};tmi-sent-ts=${Date.now()} :tmi.twitch.tv CLEARMSG #${login} :`,
        );
      },
      line: deliver,
    },
    notify,
    stream(channel, live, streamId, startedAt) {
      const login = channel.toLowerCase();
      const id = idOf(login);
      const broadcaster = { broadcaster_user_id: id, broadcaster_user_login: login, broadcaster_user_name: login };
      if (live)
        notify(
          'stream.online',
          { broadcaster_user_id: id },
          {
            id: streamId ?? String(40_000_000_000 + crypto.randomInt(10_000_000_000)),
            ...broadcaster,
            type: 'live',
            started_at: new Date(startedAt ?? now()).toISOString(),
          },
        );
      else notify('stream.offline', { broadcaster_user_id: id }, broadcaster);
    },
    channelUpdate(channel, title) {
      const login = channel.toLowerCase();
      const id = idOf(login);
      // As twitch-cli's channel_update_v2 mock writes it (the stand-in's channels are all "Just Chatting" in English).
      notify(
        'channel.update',
        { broadcaster_user_id: id },
        {
          broadcaster_user_id: id,
          broadcaster_user_login: login,
          broadcaster_user_name: login,
          title,
          language: 'en',
          category_id: '509658',
          category_name: 'Just Chatting',
          content_classification_labels: [],
        },
      );
    },
    revokeUser(login) {
      const user = login.toLowerCase();
      const id = idOf(user);
      for (const subscription of [...subscriptions.values()]) {
        if (subscription.status !== 'enabled') continue;
        // What rested on the user's grant: its own WebSocket subscriptions, the conduit ones reading as it, and
        // (conduits) those reading its chat through its channel:bot.
        const rests =
          subscription.owner === id ||
          (subscription.owner === 'app' &&
            (subscription.condition.user_id === id ||
              (CHAT_TYPES.has(subscription.type) && subscription.condition.broadcaster_user_id === id)));
        if (rests) revoke(subscription, 'authorization_revoked');
      }
      notify(
        'user.authorization.revoke',
        { client_id: clientId },
        {
          client_id: clientId,
          user_id: id,
          user_login: user,
          user_name: user,
        },
      );
    },
    reconnect(only) {
      for (const session of sessions.values()) {
        if (session.closed || (only !== undefined && session.id !== only)) continue;
        const challenge = crypto.randomBytes(16).toString('base64url');
        challenges.set(challenge, session);
        const old = session.socket!;
        send(session, {
          metadata: metadata('session_reconnect'),
          payload: {
            session: {
              id: session.id,
              status: 'reconnecting',
              keepalive_timeout_seconds: null,
              reconnect_url: `${url}?challenge=${challenge}`,
              connected_at: session.connectedAt,
              recovery_url: null,
            },
          },
        });
        const timer = setTimeout(() => {
          challenges.delete(challenge);
          if (old.readyState === old.OPEN || old.readyState === old.CONNECTING) {
            stats.closed[4004] = (stats.closed[4004] ?? 0) + 1;
            if (session.socket === old) session.closeStatus = 'websocket_failed_to_reconnect';
            old.close(4004, 'reconnect grace time expired');
          }
        }, reconnectGraceMs);
        timer.unref();
      }
    },
    dropAll() {
      for (const session of sessions.values()) session.socket?.terminate();
    },
    sessions: () => [...sessions.values()].filter((s) => !s.closed).map((s) => s.id),
    subscriptions: () => [...subscriptions.values()].map((s) => ({ ...s })),
    conduits: () => [...conduits.values()].map((c) => ({ id: c.id, shards: c.shards.map((s) => ({ ...s })) })),
    mountHelix,
    stats,
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of demos.values()) clearInterval(timer);
        for (const session of sessions.values()) {
          if (session.keepalive) clearTimeout(session.keepalive);
          if (session.unused) clearTimeout(session.unused);
          session.socket?.terminate();
        }
        for (const socket of wss.clients) socket.terminate();
        wss.close(() => server.close(() => resolve()));
      }),
  };
}
