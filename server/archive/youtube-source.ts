// YouTube live chat as a source for the archive (docs/product.md §Chat archive), behind the same interface as Twitch's: the channel's
// active broadcast (liveBroadcasts.list, mine=true) gives its liveChatId, then liveChatMessages.list is polled at the
// interval the API returns, with the page token, until the chat ends. The broadcast is the stream session (its id,
// title and actual start), ended when its chat ends. The OAuth token comes from the connected
// account (refreshed before expiry). Quota and permission errors, and a token Google no longer grants (the creator
// revoked Castbridge), are reported as the channel's problem, shown on the Archive Chat screen; a network failure is a
// lost connection (a gap). Nothing thrown in the loop leaves it: an unhandled rejection would end the whole server.
import type { ChatLine, ChatModeration, LiveStream } from './store.ts';
import { MAX_INTEGER, reconnectProblem, type ChatSource, type ChatSourceHandlers } from './twitch-source.ts';

/** How often to look for a live broadcast while the channel is not live. */
export const OFFLINE_POLL_MS = 60_000;
/** The API's own interval is honoured but never below this. */
export const MIN_POLL_MS = 1000;
/** After a quota error: the quota resets daily; look again in a while. */
export const QUOTA_RETRY_MS = 15 * 60_000;
/** After a fault of the loop itself (not an answer of the API's): read again from the start after this. */
export const RESTART_MS = 5000;

/** The connected account's token was refused (revoked on Google's side): only connecting again brings it back. */
class TokenRefused extends Error {
  override name = 'TokenRefused';
}

interface Broadcast {
  id?: string;
  snippet?: { liveChatId?: string; title?: string; actualStartTime?: string };
}

interface Item {
  id?: string;
  snippet?: {
    type?: string;
    publishedAt?: string;
    displayMessage?: string;
    textMessageDetails?: { messageText?: string };
    superChatDetails?: { amountMicros?: string; currency?: string; amountDisplayString?: string; userComment?: string };
    messageDeletedDetails?: { deletedMessageId?: string };
    userBannedDetails?: {
      bannedUserDetails?: { channelId?: string; displayName?: string };
      banType?: string;
      banDurationSeconds?: string;
    };
  };
  authorDetails?: {
    channelId?: string;
    displayName?: string;
    isChatOwner?: boolean;
    isChatModerator?: boolean;
    isChatSponsor?: boolean;
    isVerified?: boolean;
  };
}

/**
 * YouTube has no login: a chatter is named by their display name, made into a login-like key (lower case, spaces and
 * punctuation as `_`) that keeps the letters and digits of every script, so that 山田 and Алексей stay apart and are
 * searched by their names. It is a name, not an identity (display names are not unique): a chatter is deleted and
 * moderated by their channel id.
 */
export const youtubeLogin = (displayName: string) =>
  Array.from(
    displayName
      .normalize('NFC')
      .toLowerCase()
      .replace(/^@/, '')
      .replace(/[^\p{L}\p{M}\p{N}_.-]+/gu, '_'),
  )
    .slice(0, 64)
    .join('') || 'unknown';

/** A Super Chat's amount and currency as the API gives them (amountMicros is a string of an integer). */
function superChat(
  details: { amountMicros?: string; currency?: string } | undefined,
): { amountMicros: number; currency: string } | Record<string, never> {
  const micros = Number(details?.amountMicros);
  return details && Number.isSafeInteger(micros) && micros > 0 && /^[A-Z]{3}$/.test(details.currency ?? '')
    ? { amountMicros: micros, currency: details.currency! }
    : {};
}

export function youtubeItem(item: Item): { line: ChatLine } | { moderation: ChatModeration } | null {
  const snippet = item.snippet;
  const at = Date.parse(snippet?.publishedAt ?? '');
  if (!snippet || !Number.isFinite(at)) return null;
  if (snippet.type === 'messageDeletedEvent') {
    return {
      moderation: {
        kind: 'clearmsg',
        at,
        targetLogin: null,
        targetMsgId: snippet.messageDeletedDetails?.deletedMessageId ?? null,
        duration: null,
      },
    };
  }
  if (snippet.type === 'userBannedEvent') {
    const banned = snippet.userBannedDetails;
    const target = banned?.bannedUserDetails;
    // The banned chatter is known by their channel id; a ban that names nobody would read as clearing the whole chat.
    if (!target?.channelId) return null;
    const duration = Number(banned?.banDurationSeconds);
    // A timeout's seconds as the column holds them; anything else is kept as a ban of unknown length.
    return {
      moderation: {
        kind: 'clearchat',
        at,
        targetId: target.channelId,
        targetLogin: youtubeLogin(target.displayName ?? ''),
        targetMsgId: null,
        duration:
          banned?.banType === 'temporary' && Number.isInteger(duration) && duration > 0 && duration <= MAX_INTEGER
            ? duration
            : null,
      },
    };
  }
  if (snippet.type !== 'textMessageEvent' && snippet.type !== 'superChatEvent') return null;
  const author = item.authorDetails;
  if (!item.id || !author?.channelId || !author.displayName) return null;
  const badges = [
    author.isChatOwner && 'broadcaster/1',
    author.isChatModerator && 'moderator/1',
    author.isChatSponsor && 'member/1',
    author.isVerified && 'verified/1',
  ]
    .filter(Boolean)
    .join(',');
  const text =
    snippet.type === 'superChatEvent'
      ? `[${snippet.superChatDetails?.amountDisplayString ?? 'Super Chat'}] ${snippet.superChatDetails?.userComment ?? ''}`.trim()
      : (snippet.textMessageDetails?.messageText ?? snippet.displayMessage ?? '');
  return {
    line: {
      msgId: item.id,
      sentAt: at,
      chatterId: author.channelId,
      login: youtubeLogin(author.displayName),
      displayName: author.displayName,
      color: null,
      badges,
      emotes: null,
      bits: null,
      kind: snippet.type === 'superChatEvent' ? 'superchat' : 'privmsg',
      text,
      ...superChat(snippet.superChatDetails),
    },
  };
}

export function youtubeChatSource(
  deps: { apiBase: () => string; accessToken: () => Promise<string>; fetch?: typeof fetch },
  handlers: ChatSourceHandlers & { problem?(message: string | null): void },
): ChatSource {
  let stopped = false;
  let wake: (() => void) | null = null;
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  let loop: Promise<void> | null = null;

  async function token() {
    try {
      return await deps.accessToken();
    } catch (error) {
      // A refused refresh (or no refresh token) comes as a 409 with a status; an unreachable provider has none.
      if ((error as { status?: number }).status !== undefined) throw new TokenRefused((error as Error).message);
      throw error;
    }
  }

  async function get(path: string, query: Record<string, string>) {
    const response = await (deps.fetch ?? fetch)(`${deps.apiBase()}/youtube/v3/${path}?${new URLSearchParams(query)}`, {
      headers: { authorization: `Bearer ${await token()}`, accept: 'application/json' },
      signal: AbortSignal.timeout(15_000),
    });
    const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    return { status: response.status, body };
  }

  const reasonOf = (body: Record<string, unknown> | undefined) => {
    const error = body?.error as { errors?: { reason?: string }[]; message?: string } | undefined;
    return { reason: error?.errors?.[0]?.reason ?? '', message: error?.message ?? 'refused' };
  };

  /** The broadcast being read, reported live again at most once a minute while its chat is read. */
  let broadcast: LiveStream | null = null;
  let reportedAt = 0;
  const reportLive = (force = false) => {
    if (!broadcast || (!force && Date.now() - reportedAt < 60_000)) return;
    reportedAt = Date.now();
    handlers.streamLive?.(broadcast);
  };
  const ended = () => {
    broadcast = null;
    handlers.streamOffline?.();
  };

  async function run() {
    let liveChatId: string | null = null;
    let pageToken: string | null = null;
    let connected = false;
    let lost = false;
    while (!stopped) {
      try {
        if (!liveChatId) {
          const { status, body } = await get('liveBroadcasts', {
            part: 'snippet',
            broadcastStatus: 'active',
            mine: 'true',
          });
          if (status !== 200) throw Object.assign(new Error('liveBroadcasts'), { status, body });
          const found = ((body.items as Broadcast[] | undefined) ?? []).find((b) => b.snippet?.liveChatId);
          liveChatId = found?.snippet?.liveChatId ?? null;
          pageToken = null;
          if (lost || !connected) {
            connected = true;
            lost = false;
            handlers.connected();
          }
          handlers.problem?.(null);
          if (!found || !liveChatId) {
            ended();
            await sleep(OFFLINE_POLL_MS);
            continue;
          }
          const startedAt = Date.parse(found.snippet?.actualStartTime ?? '');
          broadcast = {
            streamId: found.id ?? liveChatId,
            title: found.snippet?.title ?? '',
            startedAt: Number.isFinite(startedAt) ? startedAt : Date.now(),
          };
          reportLive(true);
        }
        const { status, body } = await get('liveChat/messages', {
          liveChatId,
          part: 'snippet,authorDetails',
          maxResults: '2000',
          ...(pageToken ? { pageToken } : {}),
        });
        if (status !== 200) throw Object.assign(new Error('liveChatMessages'), { status, body });
        if (lost) {
          lost = false;
          handlers.connected();
        }
        handlers.problem?.(null);
        for (const item of (body.items as Item[] | undefined) ?? []) {
          const read = youtubeItem(item);
          if (!read) handlers.skipped(1);
          else if ('line' in read) handlers.line(read.line);
          else handlers.moderation(read.moderation);
        }
        pageToken = typeof body.nextPageToken === 'string' ? body.nextPageToken : pageToken;
        if (typeof body.offlineAt === 'string') {
          liveChatId = null;
          ended();
          continue;
        }
        reportLive();
        await sleep(Math.max(MIN_POLL_MS, Number(body.pollingIntervalMillis) || 5000));
      } catch (error) {
        if (stopped) return;
        if (error instanceof TokenRefused) {
          // The account is marked "reconnect" and the supervisor stops this ingester; until then, nothing is asked.
          handlers.problem?.(reconnectProblem('youtube'));
          await sleep(QUOTA_RETRY_MS);
          continue;
        }
        const status = (error as { status?: number }).status;
        if (status !== undefined) {
          const { reason, message } = reasonOf((error as { body?: Record<string, unknown> }).body);
          if (reason === 'liveChatEnded' || reason === 'liveChatNotFound' || status === 404) {
            liveChatId = null;
            ended();
            continue;
          }
          if (reason === 'quotaExceeded' || reason === 'rateLimitExceeded' || status === 403 || status === 401) {
            handlers.problem?.(
              reason === 'quotaExceeded'
                ? 'YouTube says the daily API quota is used up: the chat is read again when it resets.'
                : `YouTube refused to read the live chat: ${message}`,
            );
            await sleep(reason === 'rateLimitExceeded' ? 30_000 : QUOTA_RETRY_MS);
            continue;
          }
        }
        // Unreachable, a 5xx, or a token the platform no longer accepts: the chat is lost until it answers again.
        if (!lost) {
          lost = true;
          handlers.disconnected((error as Error).message);
        }
        await sleep(5000);
      }
    }
  }

  /** run(), started again after a fault of its own (a handler that threw): the chat is lost meanwhile, a gap. */
  async function supervised() {
    while (!stopped) {
      try {
        await run();
      } catch (error) {
        if (stopped) return;
        try {
          handlers.disconnected(`reading the YouTube chat failed: ${(error as Error).message}`);
        } catch {
          // The ingester's own fault: reading goes on all the same.
        }
        await sleep(RESTART_MS);
      }
    }
  }

  return {
    async start() {
      loop = supervised();
    },
    async stop() {
      stopped = true;
      (wake as (() => void) | null)?.();
      await loop;
    },
  };
}
