// YouTube live chat as a source for the archive (docs/product.md §Chat archive), behind the same interface as Twitch's: the channel's
// active broadcast (liveBroadcasts.list, broadcastStatus=active) gives its liveChatId, then the chat is read until it ends — through
// liveChatMessages.streamList where the broadcast offers it (one call, 5 units, streams the chat; a dropped stream is a
// lost connection, a gap, and is opened again from the last page token), else by polling liveChatMessages.list with the
// page token. The broadcast is the stream session (its id, title and actual start), ended when its chat ends. The OAuth
// token comes from the connected account (refreshed before expiry).
//
// Every call spends the Google Cloud project's daily quota (docs/product.md §Platform limits): they go through the
// governor (deps.fetch), and a shared pacer spreads what is left of the day over the archived YouTube channels, so that
// the looks for a live broadcast (5 units a channel a look) and the polls of the chats that cannot stream last until
// the quota resets at midnight Pacific — never faster than the API's own interval. When the budget cannot cover a
// channel all the same (the governor refuses, or Google answers quotaExceeded), the creator sees it in plain words and
// the time until the reset is a gap, as after a reconnect. Permission errors, and a token Google no longer grants (the
// creator revoked Castbridge), are reported as the channel's problem, shown on the Archive Chat screen; a network
// failure is a lost connection (a gap). Nothing thrown in the loop leaves it: an unhandled rejection would end the
// whole server.
import { nextPacificMidnight } from '../connections/governor.ts';
import type { ChatLine, ChatModeration, LiveStream } from './store.ts';
import { MAX_INTEGER, reconnectProblem, type ChatSource, type ChatSourceHandlers } from './twitch-source.ts';

/** The channel's problem while the project's daily quota cannot cover it (Archive Chat and Analytics show it). */
export const YOUTUBE_QUOTA_PROBLEM = "YouTube's daily limit is reached: chat is kept again from 00:00 Pacific";
/** The fastest a channel is looked at for a live broadcast, however much quota is left. */
export const OFFLINE_POLL_MS = 60_000;
/** The API's own interval is honoured but never below this. */
export const MIN_POLL_MS = 1000;
/** After a refusal that is not the quota (a permission): look again in a while. */
export const QUOTA_RETRY_MS = 15 * 60_000;
/** After a fault of the loop itself (not an answer of the API's): read again from the start after this. */
export const RESTART_MS = 5000;
/** After a lost connection (a dropped stream, no answer): the fastest it is tried again. */
export const RECONNECT_MS = 5000;
/** Units each call this source makes costs (liveBroadcasts.list, liveChatMessages.list and .streamList alike). */
export const CALL_UNITS = 5;
/** Waited past the reset before calling again: the platform's clock and ours differ a little. */
export const RESET_SLACK_MS = 2000;

/**
 * What a channel is doing, and its weight in the split of the day's units: a chat read by polling costs a call per
 * interval and gets four shares; a look for a live broadcast, or a stream (one call per connection), one.
 */
export type PaceState = 'looking' | 'polling' | 'streaming';
export const PACE_WEIGHTS: Record<PaceState, number> = { looking: 1, streaming: 1, polling: 4 };

export interface PacedChannel {
  set(state: PaceState): void;
  /**
   * How long to wait before this channel's next call: the slowest interval that spends no more than its share of
   * what is left until the reset (never below `floorMs`, never past the reset).
   */
  interval(floorMs: number): number;
  leave(): void;
}

export interface YouTubePacer {
  join(): PacedChannel;
  /** The channels joined on this instance (tests). */
  size(): number;
}

/**
 * The pacing of every archived YouTube channel of this instance: the project's units left for chat until the reset
 * (the governor's estimate for the whole cluster), spread by weight over the channels archived. With `clusterChannels`
 * the channels the other instances archive count too (their weights taken as this instance's on average).
 */
export function createYouTubePacer(deps: {
  remaining: () => { units: number; resetAt: number; refused: boolean };
  now?: () => number;
  /** Archived YouTube channels across the cluster, read once a minute. */
  clusterChannels?: () => Promise<number>;
}): YouTubePacer {
  const now = deps.now ?? Date.now;
  const channels = new Set<{ state: PaceState }>();
  let cluster = 0;
  let countedAt = -Infinity;
  let counting = false;
  const recount = () => {
    if (!deps.clusterChannels || counting || now() - countedAt < 60_000) return;
    counting = true;
    deps
      .clusterChannels()
      .then((count) => {
        cluster = count;
        countedAt = now();
      })
      .catch(() => {})
      .finally(() => {
        counting = false;
      });
  };
  return {
    size: () => channels.size,
    join() {
      const channel = { state: 'looking' as PaceState };
      channels.add(channel);
      return {
        set(state) {
          channel.state = state;
        },
        interval(floorMs) {
          recount();
          const at = now();
          const { units, resetAt } = deps.remaining();
          const untilReset = Math.max(0, resetAt - at) + RESET_SLACK_MS;
          if (units < CALL_UNITS) return Math.max(floorMs, untilReset);
          let weights = 0;
          for (const other of channels) weights += PACE_WEIGHTS[other.state];
          const scale = Math.max(1, cluster / Math.max(1, channels.size));
          const share = (units * PACE_WEIGHTS[channel.state]) / (weights * scale);
          // A call of CALL_UNITS per `interval`, over the time to the reset, spends the share and no more.
          const interval = Math.ceil((CALL_UNITS * Math.max(1, resetAt - at)) / share);
          return Math.max(floorMs, Math.min(interval, untilReset));
        },
        leave() {
          channels.delete(channel);
        },
      };
    },
  };
}

/**
 * Reads a JSON array streamed over time (streamList's REST answer: `[`, objects separated by `,`, `]`): each chunk
 * gives the objects it completed, and whether the array closed.
 */
export function jsonArrayReader() {
  let buffer = '';
  let pos = 0;
  let depth = 0;
  let inString = false;
  let escaped = false;
  let start = -1;
  let closed = false;
  return (chunk: string): { objects: unknown[]; closed: boolean } => {
    buffer += chunk;
    const objects: unknown[] = [];
    for (; pos < buffer.length && !closed; pos += 1) {
      const ch = buffer[pos]!;
      if (inString) {
        if (escaped) escaped = false;
        else if (ch === '\\') escaped = true;
        else if (ch === '"') inString = false;
        continue;
      }
      if (ch === '"') inString = true;
      else if (ch === '{' || ch === '[') {
        if (depth === 0 && ch === '[' && start < 0) continue; // the array's own bracket
        if (depth === 0) start = pos;
        depth += 1;
      } else if (ch === '}' || ch === ']') {
        if (depth === 0) {
          if (ch === ']') closed = true;
          continue;
        }
        depth -= 1;
        if (depth === 0) {
          objects.push(JSON.parse(buffer.slice(start, pos + 1)));
          start = -1;
        }
      }
    }
    // What is read is let go: an open object is kept from its start.
    const keep = start >= 0 ? start : pos;
    buffer = buffer.slice(keep);
    pos -= keep;
    if (start >= 0) start = 0;
    return { objects, closed };
  };
}

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
  deps: {
    apiBase: () => string;
    accessToken: () => Promise<string>;
    /** Every call goes through it: the governor's fetch for the project's quota (server/app.ts). */
    fetch?: typeof fetch;
    /** The instance's pacing of all its YouTube channels; without one, the API's intervals (and a minute's looks). */
    pacer?: YouTubePacer;
    /** A call put off until the reset (shown to operators beside the budget). */
    defer?: (until: number) => void;
    /** The clock and the wait (tests run a day in seconds). */
    now?: () => number;
    sleep?: (ms: number) => Promise<void>;
  },
  handlers: ChatSourceHandlers & { problem?(message: string | null): void },
): ChatSource {
  const now = deps.now ?? Date.now;
  let stopped = false;
  let wake: (() => void) | null = null;
  /** The open stream, closed at stop. */
  let reading: AbortController | null = null;
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      if (stopped) return resolve();
      const timer = deps.sleep ? null : setTimeout(resolve, ms);
      if (deps.sleep) void deps.sleep(ms).then(resolve);
      wake = () => {
        if (timer) clearTimeout(timer);
        resolve();
      };
    });
  let loop: Promise<void> | null = null;
  const fetcher = deps.fetch ?? fetch;
  const pace: PacedChannel = deps.pacer?.join() ?? {
    set() {},
    interval: (floorMs) => floorMs,
    leave() {},
  };

  async function token() {
    try {
      return await deps.accessToken();
    } catch (error) {
      // A refused refresh (or no refresh token) comes as a 409 with a status; an unreachable provider has none.
      if ((error as { status?: number }).status !== undefined) throw new TokenRefused((error as Error).message);
      throw error;
    }
  }

  const urlOf = (path: string, query: Record<string, string>) =>
    `${deps.apiBase()}/youtube/v3/${path}?${new URLSearchParams(query)}`;

  async function get(path: string, query: Record<string, string>) {
    const response = await fetcher(urlOf(path, query), {
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
  let reportedAt = -Infinity;
  const reportLive = (force = false) => {
    if (!broadcast || (!force && now() - reportedAt < 60_000)) return;
    reportedAt = now();
    handlers.streamLive?.(broadcast);
  };
  const ended = () => {
    broadcast = null;
    handlers.streamOffline?.();
  };

  // Where reading stands: the live chat, the page token to go on from, and whether its broadcast streams.
  let liveChatId: string | null = null;
  let pageToken: string | null = null;
  let streams = true;
  let connected = false;
  let lost = false;
  /** An answer came: a gap that was open ends (the ingester records it), and the problem is cleared. */
  const answered = () => {
    if (lost || !connected) {
      connected = true;
      lost = false;
      handlers.connected();
    }
    handlers.problem?.(null);
  };
  const lose = (reason: string) => {
    if (lost) return;
    lost = true;
    handlers.disconnected(reason);
  };

  /** One page of the chat (an object of the stream, or a poll's answer). */
  function page(body: Record<string, unknown>): boolean {
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
      return true;
    }
    reportLive();
    return false;
  }

  /**
   * Reads the chat through streamList until it ends ('ended'), the broadcast turns out not to offer it
   * ('unsupported'), or the stream drops (the reason). Refusals are thrown as a poll's are.
   */
  async function stream(chatId: string): Promise<'ended' | 'unsupported' | { dropped: string }> {
    const controller = new AbortController();
    reading = controller;
    try {
      const response = await fetcher(
        urlOf('liveChat/messages/stream', {
          liveChatId: chatId,
          part: 'snippet,authorDetails',
          ...(pageToken ? { pageToken } : {}),
        }),
        {
          headers: { authorization: `Bearer ${await token()}`, accept: 'application/json' },
          signal: controller.signal,
        },
      );
      if (response.status !== 200) {
        const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
        const { reason } = reasonOf(body);
        // Not offered for this broadcast (or not at all here): its chat is polled instead.
        if (
          (response.status === 400 || response.status === 404 || response.status === 405 || response.status === 501) &&
          reason !== 'liveChatEnded' &&
          reason !== 'liveChatNotFound' &&
          reason !== 'liveChatDisabled'
        )
          return 'unsupported';
        throw Object.assign(new Error('liveChatMessages.streamList'), { status: response.status, body });
      }
      answered();
      if (!response.body) return { dropped: 'the stream had no body' };
      const read = jsonArrayReader();
      const decoder = new TextDecoder();
      const reader = response.body.getReader();
      // A fetch answered in process does not end its body when aborted: stopping cancels the read itself.
      controller.signal.addEventListener('abort', () => void reader.cancel().catch(() => {}));
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) return { dropped: 'the stream ended before the chat did' };
          const { objects, closed } = read(decoder.decode(value, { stream: true }));
          for (const object of objects) if (page(object as Record<string, unknown>)) return 'ended';
          if (closed) return { dropped: 'the stream ended before the chat did' };
        }
      } catch (error) {
        return { dropped: `the stream dropped: ${(error as Error).message}` };
      } finally {
        void reader.cancel().catch(() => {});
      }
    } finally {
      if (reading === controller) reading = null;
    }
  }

  /** The day's quota cannot cover this channel: said in plain words, a gap until the reset, then read again. */
  async function quotaSpent(retryAt: number) {
    // A sentence of the Archive Chat screen, ended as its others are.
    handlers.problem?.(`${YOUTUBE_QUOTA_PROBLEM}.`);
    lose('the YouTube daily quota is spent');
    deps.defer?.(retryAt);
    await sleep(Math.max(MIN_POLL_MS, retryAt - now() + RESET_SLACK_MS));
  }

  /** A broadcast just ended: the next look for one waits its paced interval like any other. */
  async function afterEnd() {
    pace.set('looking');
    await sleep(pace.interval(OFFLINE_POLL_MS));
  }

  async function run() {
    while (!stopped) {
      try {
        if (!liveChatId) {
          pace.set('looking');
          // One filter only (YouTube refuses two): broadcastStatus alone lists the token's own channel's.
          const { status, body } = await get('liveBroadcasts', { part: 'snippet', broadcastStatus: 'active' });
          if (status !== 200) throw Object.assign(new Error('liveBroadcasts'), { status, body });
          const found = ((body.items as Broadcast[] | undefined) ?? []).find((b) => b.snippet?.liveChatId);
          liveChatId = found?.snippet?.liveChatId ?? null;
          pageToken = null;
          streams = true;
          answered();
          if (!found || !liveChatId) {
            ended();
            await sleep(pace.interval(OFFLINE_POLL_MS));
            continue;
          }
          const startedAt = Date.parse(found.snippet?.actualStartTime ?? '');
          broadcast = {
            streamId: found.id ?? liveChatId,
            title: found.snippet?.title ?? '',
            startedAt: Number.isFinite(startedAt) ? startedAt : now(),
          };
          reportLive(true);
        }
        if (streams) {
          pace.set('streaming');
          const outcome = await stream(liveChatId);
          if (stopped) return;
          if (outcome === 'unsupported') streams = false;
          else if (outcome === 'ended') await afterEnd();
          else {
            // A dropped stream is a lost connection: a gap until it is open again, from the last page token.
            lose(outcome.dropped);
            await sleep(pace.interval(RECONNECT_MS));
          }
          continue;
        }
        pace.set('polling');
        const { status, body } = await get('liveChat/messages', {
          liveChatId,
          part: 'snippet,authorDetails',
          maxResults: '2000',
          ...(pageToken ? { pageToken } : {}),
        });
        if (status !== 200) throw Object.assign(new Error('liveChatMessages'), { status, body });
        answered();
        if (page(body)) {
          await afterEnd();
          continue;
        }
        await sleep(pace.interval(Math.max(MIN_POLL_MS, Number(body.pollingIntervalMillis) || 5000)));
      } catch (error) {
        if (stopped) return;
        if (error instanceof TokenRefused) {
          // The account is marked "reconnect" and the supervisor stops this ingester; until then, nothing is asked.
          handlers.problem?.(reconnectProblem('youtube'));
          await sleep(QUOTA_RETRY_MS);
          continue;
        }
        // The governor has no units for it before the reset (maxWaitMs 0: chat never queues behind the quota).
        if ((error as Error).name === 'BudgetExhausted') {
          await quotaSpent((error as { retryAt: number }).retryAt);
          continue;
        }
        const status = (error as { status?: number }).status;
        if (status !== undefined) {
          const { reason, message } = reasonOf((error as { body?: Record<string, unknown> }).body);
          if (reason === 'liveChatEnded' || reason === 'liveChatNotFound' || status === 404) {
            liveChatId = null;
            ended();
            await afterEnd();
            continue;
          }
          if (reason === 'quotaExceeded' || reason === 'dailyLimitExceeded') {
            await quotaSpent(nextPacificMidnight(now()));
            continue;
          }
          if (reason === 'rateLimitExceeded' || status === 403 || status === 401) {
            handlers.problem?.(`YouTube refused to read the live chat: ${message}`);
            await sleep(reason === 'rateLimitExceeded' ? 30_000 : QUOTA_RETRY_MS);
            continue;
          }
        }
        // Unreachable, a 5xx, or a token the platform no longer accepts: the chat is lost until it answers again.
        lose((error as Error).message);
        await sleep(pace.interval(RECONNECT_MS));
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
        liveChatId = null;
        try {
          lost = true;
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
      reading?.abort();
      (wake as (() => void) | null)?.();
      await loop;
      pace.leave();
    },
  };
}
