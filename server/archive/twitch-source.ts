// Twitch chat as a source for the archive (docs/product.md §Chat archive): one tmi.js client per channel, logged in anonymously
// (justinfan: public chat needs no token), reading the parsed IRC lines with their tags. tmi.js reconnects by itself
// with backoff (network loss, RECONNECT, PING timeout); this reports each connect and disconnect so the ingester can
// record the gap. Lines that are not what Twitch sends (no id, no time, no sender, a time or number no real line
// carries) are skipped and counted: one such line must not reach the database, which would refuse the whole batch.
import tmi from 'tmi.js';
import { PLATFORM_NAMES, type ConnectPlatform } from '../../contract/connections.ts';
import type { ChatLine, ChatModeration, LiveStream } from './store.ts';

export interface ChatSourceHandlers {
  line(line: ChatLine): void;
  moderation(event: ChatModeration): void;
  skipped(count: number): void;
  connected(): void;
  disconnected(reason: string): void;
  /** What keeps the platform from giving the chat (a quota, a permission), or null once it does again. */
  problem?(message: string | null): void;
  /** The platform reports the channel live with this broadcast (again every poll while it lasts). */
  streamLive?(stream: LiveStream): void;
  /** The platform reports the channel not live. */
  streamOffline?(): void;
}

export interface ChatSource {
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** The channel's problem once the platform refused the connected account's grant (the account says "reconnect"). */
export const reconnectProblem = (platform: ConnectPlatform) =>
  `${PLATFORM_NAMES[platform]} no longer accepts Castbridge’s connection: connect ${PLATFORM_NAMES[platform]} again on Connect Accounts to go on archiving the chat.`;

export interface TwitchChatEndpoint {
  server: string;
  port: number;
  secure: boolean;
}

/** `wss://irc-ws.chat.twitch.tv:443` → tmi.js's connection options. */
export function parseChatUrl(url: string): TwitchChatEndpoint {
  const parsed = new URL(url);
  if (parsed.protocol !== 'ws:' && parsed.protocol !== 'wss:')
    throw new Error(`TWITCH_CHAT_URL must be a ws:// or wss:// URL, got "${url}"`);
  const secure = parsed.protocol === 'wss:';
  return { server: parsed.hostname, port: Number(parsed.port || (secure ? 443 : 80)), secure };
}

/** The longest line read (a Twitch line with every tag and 500 characters of text is well below). */
export const MAX_LINE = 16 * 1024;

interface RawMessage {
  command: string;
  params: string[];
  tags: Record<string, string | boolean | undefined>;
  prefix: string | null;
}

const tag = (tags: RawMessage['tags'], name: string): string | null => {
  const value = tags[name];
  return typeof value === 'string' && value !== '' ? value : null;
};

/** Twitch stamps a line (tmi-sent-ts) as it relays it: a time further than this from now is not a real line. */
export const SENT_AT_WINDOW_MS = 86_400_000;
/** The largest value of the archive's integer columns (bits, a timeout's seconds: PostgreSQL `integer`). */
export const MAX_INTEGER = 2 ** 31 - 1;

/** A tag's epoch milliseconds: absent is null, anything but a whole number near `now` is malformed (undefined). */
function sentAtOf(tags: RawMessage['tags'], now: number): number | null | undefined {
  const value = tag(tags, 'tmi-sent-ts');
  if (value === null) return null;
  const at = Number(value);
  return /^\d+$/.test(value) && Number.isSafeInteger(at) && Math.abs(at - now) <= SENT_AT_WINDOW_MS ? at : undefined;
}

/** A whole-number tag (bits, ban-duration) that fits its column: absent is null, anything else is malformed (undefined). */
function countOf(tags: RawMessage['tags'], name: string, min: number): number | null | undefined {
  const value = tag(tags, name);
  if (value === null) return null;
  const count = Number(value);
  return /^\d+$/.test(value) && count >= min && count <= MAX_INTEGER ? count : undefined;
}

/** IRCv3 tag values escape spaces, semicolons and backslashes. */
const unescape = (value: string) =>
  value.replace(/\\(.)/g, (_, ch: string) => ({ s: ' ', ':': ';', '\\': '\\', r: '\r', n: '\n' })[ch] ?? ch);

/**
 * A PRIVMSG or USERNOTICE as an archived line; null when it lacks what every Twitch chat line carries, or carries a
 * time or a number no real line does (a sent-at days away or fractional, bits beyond the column).
 */
export function chatLine(message: RawMessage, now = Date.now()): ChatLine | null {
  const { tags } = message;
  const id = tag(tags, 'id');
  const sent = sentAtOf(tags, now);
  const userId = tag(tags, 'user-id');
  const login = message.command === 'USERNOTICE' ? tag(tags, 'login') : (message.prefix?.split('!')[0] ?? null);
  const bits = countOf(tags, 'bits', 1);
  if (!id || typeof sent !== 'number' || !userId || !login || bits === undefined) return null;
  const text = message.params[1] ?? '';
  return {
    msgId: id,
    sentAt: sent,
    chatterId: userId,
    login: login.toLowerCase(),
    displayName: unescape(tag(tags, 'display-name') ?? login),
    color: tag(tags, 'color'),
    badges: tag(tags, 'badges') ?? '',
    emotes: tag(tags, 'emotes'),
    bits,
    kind: message.command === 'USERNOTICE' ? (tag(tags, 'msg-id') ?? 'usernotice') : 'privmsg',
    text: message.command === 'USERNOTICE' && !text ? unescape(tag(tags, 'system-msg') ?? '') : text,
  };
}

/**
 * A CLEARMSG or CLEARCHAT as a moderation event; null when its time or timeout is not one a real line carries. Without
 * a time it happened now; a CLEARCHAT without ban-duration is a ban (or the whole chat cleared), not a timeout.
 */
export function moderationEvent(message: RawMessage, now = Date.now()): ChatModeration | null {
  const at = sentAtOf(message.tags, now);
  if (at === undefined) return null;
  if (message.command === 'CLEARMSG') {
    return {
      kind: 'clearmsg',
      at: at ?? now,
      targetLogin: tag(message.tags, 'login'),
      targetMsgId: tag(message.tags, 'target-msg-id'),
      duration: null,
    };
  }
  const duration = countOf(message.tags, 'ban-duration', 1);
  if (duration === undefined) return null;
  // The chatter by their id (a login changes; the id does not): what the archive flags and a deletion request finds.
  return {
    kind: 'clearchat',
    at: at ?? now,
    targetLogin: message.params[1]?.toLowerCase() ?? null,
    targetId: tag(message.tags, 'target-user-id'),
    targetMsgId: null,
    duration,
  };
}

/** Twitch lets an account JOIN 20 channels per 10 s (https://dev.twitch.tv/docs/chat/#rate-limits). */
export const JOIN_LIMIT = 20;
export const JOIN_WINDOW_MS = 10_000;

/**
 * Paces JOINs within `limit` per `windowMs`: each call resolves when a JOIN may be sent (in the order asked). A little
 * margin on the window, since Twitch's clock starts at its own receipt.
 */
export function joinPacer(limit = JOIN_LIMIT, windowMs = JOIN_WINDOW_MS, now: () => number = Date.now) {
  const sent: number[] = [];
  let queue: Promise<void> = Promise.resolve();
  const margin = Math.min(250, windowMs / 20);
  return {
    slot(): Promise<void> {
      const turn = queue.then(async () => {
        for (;;) {
          while (sent.length > 0 && now() - sent[0]! >= windowMs + margin) sent.shift();
          if (sent.length < limit) break;
          await new Promise((resolve) => setTimeout(resolve, sent[0]! + windowMs + margin - now()));
        }
        sent.push(now());
      });
      queue = turn;
      return turn;
    },
    /** JOINs within the current window (tests). */
    recent: () => sent.filter((at) => now() - at < windowMs + margin).length,
  };
}

/** Every IRC channel of this process JOINs through one pacer: 200 channels starting at once take 100 s, never a refusal. */
export const processJoins = joinPacer();

export function twitchChatSource(
  endpoint: TwitchChatEndpoint,
  channel: string,
  handlers: ChatSourceHandlers,
  joins: ReturnType<typeof joinPacer> = processJoins,
): ChatSource {
  const client = new tmi.Client({
    options: { skipUpdatingEmotesets: true, skipMembership: true },
    connection: {
      server: endpoint.server,
      port: endpoint.port,
      secure: endpoint.secure,
      reconnect: true,
      reconnectInterval: 1000,
      maxReconnectInterval: 30_000,
    },
    channels: [channel],
    logger: { info: () => {}, warn: () => {}, error: () => {} },
  });
  // tmi.js JOINs the channel on each (re)connect: every JOIN waits for the process's pace first.
  const paced = client as unknown as { join(channel: string): Promise<unknown>; readyState(): string };
  const join = paced.join.bind(client);
  paced.join = (target: string) =>
    joins.slot().then(() => {
      if (paced.readyState() !== 'OPEN') throw new Error('not connected');
      return join(target);
    });
  // tmi.js drops lines its parser cannot read; they are counted here, before it sees them.
  const internal = client as unknown as { _onMessage(event: { data: string }): void };
  const original = internal._onMessage.bind(client);
  internal._onMessage = (event) => {
    const lines = String(event.data).trim().split('\r\n');
    // Twitch lines are a few hundred bytes (500 characters of text, tags): anything far larger is not chat. IRC has
    // no NUL in a line (and PostgreSQL's text cannot hold one).
    const readable = lines.filter(
      (line) =>
        line !== '' && line.length <= MAX_LINE && !line.includes('\0') && /^(@\S+ )?(:\S+ )?[A-Z0-9]+( |$)/.test(line),
    );
    const unreadable = lines.filter((line) => line !== '').length - readable.length;
    if (unreadable > 0) handlers.skipped(unreadable);
    for (const text of readable) {
      try {
        original({ data: text });
      } catch {
        handlers.skipped(1);
      }
    }
  };
  client.on('raw_message', (cloned: { [property: string]: unknown }) => {
    const message = cloned as unknown as RawMessage;
    if (message.command === 'PRIVMSG' || message.command === 'USERNOTICE') {
      const line = chatLine(message);
      if (line) handlers.line(line);
      else handlers.skipped(1);
    } else if (message.command === 'CLEARMSG' || message.command === 'CLEARCHAT') {
      const event = moderationEvent(message);
      if (event) handlers.moderation(event);
      else handlers.skipped(1);
    }
  });
  client.on('connected', () => handlers.connected());
  client.on('disconnected', (reason: string) => handlers.disconnected(reason));
  return {
    async start() {
      // tmi.js keeps trying on its own; the first failure is not fatal.
      client.connect().catch(() => {});
    },
    async stop() {
      client.removeAllListeners();
      const socket = (client as unknown as { ws: { readyState: number } | null }).ws;
      if (socket && socket.readyState === 1) await client.disconnect().catch(() => {});
      else (client as unknown as { reconnect: boolean }).reconnect = false;
    },
  };
}

/** Several sources as one (Twitch: the chat over IRC and the stream sessions from Helix). */
export function combinedSource(...sources: ChatSource[]): ChatSource {
  return {
    async start() {
      await Promise.all(sources.map((source) => source.start()));
    },
    async stop() {
      await Promise.all(sources.map((source) => source.stop()));
    },
  };
}
