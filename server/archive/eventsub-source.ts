// Twitch chat through EventSub as a source for the archive (docs/product.md §Chat archive): one per archived channel, on top of the
// instance's EventSub manager (eventsub.ts). Notifications become what the IRC path makes of its lines, so that the
// archive, its exports and its searches read the same either way: channel.chat.message is a `privmsg` line (badges
// `set_id/id` joined by commas, emotes in IRC's `id:start-end` form, bits from the cheer), channel.chat.notification
// a line of its notice_type (as USERNOTICE's msg-id: sub, resub, raid…), channel.chat.message_delete a clearmsg,
// channel.chat.clear_user_messages and channel.chat.clear a clearchat. Events that are not what Twitch sends (no id,
// no sender, a time days away, bits beyond the column) are skipped and counted, as chatLine() does for IRC.
// connected/disconnected drive the gaps as on IRC; a channel EventSub cannot take (the limits, a refusal) is read
// over IRC instead, and a revocation ends its reading with the reason on the screen.
import type { Logger } from '../log.ts';
import type { Archive, ChannelKey, ChatLine, ChatModeration } from './store.ts';
import type { ChannelListener, EventSubManager, EventSubNotification } from './eventsub.ts';
import { BATCH_MESSAGES, BATCH_MS } from './ingest.ts';
import { MAX_INTEGER, MAX_LINE, SENT_AT_WINDOW_MS, type ChatSource, type ChatSourceHandlers } from './twitch-source.ts';

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

interface Fragment {
  type?: string;
  text?: string;
  emote?: { id?: string } | null;
}

/** Emote fragments as IRC's emotes tag: `id:start-end,start-end/id:start-end`, positions in characters. */
export function emotesOf(fragments: unknown): string | null {
  if (!Array.isArray(fragments)) return null;
  const positions = new Map<string, string[]>();
  let at = 0;
  for (const fragment of fragments as Fragment[]) {
    const length = [...(typeof fragment?.text === 'string' ? fragment.text : '')].length;
    const id = fragment?.type === 'emote' ? fragment.emote?.id : undefined;
    if (id && length > 0) positions.set(id, [...(positions.get(id) ?? []), `${at}-${at + length - 1}`]);
    at += length;
  }
  return positions.size > 0 ? [...positions].map(([id, spans]) => `${id}:${spans.join(',')}`).join('/') : null;
}

const badgesOf = (badges: unknown): string =>
  Array.isArray(badges)
    ? (badges as { set_id?: unknown; id?: unknown }[])
        .filter((badge) => text(badge?.set_id) && text(badge?.id))
        .map((badge) => `${String(badge.set_id)}/${String(badge.id)}`)
        .join(',')
    : '';

/** The time Twitch stamped the notification with: null when it is not one a real notification carries. */
function sentAtOf(at: number, now: number): number | null {
  return Number.isFinite(at) && Math.abs(at - now) <= SENT_AT_WINDOW_MS ? Math.floor(at) : null;
}

/** A chat message or notice as an archived line; null when it lacks what Twitch always sends or carries what it never does. */
export function eventSubLine(notification: EventSubNotification, now = Date.now()): ChatLine | null {
  const { event } = notification;
  const sentAt = sentAtOf(notification.at, now);
  const msgId = text(event.message_id);
  const chatterId = text(event.chatter_user_id);
  const login = text(event.chatter_user_login);
  const message = (event.message ?? {}) as { text?: unknown; fragments?: unknown };
  const body = typeof message.text === 'string' ? message.text : '';
  if (sentAt === null || !msgId || !chatterId || !login) return null;
  if (body.length > MAX_LINE || body.includes('\0') || msgId.length > 200 || chatterId.length > 200) return null;
  const cheer = event.cheer as { bits?: unknown } | null | undefined;
  let bits: number | null = null;
  if (cheer && cheer.bits !== undefined && cheer.bits !== null) {
    const count = Number(cheer.bits);
    if (!Number.isInteger(count) || count < 1 || count > MAX_INTEGER) return null;
    bits = count;
  }
  const notice = notification.type === 'channel.chat.notification';
  const system = typeof event.system_message === 'string' ? event.system_message : '';
  if (system.includes('\0') || system.length > MAX_LINE) return null;
  return {
    msgId,
    sentAt,
    chatterId,
    login: login.toLowerCase(),
    displayName: text(event.chatter_user_name) ?? login,
    color: text(event.color),
    badges: badgesOf(event.badges),
    emotes: emotesOf(message.fragments),
    bits,
    kind: notice ? (text(event.notice_type) ?? 'usernotice') : 'privmsg',
    text: notice && !body ? system : body,
  };
}

/** A deletion or a clear as a moderation event; null when its time is not one a real notification carries. */
export function eventSubModeration(notification: EventSubNotification, now = Date.now()): ChatModeration | null {
  const { event } = notification;
  const at = sentAtOf(notification.at, now);
  if (at === null) return null;
  const targetLogin = text(event.target_user_login)?.toLowerCase() ?? null;
  if (notification.type === 'channel.chat.message_delete') {
    const targetMsgId = text(event.message_id);
    if (!targetMsgId) return null;
    return { kind: 'clearmsg', at, targetLogin, targetMsgId, duration: null };
  }
  if (notification.type === 'channel.chat.clear_user_messages') {
    const targetId = text(event.target_user_id);
    if (!targetId) return null;
    // EventSub says the chatter's messages were cleared, not for how long (a timeout and a ban look alike).
    return { kind: 'clearchat', at, targetLogin, targetId, targetMsgId: null, duration: null };
  }
  return { kind: 'clearchat', at, targetLogin: null, targetId: null, targetMsgId: null, duration: null };
}

const CHAT = new Set(['channel.chat.message', 'channel.chat.notification']);
const MODERATION = new Set(['channel.chat.message_delete', 'channel.chat.clear_user_messages', 'channel.chat.clear']);

/** Hands one notification to the archive's handlers (a line, a moderation event, or a skipped count). */
export function deliver(
  notification: EventSubNotification,
  handlers: Pick<ChatSourceHandlers, 'line' | 'moderation' | 'skipped'>,
) {
  if (CHAT.has(notification.type)) {
    const line = eventSubLine(notification);
    if (line) handlers.line(line);
    else handlers.skipped(1);
  } else if (MODERATION.has(notification.type)) {
    const event = eventSubModeration(notification);
    if (event) handlers.moderation(event);
    else handlers.skipped(1);
  }
}

/** The words the screen shows when Twitch ended the channel's EventSub reading. */
export function revokedProblem(reason: string): string {
  if (reason === 'user_removed')
    return 'Twitch stopped sending this chat to Castbridge: the channel is no longer available (suspended or deleted). Archiving resumes when Twitch sends it again.';
  if (reason === 'version_removed')
    return 'Twitch stopped sending this chat to Castbridge (a version Twitch no longer offers): Castbridge must be updated.';
  return 'Twitch no longer lets Castbridge read this chat: connect Twitch again on Connect Accounts to go on archiving it.';
}

export function eventSubChatSource(
  manager: EventSubManager,
  channel: { broadcasterId: string; login: string },
  handlers: ChatSourceHandlers,
  /** The channel's IRC source, when EventSub cannot take it. */
  fallback: () => ChatSource,
  logger: Logger,
): ChatSource {
  let irc: ChatSource | null = null;
  let stopped = false;
  const listener: ChannelListener = {
    notification: (notification) => {
      if (!stopped) deliver(notification, handlers);
    },
    connected: () => handlers.connected(),
    disconnected: (reason) => handlers.disconnected(reason),
    revoked: (reason) => handlers.problem?.(revokedProblem(reason)),
    problem: (message) => handlers.problem?.(message),
    unavailable: (reason) => {
      if (stopped || irc) return;
      logger.warn('eventsub: the channel is read over IRC', { channel: channel.login, reason });
      irc = fallback();
      void irc.start();
    },
  };
  return {
    async start() {
      manager.add(channel, listener);
    },
    async stop() {
      stopped = true;
      await manager.remove(channel.broadcasterId);
      await irc?.stop();
    },
  };
}

/**
 * Notifications for channels this instance does not ingest (a conduit shard receives any channel's), written to the
 * archive from here in batches like an ingester's. The archive keeps a message id once, so a message is stored once
 * whichever instance received it; the channel's own ingester records its gaps.
 */
export function createUnclaimedWriter(deps: {
  archive: Archive;
  logger: Logger;
  /** The archived channel of a broadcaster id, or null when nobody archives it (the notification is dropped). */
  channelOf: (broadcasterId: string) => Promise<ChannelKey | null>;
}) {
  const pending = new Map<
    string,
    { key: Promise<ChannelKey | null>; lines: ChatLine[]; moderation: ChatModeration[]; skipped: number }
  >();
  let timer: NodeJS.Timeout | null = null;
  let writing: Promise<void> = Promise.resolve();

  async function flush() {
    if (timer) clearTimeout(timer);
    timer = null;
    const batches = [...pending.values()];
    pending.clear();
    writing = writing.then(async () => {
      for (const batch of batches) {
        const key = await batch.key.catch(() => null);
        if (!key) continue;
        await deps.archive
          .write(key, {
            messages: batch.lines,
            moderation: batch.moderation,
            skipped: batch.skipped,
            seenAt: Date.now(),
          })
          .catch((error: unknown) =>
            deps.logger.error('eventsub: writing another instance’s chat failed', {
              channel: key.channel,
              error: (error as Error).message,
            }),
          );
      }
    });
    await writing;
  }

  return {
    write(broadcasterId: string, notification: EventSubNotification) {
      let batch = pending.get(broadcasterId);
      if (!batch) {
        batch = { key: deps.channelOf(broadcasterId), lines: [], moderation: [], skipped: 0 };
        pending.set(broadcasterId, batch);
      }
      const into = batch;
      deliver(notification, {
        line: (line) => into.lines.push(line),
        moderation: (event) => into.moderation.push(event),
        skipped: (count) => (into.skipped += count),
      });
      if (into.lines.length >= BATCH_MESSAGES) void flush();
      else timer ??= setTimeout(() => void flush(), BATCH_MS);
    },
    flush,
  };
}
