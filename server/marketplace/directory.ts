// The creator directory (docs/product.md §Discovery and negotiation): one `creator_directory` row per creator with a media kit,
// holding the public facts its page /c/<handle> shows and brand search (server/marketplace/search.ts) filters on;
// `listed` is 1 exactly while the media kit is published. Nothing private goes in: no e-mail, no legal name beyond the
// public name, no address, city, zip code, birth date, gender, earnings or balances.
//
// Where each figure comes from:
// - the public name: the main connected channel's display name (the one with the most followers), else the first name
//   and the last name's initial ("Ana G."), else the handle; never the e-mail;
// - channels: connected accounts with status 'connected' (bits 1 Twitch, 2 YouTube), each with its platform-verified
//   followers (Twitch followers, YouTube subscribers: the analytics collector's latest reading, server/analytics) and
//   average live viewers: the mean of the viewer samples taken while live over the last 90 days (the collector's
//   daily rollup), else of the live watcher's samples of verified delivery (server/connections/live.ts); the
//   creator's `followers` are the channels' sum, `avg_viewers` the largest channel's average (a simulcast is not
//   counted twice);
// - audience countries: only where a platform provides them. Neither Twitch Helix nor the YouTube Data API calls the
//   collector makes give an audience's countries, so the list is empty today;
// - completed: offers completed or paid (the deliverable met);
// - delivery rate: delivered / (delivered + failed), in percent rounded, where delivered = completed or paid offers,
//   failed = accepted or active offers whose campaign ended (completed or cancelled, or its last day passed) without
//   delivery; null until a sponsorship ended either way.
//
// Kept current: synchronously inside PUT /api/media-kit's transaction (publishing and unpublishing take effect at
// once), by the `directory:refresh` job keyed per creator (queued by a profile save inside its transaction, and by a
// connect or disconnect), and by the hourly `directory:sweep` job refreshing every published creator's figures. A
// deleted account's row goes with it (foreign key, on delete cascade).
import { sql, type Kysely } from 'kysely';
import type { Locale } from '../../contract/locales.ts';
import { LANGUAGE_NAMES } from '../../contract/profile.ts';
import type { MediaKitFacts, PublicChannel } from '../../contract/schemas/mediaKit.ts';
import { suggestHandle } from '../../contract/mediaKit.ts';
import type { UserChangeHooks } from '../accounts/users.ts';
import type { Database } from '../db/types.ts';
import type { JobQueue } from '../jobs/queue.ts';
import type { Logger } from '../log.ts';

export const DIRECTORY_REFRESH_JOB = 'directory:refresh';
export const DIRECTORY_SWEEP_JOB = 'directory:sweep';
const SWEEP_KEY = 'directory:sweep';
/** Published creators' figures are read again this often. */
export const DIRECTORY_SWEEP_MS = 60 * 60_000;
/** Average live viewers are taken over this window. */
const VIEWERS_WINDOW_MS = 90 * 86_400_000;
const PLATFORM_BITS = { twitch: 1, youtube: 2 } as const;
const PLATFORM_LABELS = { twitch: 'Twitch', youtube: 'YouTube' } as const;
/** The profile's columns the directory shows (a change to another one refreshes nothing). */
const SHOWN_COLUMNS = new Set(['first_name', 'last_name', 'category', 'language', 'country', 'about', 'image']);
const SWEEP_CHUNK = 200;

const refreshKey = (creatorId: string) => `${DIRECTORY_REFRESH_JOB}:${creatorId}`;

/** A channel's public address on its platform. */
function channelUrl(platform: 'twitch' | 'youtube', login: string, platformUserId: string): string {
  return platform === 'twitch'
    ? `https://www.twitch.tv/${encodeURIComponent(login)}`
    : `https://www.youtube.com/channel/${encodeURIComponent(platformUserId)}`;
}

/** What the directory and the media kit know of a creator, computed from their rows; null for no creator. */
export interface CreatorFacts {
  facts: MediaKitFacts;
  platforms: number;
  /** A handle made from the main channel's login (or the name), for the media kit's first suggestion. */
  suggestion: string | null;
}

/** "Ana G." from the profile's names; null without a first name. */
function shortName(first: string | null, last: string | null): string | null {
  const given = first?.trim();
  if (!given) return null;
  const initial = last?.trim().charAt(0).toUpperCase();
  return initial ? `${given} ${initial}.` : given;
}

const toInt = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

/** The public facts of `creatorId` from its rows now (`fallbackName`: the handle, when no name is known). */
export async function creatorFacts(
  executor: Kysely<Database>,
  creatorId: string,
  now = Date.now(),
  fallbackName = 'Creator',
): Promise<CreatorFacts | null> {
  const user = await executor
    .selectFrom('users')
    .select(['first_name', 'last_name', 'category', 'language', 'country', 'about', 'image', 'role'])
    .where('id', '=', creatorId)
    .executeTakeFirst();
  if (!user || user.role !== 'creator') return null;

  const accounts = await executor
    .selectFrom('connected_accounts')
    .select(['id', 'platform', 'login', 'display_name', 'platform_user_id'])
    .where('user_id', '=', creatorId)
    .where('status', '=', 'connected')
    .orderBy('created_at')
    .execute();
  const since = now - VIEWERS_WINDOW_MS;
  const sinceDay = new Date(since).toISOString().slice(0, 10);
  const channels: (PublicChannel & { login: string })[] = [];
  let platforms = 0;
  for (const account of accounts) {
    platforms |= PLATFORM_BITS[account.platform];
    // Twitch's followers; YouTube's subscribers are its followers.
    const followersMetric = account.platform === 'twitch' ? 'followers' : 'subscribers';
    const latest = await executor
      .selectFrom('metric_days')
      .select('last_value')
      .where('user_id', '=', creatorId)
      .where('platform', '=', account.platform)
      .where('metric', '=', followersMetric)
      .orderBy('day', 'desc')
      .limit(1)
      .executeTakeFirst();
    const viewers = await executor
      .selectFrom('metric_days')
      .select((eb) => [
        eb.fn.sum<number | string>('sum_value').as('total'),
        eb.fn.sum<number | string>('samples').as('n'),
      ])
      .where('user_id', '=', creatorId)
      .where('platform', '=', account.platform)
      .where('metric', '=', 'viewers')
      .where('day', '>=', sinceDay)
      .executeTakeFirst();
    let avgViewers: number | null = null;
    if (viewers && Number(viewers.n) > 0) avgViewers = Math.round(Number(viewers.total) / Number(viewers.n));
    else {
      // Verified delivery's own looks at the live channel (server/connections/live.ts).
      const live = await executor
        .selectFrom('live_samples')
        .innerJoin('live_streams', 'live_streams.id', 'live_samples.stream_key')
        .select((eb) => [
          eb.fn.sum<number | string>('live_samples.viewers').as('total'),
          eb.fn.count<number | string>('live_samples.viewers').as('n'),
        ])
        // The looks through this account (a channel handed over during a stream changes the stream's account).
        .where(sql<string>`coalesce(live_samples.account_id, live_streams.account_id)`, '=', account.id)
        .where('live_samples.at', '>=', since)
        .where('live_samples.viewers', 'is not', null)
        .executeTakeFirst();
      if (live && Number(live.n) > 0) avgViewers = Math.round(Number(live.total) / Number(live.n));
    }
    channels.push({
      platform: PLATFORM_LABELS[account.platform],
      name: account.display_name || account.login,
      url: channelUrl(account.platform, account.login, account.platform_user_id),
      followers: latest ? toInt(latest.last_value) : null,
      avgViewers,
      login: account.login,
    });
  }
  // The main channel: the most followers, the first connected on a tie.
  const main = [...channels].sort((a, b) => (b.followers ?? -1) - (a.followers ?? -1))[0];

  const delivered = await executor
    .selectFrom('offers')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('creator_id', '=', creatorId)
    .where('status', 'in', ['completed', 'paid'])
    .executeTakeFirstOrThrow();
  const today = new Date(now).toISOString().slice(0, 10);
  const failed = await executor
    .selectFrom('offers')
    .innerJoin('campaigns', 'campaigns.id', 'offers.campaign_id')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('offers.creator_id', '=', creatorId)
    .where('offers.status', 'in', ['accepted', 'active'])
    .where((eb) =>
      eb.or([eb('campaigns.status', 'in', ['completed', 'cancelled']), eb('campaigns.ends_on', '<', today)]),
    )
    .executeTakeFirstOrThrow();
  const completed = Number(delivered.n);
  const ended = completed + Number(failed.n);

  const measured = channels.map((channel) => channel.avgViewers).filter((value): value is number => value !== null);
  const language = user.language ? (LANGUAGE_NAMES as Record<string, 'English' | 'Spanish'>)[user.language] : null;
  return {
    facts: {
      displayName: main?.name || shortName(user.first_name, user.last_name) || fallbackName,
      image: user.image || null,
      category: user.category || null,
      language: language ?? null,
      country: user.country || null,
      about: user.about?.trim() || null,
      channels: channels.map(({ login: _login, ...channel }) => channel),
      followers: channels.reduce((sum, channel) => sum + (channel.followers ?? 0), 0),
      avgViewers: measured.length > 0 ? Math.max(...measured) : null,
      // No platform the collector reads gives an audience's countries (see the top of this file).
      audienceCountries: [],
      completed,
      deliveryRate: ended > 0 ? Math.round((completed * 100) / ended) : null,
    },
    platforms,
    suggestion:
      (main && suggestHandle(main.login)) ??
      suggestHandle([user.first_name, user.last_name].filter(Boolean).join('_')) ??
      null,
  };
}

/**
 * Writes the directory rows of `creatorIds` with `executor` (a transaction, when called inside one): a creator with a
 * media kit gets its row (listed while published), one without (or no longer a creator) has none.
 */
export async function refreshDirectory(
  executor: Kysely<Database>,
  creatorIds: Iterable<string>,
  now = Date.now(),
): Promise<void> {
  for (const creatorId of new Set(creatorIds)) {
    const kit = await executor
      .selectFrom('media_kits')
      .select(['handle', 'published'])
      .where('user_id', '=', creatorId)
      .executeTakeFirst();
    const found = kit ? await creatorFacts(executor, creatorId, now, kit.handle) : null;
    if (!kit || !found) {
      await executor.deleteFrom('creator_directory').where('user_id', '=', creatorId).execute();
      continue;
    }
    const { facts, platforms } = found;
    const row = {
      handle: kit.handle,
      listed: Number(kit.published) === 1 ? 1 : 0,
      display_name: facts.displayName,
      image: facts.image,
      platforms,
      category: facts.category,
      language: facts.language,
      country: facts.country,
      followers: facts.followers,
      avg_viewers: facts.avgViewers,
      completed: facts.completed,
      delivery_rate: facts.deliveryRate,
      channels: JSON.stringify(facts.channels),
      audience_countries: JSON.stringify(facts.audienceCountries),
      about: facts.about,
      updated_at: new Date(now).toISOString(),
    };
    await executor
      .insertInto('creator_directory')
      .values({ user_id: creatorId, ...row })
      .onConflict((oc) => oc.column('user_id').doUpdateSet(row))
      .execute();
  }
}

/** A listed directory row by handle, as the public page shows it; null when unknown or not published. */
export async function listedByHandle(
  executor: Kysely<Database>,
  handle: string,
): Promise<(MediaKitFacts & { handle: string; updatedAt: string; locale: Locale }) | null> {
  const row = await executor
    .selectFrom('creator_directory')
    .innerJoin('users', 'users.id', 'creator_directory.user_id')
    .selectAll('creator_directory')
    .select('users.locale as locale')
    .where('creator_directory.handle', '=', handle)
    .where('creator_directory.listed', '=', 1)
    .executeTakeFirst();
  if (!row) return null;
  return {
    // The creator's language: the page's own, unless the reader switches (docs/architecture.md §Languages).
    locale: row.locale,
    handle: row.handle,
    displayName: row.display_name,
    image: row.image,
    category: row.category,
    language: row.language,
    country: row.country,
    about: row.about,
    channels: JSON.parse(row.channels) as PublicChannel[],
    followers: Number(row.followers),
    avgViewers: toInt(row.avg_viewers),
    audienceCountries: JSON.parse(row.audience_countries) as MediaKitFacts['audienceCountries'],
    completed: Number(row.completed),
    deliveryRate: toInt(row.delivery_rate),
    updatedAt: row.updated_at,
  };
}

/** Queues `creatorId`'s directory refresh (one waiting job per creator), inside `executor`'s transaction if given. */
export function queueDirectoryRefresh(
  jobs: Pick<JobQueue, 'enqueue'>,
  creatorId: string,
  executor?: Kysely<Database>,
): Promise<void> {
  return jobs.enqueue(DIRECTORY_REFRESH_JOB, refreshKey(creatorId), { creatorId }, executor);
}

/**
 * The user store's hooks with the directory's: a profile change of a creator with a media kit queues its refresh in
 * the change's own transaction (server/app.ts composes them; accounts never imports the marketplace).
 */
export function withDirectoryHooks(hooks: UserChangeHooks, deps: { jobs: Pick<JobQueue, 'enqueue'> }): UserChangeHooks {
  return {
    ...hooks,
    async profileChanged(trx, userId, columns) {
      await hooks.profileChanged(trx, userId, columns);
      if (!columns.some((column) => SHOWN_COLUMNS.has(column))) return;
      const kit = await trx.selectFrom('media_kits').select('user_id').where('user_id', '=', userId).executeTakeFirst();
      if (kit) await queueDirectoryRefresh(deps.jobs, userId, trx);
    },
  };
}

/** The directory's jobs: the per-creator refresh and the hourly sweep of published creators (cluster-safe: queue rows). */
export function createDirectoryJobs(deps: {
  db: Kysely<Database>;
  jobs: Pick<JobQueue, 'enqueue' | 'register' | 'schedule'>;
  logger: Pick<Logger, 'error'>;
}) {
  const { db, jobs, logger } = deps;

  async function sweep(): Promise<void> {
    const started = Date.now();
    try {
      const published = await db.selectFrom('media_kits').select('user_id').where('published', '=', 1).execute();
      for (let start = 0; start < published.length; start += SWEEP_CHUNK) {
        const ids = published.slice(start, start + SWEEP_CHUNK).map((row) => row.user_id);
        await db.transaction().execute((trx) => refreshDirectory(trx, ids, Date.now()));
      }
    } finally {
      await jobs.schedule(DIRECTORY_SWEEP_JOB, SWEEP_KEY, {}, started + DIRECTORY_SWEEP_MS);
    }
  }

  return {
    register() {
      jobs.register(DIRECTORY_REFRESH_JOB, async (payload) => {
        const { creatorId } = payload as { creatorId: string };
        await db.transaction().execute((trx) => refreshDirectory(trx, [creatorId]));
      });
      jobs.register(DIRECTORY_SWEEP_JOB, () => sweep());
    },
    /** Makes sure the sweep is queued (at start); a waiting one keeps its time. */
    async ensureScheduled(): Promise<void> {
      await jobs.enqueue(DIRECTORY_SWEEP_JOB, SWEEP_KEY, {});
    },
    /** A connect, disconnect or refused grant changes the channels a media kit shows. */
    connectionChanged(change: { userId: string; kind: string }): void {
      if (change.kind === 'archiving') return;
      queueDirectoryRefresh(jobs, change.userId).catch((error: unknown) =>
        logger.error('directory refresh not queued', { error: (error as Error).message }),
      );
    },
  };
}
