// The chat bot (docs/product.md §The chat bot): with the creator's consent (bot_consents, per connected account),
// Castbridge's own chat account posts the sponsor's message, the offer's tracked link and #ad every N minutes while
// the platform says the creator's channel is live (the live watch's last look, server/connections/live.ts), and
// answers `!<command>` with the same line. Twitch: Helix Send Chat Message as the bot's user
// (TWITCH_BOT_REFRESH_TOKEN); YouTube: liveChatMessages.insert as Castbridge's YouTube account
// (YOUTUBE_BOT_REFRESH_TOKEN), 50 units a post that the governor grants or refuses. Every attempt is kept as proof
// (bot_posts: the platform's message id, or why it was dropped); a scheduled post the platform accepted counts toward
// the deliverable (offer_days.bot_posts, in the same transaction).
//
// Limits: Twitch lets an account that is not the channel's moderator send 20 messages per 30 seconds; the bot counts
// its own sent and attempted Twitch posts of the last 30 s in bot_posts (every instance writes there) and keeps
// two below, so that neither the schedule nor commands, nor two instances, ever pass it. The schedule runs as one job
// across instances (BOT_TICK_SECONDS); posts go one at a time.
//
// Commands: the bot hears a channel's chat through the archive (server/app.ts shows it every batch written), so
// `!<command>` is answered only in channels whose chat is being read (Archive Chat on); elsewhere the schedule alone
// posts.
import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { botLine, CHAT_LINE_MAX, chatLineProblem, fitBotLine, TWITCH_CHAT_LIMIT } from '../../contract/deliverables.ts';
import type { Config, OAuthClient } from '../config.ts';
import { createProvider, TWITCH_BOT_SCOPES } from '../connections/providers.ts';
import { BudgetExhausted, type Governor } from '../connections/governor.ts';
import type { Database } from '../db/types.ts';
import { HttpError } from '../http/errors.ts';
import type { SelfFetch } from '../http/self-fetch.ts';
import type { JobQueue } from '../jobs/queue.ts';
import type { Logger } from '../log.ts';
import type { Links } from '../mail/links.ts';
import { bumpDay, touchProgress, utcDay } from './days.ts';
import { ensureLink, linkUrl } from './links.ts';
import { deliverablesProblems } from './problems.ts';

const BOT_JOB = 'chat-bot';
const BOT_KEY = 'chat-bot:tick';
/** Twitch posts kept below the limit: room for a post another instance is sending this very moment. */
const TWITCH_HEADROOM = 2;
/** A command answered at most once in this long per offer and channel. */
const COMMAND_QUIET_MS = 30_000;
/** A live look older than this is not trusted: the channel may have ended since. */
const STALE_LOOK_MS = 3 * 60_000;
const CALL_TIMEOUT_MS = 10_000;
const PLATFORM_NAMES = { twitch: 'Twitch', youtube: 'YouTube' } as const;

/** Why a Twitch post cannot go: the chat account's token lacks `scope` (Send Chat Message needs user:write:chat). */
export const botScopeMissing = (scope: string) =>
  `Castbridge’s Twitch chat account has not granted ${scope}: an operator authorizes it again with the scopes ` +
  `${TWITCH_BOT_SCOPES.join(' ')} and sets its refresh token as TWITCH_BOT_REFRESH_TOKEN`;

export type BotPlatform = 'twitch' | 'youtube';

export interface BotDeps {
  db: Kysely<Database>;
  config: Pick<Config, 'deliverables' | 'livePollSeconds' | 'twitchChat'> & {
    oauth: { twitch: OAuthClient | null; youtube: OAuthClient | null };
  };
  governor: Governor;
  selfFetch: SelfFetch;
  jobs: JobQueue;
  links: Pick<Links, 'url'>;
  logger: Logger;
  now?: () => number;
  /** Scheduled posts were counted for these offers (settlement completes those whose deliverables are met). */
  onPosted?: (offerIds: string[]) => Promise<unknown>;
}

/** An offer the bot may post for now, on one of the creator's live channels. */
interface Due {
  offerId: string;
  campaignId: string;
  creatorId: string;
  message: string;
  command: string | null;
  everyMinutes: number;
  hasLink: boolean;
  platform: BotPlatform;
  channelId: string;
  login: string;
  streamKey: string | null;
  lastPostedAt: number | null;
}

export interface PostResult {
  status: 'sent' | 'dropped' | 'failed';
  reason: string | null;
  messageId: string | null;
}

export interface Bot {
  /** One pass: every offer due posts on each live channel it may (the job calls it; tests call it with a clock). */
  tick(): Promise<{ sent: number; dropped: number; failed: number }>;
  /** Chat heard on a creator's channel (the archive's writes): `!<command>` of one of their bot offers is answered. */
  heard(channel: { userId: string; platform: BotPlatform }, texts: readonly string[]): Promise<void>;
  register(): void;
  start(): Promise<void>;
  stop(): void;
}

export function createBot(deps: BotDeps): Bot {
  const { db, config, governor, selfFetch, logger } = deps;
  const now = deps.now ?? Date.now;
  let started = false;
  // Posts go one at a time, so that the count of the last 30 s is always up to date when the next one is decided.
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const next = queue.then(work, work);
    queue = next.catch(() => undefined);
    return next;
  };

  // ---------------------------------------------------------------------------------------------- the accounts

  const tokens = new Map<
    BotPlatform,
    { token: string; expiresAt: number; id: string | null; refresh: string; scopes: string[] }
  >();
  async function botToken(platform: BotPlatform, force = false) {
    const current = tokens.get(platform);
    if (!force && current && current.expiresAt - 5 * 60_000 > now()) return current;
    const client = config.oauth[platform];
    const configured =
      platform === 'twitch' ? config.twitchChat.botRefreshToken : config.deliverables.youtubeBotRefreshToken;
    if (!client || !configured) return null;
    const provider = createProvider(platform, client, {
      browser: (base) => base,
      server: selfFetch.resolve,
      fetcher: selfFetch.fetch,
    });
    // Twitch hands out a new refresh token with each refresh; the configured one is the fallback after a restart.
    const refresh = current?.refresh ?? configured;
    const next = await provider
      .refresh(refresh)
      .catch(() =>
        refresh !== configured
          ? provider.refresh(configured)
          : Promise.reject(new Error('the bot account refused its refresh token')),
      );
    let id = current?.id ?? null;
    if (platform === 'twitch' && id === null) {
      const answer = await helix('GET', '/helix/users', next.accessToken, 'user:castbridge-bot');
      id = ((answer.body.data as { id?: string }[] | undefined)?.[0]?.id ?? null) as string | null;
    }
    const entry = {
      token: next.accessToken,
      expiresAt: now() + next.expiresInSeconds * 1000,
      id,
      refresh: next.refreshToken ?? refresh,
      scopes: next.scopes,
    };
    tokens.set(platform, entry);
    return entry;
  }

  async function helix(
    method: string,
    path: string,
    token: string,
    credential: string,
    body?: unknown,
  ): Promise<{ status: number; body: Record<string, unknown> }> {
    const client = config.oauth.twitch!;
    const fetcher = governor.fetch(
      { provider: 'twitch', credential, priority: 'chat', purpose: 'chat_bot', maxWaitMs: 0 },
      selfFetch.fetch,
    );
    const response = await fetcher(`${selfFetch.resolve(client.apiBase)}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        'client-id': client.clientId,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
    });
    return { status: response.status, body: (await response.json().catch(() => ({}))) as Record<string, unknown> };
  }

  async function youtube(
    method: string,
    pathAndQuery: string,
    token: string,
    body?: unknown,
  ): Promise<{ status: number; body: Record<string, unknown> }> {
    const client = config.oauth.youtube!;
    const fetcher = governor.fetch(
      { provider: 'youtube', credential: 'project', priority: 'chat', purpose: 'chat_bot', maxWaitMs: 0 },
      selfFetch.fetch,
    );
    const response = await fetcher(`${selfFetch.resolve(client.apiBase)}/youtube/v3/${pathAndQuery}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
    });
    return { status: response.status, body: (await response.json().catch(() => ({}))) as Record<string, unknown> };
  }

  // ---------------------------------------------------------------------------------------------- posting

  /** Twitch posts the bot made (or tried) in the last 30 s, on every instance. */
  async function twitchRecent(): Promise<number> {
    const row = await db
      .selectFrom('bot_posts')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('platform', '=', 'twitch')
      .where('posted_at', '>', now() - TWITCH_CHAT_LIMIT.windowMs)
      .where('status', '!=', 'failed')
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async function send(
    platform: BotPlatform,
    due: Pick<Due, 'channelId' | 'streamKey'>,
    text: string,
  ): Promise<PostResult> {
    // One line that the chat reads as a message: a campaign saved before the rule, or changed behind the API, is
    // refused here as at save (contract/deliverables.ts chatLineProblem), never forwarded byte for byte.
    const problem = chatLineProblem(text);
    if (problem) return { status: 'failed', reason: `The sponsor's line ${problem}`, messageId: null };
    // Never longer than the platform takes (lineOf shortens the sponsor's message; a line it could not is refused here).
    if (text.length > CHAT_LINE_MAX[platform])
      return {
        status: 'failed',
        reason: `The line is ${text.length} characters; ${PLATFORM_NAMES[platform]} chat takes at most ${CHAT_LINE_MAX[platform]}`,
        messageId: null,
      };
    try {
      const account = await botToken(platform);
      if (!account)
        return {
          status: 'failed',
          reason: `No ${PLATFORM_NAMES[platform]} bot account is configured`,
          messageId: null,
        };
      if (platform === 'twitch') {
        if (!account.id)
          return { status: 'failed', reason: 'Twitch did not say whose the bot token is', messageId: null };
        // Twitch says which scopes the token carries: without user:write:chat Send Chat Message is refused (401).
        if (account.scopes.length > 0 && !account.scopes.includes('user:write:chat'))
          return { status: 'failed', reason: botScopeMissing('user:write:chat'), messageId: null };
        const answer = await helix('POST', '/helix/chat/messages', account.token, `user:${account.id}`, {
          broadcaster_id: due.channelId,
          sender_id: account.id,
          message: text,
        });
        if (answer.status === 401) tokens.delete('twitch');
        const missing =
          answer.status === 401 && typeof answer.body.message === 'string'
            ? /^Missing scope: (\S+)/.exec(answer.body.message)?.[1]
            : undefined;
        if (missing) return { status: 'failed', reason: botScopeMissing(missing), messageId: null };
        const data = (
          answer.body.data as
            | { message_id?: string; is_sent?: boolean; drop_reason?: { message?: string; code?: string } | null }[]
            | undefined
        )?.[0];
        if (answer.status !== 200 || !data)
          return {
            status: 'failed',
            reason: `Twitch answered ${answer.status}${typeof answer.body.message === 'string' && answer.body.message ? `: ${answer.body.message}` : ''}`,
            messageId: null,
          };
        return data.is_sent
          ? { status: 'sent', reason: null, messageId: data.message_id ?? null }
          : {
              status: 'dropped',
              reason: data.drop_reason?.message ?? data.drop_reason?.code ?? 'Twitch dropped the message',
              messageId: null,
            };
      }
      // YouTube: the live chat of the broadcast the live watch saw (videos.list, 1 unit), then the post (50 units).
      const videoId = due.streamKey?.replace(/^youtube:/, '') ?? '';
      if (!videoId) return { status: 'failed', reason: 'No live broadcast known', messageId: null };
      const video = await youtube(
        'GET',
        `videos?part=liveStreamingDetails&id=${encodeURIComponent(videoId)}`,
        account.token,
      );
      const chatId = (video.body.items as { liveStreamingDetails?: { activeLiveChatId?: string } }[] | undefined)?.[0]
        ?.liveStreamingDetails?.activeLiveChatId;
      if (!chatId) return { status: 'failed', reason: 'The broadcast has no live chat now', messageId: null };
      const answer = await youtube('POST', 'liveChat/messages?part=snippet', account.token, {
        snippet: { liveChatId: chatId, type: 'textMessageEvent', textMessageDetails: { messageText: text } },
      });
      if (answer.status === 401) tokens.delete('youtube');
      if (answer.status === 200)
        return { status: 'sent', reason: null, messageId: (answer.body.id as string | undefined) ?? null };
      const error = answer.body.error as { message?: string; errors?: { reason?: string }[] } | undefined;
      const reason = error?.errors?.[0]?.reason;
      return {
        status: answer.status === 403 || answer.status === 429 ? 'dropped' : 'failed',
        reason: `YouTube answered ${answer.status}${reason ? ` (${reason})` : ''}${error?.message ? `: ${error.message}` : ''}`,
        messageId: null,
      };
    } catch (error) {
      if (error instanceof BudgetExhausted)
        return {
          status: 'dropped',
          reason: `The platform's budget is spent until ${new Date(error.retryAt).toISOString()}`,
          messageId: null,
        };
      return { status: 'failed', reason: (error as Error).message, messageId: null };
    }
  }

  /**
   * Posts `text` for `due` (kind scheduled or command) and keeps the proof; null when Twitch's limit says wait,
   * 'not_due' when another pass has just made this scheduled post.
   */
  async function post(due: Due, kind: 'scheduled' | 'command', text: string): Promise<PostResult | 'not_due' | null> {
    return serial(async () => {
      // Two passes may overlap (the scheduled job's and one asked for): the one that comes second finds the post
      // made and sends nothing, so a channel never gets the same scheduled line twice.
      if (kind === 'scheduled') {
        const last = await db
          .selectFrom('offer_bots')
          .select('last_posted_at')
          .where('offer_id', '=', due.offerId)
          .executeTakeFirst();
        if (last?.last_posted_at != null && now() - Number(last.last_posted_at) < due.everyMinutes * 60_000)
          return 'not_due';
      }
      if (due.platform === 'twitch' && (await twitchRecent()) >= TWITCH_CHAT_LIMIT.messages - TWITCH_HEADROOM)
        return null;
      const result = await send(due.platform, due, text);
      const at = now();
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('bot_posts')
          .values({
            id: crypto.randomUUID(),
            offer_id: due.offerId,
            platform: due.platform,
            channel_id: due.channelId,
            kind,
            text,
            status: result.status,
            reason: result.reason,
            platform_message_id: result.messageId,
            stream_key: due.streamKey,
            posted_at: at,
          })
          .execute();
        if (kind === 'scheduled') {
          // The schedule moves on whatever the answer: a refused post is tried again at the next interval, not at
          // every tick (a channel that drops the bot's messages is not flooded).
          await trx
            .insertInto('offer_bots')
            .values({ offer_id: due.offerId, paused: 0, last_posted_at: at, updated_at: at })
            .onConflict((oc) => oc.column('offer_id').doUpdateSet({ last_posted_at: at, updated_at: at }))
            .execute();
          if (result.status === 'sent')
            await bumpDay(trx, { offerId: due.offerId, campaignId: due.campaignId, day: utcDay(at) }, { bot_posts: 1 });
          else await touchProgress(trx, [due.offerId]);
        }
      });
      if (result.status !== 'sent')
        logger.warn('chat bot: not posted', { offerId: due.offerId, platform: due.platform, reason: result.reason });
      return result;
    });
  }

  /** Offers with a chat deliverable whose creator let the bot post on a channel the platform says is live now. */
  async function dueOffers(creatorId?: string, platform?: BotPlatform): Promise<Due[]> {
    const at = now();
    const today = utcDay(at);
    const fresh = Math.max(STALE_LOOK_MS, config.livePollSeconds * 3000);
    const rows = await db
      .selectFrom('offers as o')
      .innerJoin('campaigns as c', 'c.id', 'o.campaign_id')
      .innerJoin('connected_accounts as a', 'a.user_id', 'o.creator_id')
      .innerJoin('bot_consents as b', 'b.account_id', 'a.id')
      .innerJoin('live_watch as w', 'w.account_id', 'a.id')
      .leftJoin('offer_bots as ob', 'ob.offer_id', 'o.id')
      .select([
        'o.id as offerId',
        'o.campaign_id as campaignId',
        'o.creator_id as creatorId',
        'c.chat_message as message',
        'c.chat_command as command',
        'c.chat_every_minutes as everyMinutes',
        'c.link_url as linkUrl',
        'c.platforms as platforms',
        'a.platform as platform',
        'a.platform_user_id as channelId',
        'a.login as login',
        'w.stream_key as streamKey',
        'ob.paused as paused',
        'ob.last_posted_at as lastPostedAt',
      ])
      .where('o.status', 'in', ['accepted', 'active'])
      .where('c.status', '=', 'active')
      .where('c.chat_message', 'is not', null)
      .where('c.starts_on', '<=', today)
      .where('c.ends_on', '>=', today)
      .where('a.status', '=', 'connected')
      .where('w.live', '=', 1)
      .where('w.checked_at', '>=', at - fresh)
      .$if(creatorId !== undefined, (q) => q.where('o.creator_id', '=', creatorId!))
      .$if(platform !== undefined, (q) => q.where('a.platform', '=', platform!))
      .execute();
    return rows
      .filter((row) => Number(row.paused ?? 0) === 0)
      .filter((row) => (JSON.parse(row.platforms) as string[]).includes(PLATFORM_NAMES[row.platform]))
      .map((row) => ({
        offerId: row.offerId,
        campaignId: row.campaignId,
        creatorId: row.creatorId,
        message: row.message!,
        command: row.command,
        everyMinutes: Number(row.everyMinutes),
        hasLink: row.linkUrl !== null,
        platform: row.platform,
        channelId: row.channelId,
        login: row.login,
        streamKey: row.streamKey,
        lastPostedAt: row.lastPostedAt === null ? null : Number(row.lastPostedAt),
      }));
  }

  /** The line for `due`, shortened to what its platform takes (send() refuses one that cannot be). */
  async function lineOf(due: Due): Promise<string> {
    const link = due.hasLink
      ? linkUrl(
          deps.links.url('/'),
          await ensureLink(db, { offerId: due.offerId, campaignId: due.campaignId, creatorId: due.creatorId }),
        )
      : null;
    return fitBotLine(due.message, link, CHAT_LINE_MAX[due.platform]) ?? botLine(due.message, link);
  }

  async function tick() {
    const counts = { sent: 0, dropped: 0, failed: 0 };
    const posted = new Set<string>();
    let twitchFull = false;
    for (const due of await dueOffers()) {
      if (due.lastPostedAt !== null && now() - due.lastPostedAt < due.everyMinutes * 60_000) continue;
      // One scheduled post an offer a pass (its last_posted_at moves with it).
      if (posted.has(due.offerId)) continue;
      if (twitchFull && due.platform === 'twitch') continue;
      const result = await post(due, 'scheduled', await lineOf(due));
      if (result === 'not_due') continue;
      // Twitch's window is full: its other channels wait for the next pass (YouTube's limits are its own).
      if (!result) {
        twitchFull = true;
        continue;
      }
      posted.add(due.offerId);
      counts[result.status] += 1;
    }
    if (counts.sent > 0 && deps.onPosted)
      await deps
        .onPosted([...posted])
        .catch((error: unknown) =>
          logger.error('chat bot: settling after posts failed', { error: (error as Error).message }),
        );
    return counts;
  }

  async function heard(channel: { userId: string; platform: BotPlatform }, texts: readonly string[]) {
    const commands = new Set(
      texts.flatMap((text) => {
        const match = /^!([a-z0-9_]{1,25})\b/i.exec(text.trim());
        return match ? [match[1]!.toLowerCase()] : [];
      }),
    );
    if (commands.size === 0) return;
    const due = (await dueOffers(channel.userId, channel.platform)).filter(
      (offer) => offer.command !== null && commands.has(offer.command),
    );
    for (const offer of due) {
      const recent = await db
        .selectFrom('bot_posts')
        .select('id')
        .where('offer_id', '=', offer.offerId)
        .where('kind', '=', 'command')
        .where('channel_id', '=', offer.channelId)
        .where('posted_at', '>', now() - COMMAND_QUIET_MS)
        .executeTakeFirst();
      if (recent) continue;
      await post(offer, 'command', await lineOf(offer));
    }
  }

  return {
    tick,
    heard,
    register() {
      deps.jobs.register(BOT_JOB, async () => {
        if (!started) return deps.jobs.schedule(BOT_JOB, BOT_KEY, {}, now() + 5_000);
        await deps.jobs.schedule(BOT_JOB, BOT_KEY, {}, now() + config.deliverables.botTickSeconds * 1000);
        await tick().catch((error: unknown) =>
          logger.error('chat bot: the pass failed', { error: (error as Error).message }),
        );
      });
    },
    async start() {
      started = true;
      await deps.jobs.enqueue(BOT_JOB, BOT_KEY, {});
    },
    stop() {
      started = false;
    },
  };
}

/** Sets or withdraws the creator's consent on their connected `platform` account (PUT /api/connections/:platform/bot). */
export async function setBotConsent(
  db: Kysely<Database>,
  creatorId: string,
  platform: BotPlatform,
  consent: boolean,
  now = Date.now(),
): Promise<void> {
  const account = await db
    .selectFrom('connected_accounts')
    .select(['id', 'scopes'])
    .where('user_id', '=', creatorId)
    .where('platform', '=', platform)
    .executeTakeFirst();
  if (!account)
    throw new HttpError(
      404,
      deliverablesProblems.bot_account_missing.with({ platform: platform === 'twitch' ? 'Twitch' : 'YouTube' }),
    );
  if (consent && platform === 'twitch' && !account.scopes.split(' ').includes('channel:bot'))
    throw new HttpError(409, deliverablesProblems.bot_permission_missing);
  await db.transaction().execute(async (trx) => {
    if (consent)
      await trx
        .insertInto('bot_consents')
        .values({ account_id: account.id, creator_id: creatorId, granted_at: now })
        .onConflict((oc) => oc.column('account_id').doNothing())
        .execute();
    else await trx.deleteFrom('bot_consents').where('account_id', '=', account.id).execute();
    const offers = await trx.selectFrom('offers').select('id').where('creator_id', '=', creatorId).execute();
    await touchProgress(
      trx,
      offers.map((offer) => offer.id),
    );
  });
}

/** Pauses or resumes the bot for the creator's offer (PUT /api/offers/:id/bot). */
export async function setBotPaused(db: Kysely<Database>, offerId: string, paused: boolean, now = Date.now()) {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('offer_bots')
      .values({ offer_id: offerId, paused: paused ? 1 : 0, last_posted_at: null, updated_at: now })
      .onConflict((oc) => oc.column('offer_id').doUpdateSet({ paused: paused ? 1 : 0, updated_at: now }))
      .execute();
    await touchProgress(trx, [offerId]);
  });
}

/** The bot's last 100 posts for an offer, newest first. */
export async function botPosts(db: Kysely<Database>, offerId: string) {
  const rows = await db
    .selectFrom('bot_posts')
    .selectAll()
    .where('offer_id', '=', offerId)
    .orderBy('posted_at', 'desc')
    .orderBy(sql`id`, 'desc')
    .limit(100)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    platform: row.platform,
    kind: row.kind,
    text: row.text,
    status: row.status,
    reason: row.reason,
    platformMessageId: row.platform_message_id,
    postedAt: new Date(Number(row.posted_at)).toISOString(),
  }));
}
