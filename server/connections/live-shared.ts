// What both halves of the live watcher (live.ts) use: the answers of one look (`Look`), the accounts watched
// (`Watched`), one platform GET (`getJson`) and the errors it throws, and the context (`LiveContext`) live.ts hands
// each platform's half (live-twitch.ts, live-youtube.ts): the deps, the governor's fetches, the pauses after a 429
// and the writing of looks. Nothing here imports live.ts or a platform's half.
import type { Kysely } from 'kysely';
import type { Config } from '../config.ts';
import type { Database } from '../db/types.ts';
import { BudgetExhausted, type Governor } from './governor.ts';
import type { SelfFetch } from '../http/self-fetch.ts';
import type { Logger } from '../log.ts';
import type { Connections } from './store.ts';
import type { YouTubeFeeds } from './websub.ts';
import type { TwitchPush } from './twitch-push.ts';

const TIMEOUT_MS = 10_000;

export type Platform = 'twitch' | 'youtube';

/** A watched account, as the poll needs it. */
export interface Watched {
  accountId: string;
  creatorId: string;
  platform: Platform;
  channelId: string;
  login: string;
}

/** What the platform said of one channel at one look. */
export type Look =
  | { live: false }
  | { live: true; streamId: string; startedAt: number; title: string; viewers: number | null; branded: boolean };

export class RateLimited extends Error {
  constructor(
    message: string,
    readonly retryAt: number,
  ) {
    super(message);
  }
}
export class Unauthorized extends Error {}
/** Unreachable, a 5xx or an answer that cannot be read: nothing is known. */
export class PlatformDown extends Error {}
/** The platform refused our credentials (Twitch's app credentials): a problem for every account it concerns. */
export class Refused extends Error {}

/**
 * A disclosure hashtag as a whole token (docs/product.md §Settling claims): #ad, #sponsored, #advertisement and the
 * Spanish #publicidad, #patrocinado, in any case. It starts the title or follows a space or an opening bracket, and
 * ends the title, or is followed by a space, or by closing punctuation (, ! ? ; : ) ]) that itself ends the title or
 * meets a space. Anything else continues a different word: "#ad-free", "#ad.", "#ad.ly", "#sponsored-by-nobody",
 * "#adventure", "mail#ad" do not disclose.
 */
export const DISCLOSURE_TAG =
  /(?:^|[\s([])#(?:ad|sponsored|advertisement|publicidad|patrocinado)(?=$|\s|[,!?;:)\]]+(?:$|\s))/iu;

export const count = (value: unknown): number | null => {
  const n = typeof value === 'string' && value !== '' ? Number(value) : typeof value === 'number' ? value : NaN;
  return Number.isSafeInteger(n) && n >= 0 ? n : null;
};
export const chunks = <T>(items: T[], size: number): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
};

export async function getJson(
  fetcher: typeof fetch,
  url: string,
  init: RequestInit,
  now: number,
): Promise<{ status: number; body: Record<string, unknown> }> {
  let response: Response | null = null;
  // A GET is tried twice: a kept-alive connection the platform closed meanwhile fails at once.
  for (let attempt = 0; !response; attempt += 1) {
    try {
      response = await fetcher(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch (error) {
      // No budget for it (the governor's): nothing was asked.
      if (error instanceof BudgetExhausted) throw error;
      if (attempt > 0 || (init.method ?? 'GET') !== 'GET' || (error as Error).name === 'TimeoutError')
        throw new PlatformDown(`${new URL(url).host} did not answer: ${(error as Error).message}`);
    }
  }
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (response.status === 401) throw new Unauthorized(`${new URL(url).host} refused the token`);
  if (response.status === 429) {
    // Twitch: Ratelimit-Reset is when the bucket is full again (epoch seconds); others: Retry-After seconds.
    const reset = Number(response.headers.get('ratelimit-reset')) * 1000;
    const after = Number(response.headers.get('retry-after')) * 1000;
    const retryAt =
      Number.isFinite(reset) && reset > now ? reset : Number.isFinite(after) && after > 0 ? now + after : now + 60_000;
    throw new RateLimited(`${new URL(url).host} asked to slow down`, retryAt);
  }
  if (response.status >= 500) throw new PlatformDown(`${new URL(url).host} answered ${response.status}`);
  return { status: response.status, body };
}

/**
 * What live.ts hands each platform's half (createTwitchWatch, createYouTubeWatch): its deps, the clock, the fetches
 * (the governor's, priority `verify`), the pauses after a 429 (shared, each half writes its own platform's), and the
 * shared writing of looks and problems.
 */
export interface LiveContext {
  db: Kysely<Database>;
  config: Pick<Config, 'oauth' | 'livePollSeconds'>;
  connections: Pick<Connections, 'account' | 'accessToken' | 'markReconnect'>;
  logger: Logger;
  selfFetch: Pick<SelfFetch, 'resolve'>;
  clock: () => number;
  governor: Pick<Governor, 'remaining'>;
  feeds?: Pick<YouTubeFeeds, 'reconcile' | 'coverage' | 'caughtUp'> | null;
  push?: Pick<TwitchPush, 'coverage' | 'reconcile'> | null;
  /** The server's own fetch (selfFetch.fetch): the app token is asked outside the governor. */
  fetcher: typeof fetch;
  /** Helix calls, through the governor (`twitch:app`). */
  twitchFetch: typeof fetch;
  /** YouTube Data API calls, through the governor (`youtube:project`). */
  youtubeFetch: typeof fetch;
  /** Twitch's and YouTube's "not before" after a 429 (epoch ms). */
  pausedUntil: Record<Platform, number>;
  /** The accounts the last sync() started watching. */
  justWatched: () => ReadonlySet<string>;
  /** live.ts `record`: writes answered looks; answers the streams it ended. */
  record: (entries: { w: Watched; look: Look }[], now: number, options?: { sample?: boolean }) => Promise<string[]>;
  /** live.ts `setProblem`: the accounts' problem, in words the creator can act on. */
  setProblem: (accounts: Watched[], problem: string) => Promise<void>;
}
