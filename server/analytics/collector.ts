// The metrics collector (docs/product.md §Analytics): one job per connected account ("collect:<user>:<platform>") that reads the
// platform's figures with the account's token, stores them, and schedules itself again — in 15 minutes while the
// channel is live, in an hour otherwise. Its state per account (metric_collection):
//   pending ──collected──► ok ──…──► ok
//      │                    │
//      ├─ refresh refused / 401 after a fresh token ─► reconnect (no more runs until the creator connects again)
//      ├─ 429 / quota ─► rate_limited (next run when the platform says)
//      ├─ no budget left for analytics (the governor's BudgetExhausted) ─► rate_limited (next run at the budget's reset)
//      └─ unreachable / 5xx ─► error (next run in 5 minutes)
// A run that could not read the platform says why, and keeps the cards' reasons of the last one that did (a series the
// platform does not give). A connect (or reconnect) starts it at once; a disconnect cancels it (the figures stay).
// Its calls go through the governor at priority `analytics` (docs/product.md §Platform limits): Twitch's with the
// creator's user token (`user:<id>`), YouTube's on the project's quota; they leave a share of each budget to delivery
// verification and chat, and never wait in line: the run is scheduled again at the budget's reset.
import { COLLECT_IDLE_MS, COLLECT_LIVE_MS } from '../../contract/analytics.ts';
import { PLATFORM_NAMES, type ConnectPlatform } from '../../contract/connections.ts';
import type { Config } from '../config.ts';
import { BudgetExhausted, type CallSpec, type Governor } from '../connections/governor.ts';
import type { AccountRow, Connections } from '../connections/store.ts';
import { HttpError } from '../http/errors.ts';
import type { SelfFetch } from '../http/self-fetch.ts';
import type { JobQueue } from '../jobs/queue.ts';
import type { Logger } from '../log.ts';
import { PlatformDown, RateLimited, readTwitch, readYouTube, Unauthorized, type Reading } from './platforms.ts';
import type { MetricStore } from './store.ts';

export const COLLECT_JOB = 'collect-metrics';
export const RETRY_MS = 5 * 60_000;

const jobKey = (userId: string, platform: ConnectPlatform) => `collect:${userId}:${platform}`;

export function createCollector(deps: {
  config: Config;
  connections: Connections;
  metrics: MetricStore;
  jobs: JobQueue;
  logger: Logger;
  selfFetch: SelfFetch;
  governor: Pick<Governor, 'fetch' | 'defer'>;
  now?: () => number;
}) {
  const { config, connections, metrics, jobs, logger, selfFetch } = deps;
  const now = deps.now ?? Date.now;
  const onServer = selfFetch.resolve;
  const spec = (account: AccountRow): CallSpec =>
    account.platform === 'twitch'
      ? {
          provider: 'twitch',
          credential: `user:${account.platform_user_id}`,
          priority: 'analytics',
          purpose: 'analytics_collection',
        }
      : { provider: 'youtube', credential: 'project', priority: 'analytics', purpose: 'analytics_collection' };

  async function read(account: AccountRow, token: string): Promise<Reading> {
    if (account.platform === 'twitch') {
      const client = config.oauth.twitch;
      if (!client) throw new PlatformDown('Twitch is not configured on this server');
      return readTwitch({
        apiBase: onServer(client.apiBase),
        clientId: client.clientId,
        token,
        broadcasterId: account.platform_user_id,
        scopes: account.scopes.split(' ').filter(Boolean),
        now,
        fetch: deps.governor.fetch(spec(account), selfFetch.fetch),
      });
    }
    const client = config.oauth.youtube;
    if (!client) throw new PlatformDown('YouTube is not configured on this server');
    return readYouTube({
      apiBase: onServer(client.apiBase),
      token,
      now,
      fetch: deps.governor.fetch(spec(account), selfFetch.fetch),
    });
  }

  /** A refused grant: the platform no longer accepts the connection. */
  const refused = (error: unknown) => error instanceof HttpError && error.status === 409;

  /** One collection for one account; never throws (its retries are its own schedule). */
  async function collect(userId: string, platform: ConnectPlatform): Promise<void> {
    const account = await connections.account(userId, platform);
    if (!account) return;
    const name = PLATFORM_NAMES[platform];
    const at = now();
    const reconnect = async () => {
      await metrics.setCollection(userId, platform, {
        status: 'reconnect',
        nextAt: null,
        problem: `${name} no longer accepts Castbridge’s connection: connect ${name} again on Connect Accounts.`,
      });
      await jobs.cancel(jobKey(userId, platform));
    };
    if (account.status === 'reconnect') return reconnect();
    try {
      let reading: Reading;
      try {
        reading = await read(account, await connections.accessToken(account));
      } catch (error) {
        if (!(error instanceof Unauthorized)) throw error;
        // Revoked or replaced before it expired: one fresh token, then the platform's answer stands. The account as
        // stored now: the token just read may have been refreshed, and Twitch's refresh tokens are good once.
        reading = await read(
          account,
          await connections.accessToken((await connections.account(userId, platform)) ?? account, { force: true }),
        );
      }
      await metrics.write(userId, platform, at, reading.samples);
      const next = at + (reading.live ? COLLECT_LIVE_MS : COLLECT_IDLE_MS);
      await metrics.setCollection(userId, platform, {
        status: 'ok',
        lastAt: at,
        nextAt: next,
        live: reading.live,
        problem: null,
        missing: reading.missing,
        unavailable: reading.unavailable,
      });
      await jobs.schedule(COLLECT_JOB, jobKey(userId, platform), { userId, platform }, next);
    } catch (error) {
      if (refused(error) || error instanceof Unauthorized) {
        logger.warn('metrics: the platform refused the connection', { platform, userId });
        // A 401 right after a fresh token: the grant is gone, and Connect Accounts says so too (a refused refresh
        // has marked the account already).
        if (error instanceof Unauthorized) {
          const current = await connections.account(userId, platform);
          if (current) await connections.markReconnect(current);
        }
        return reconnect();
      }
      if (error instanceof RateLimited) {
        await metrics.setCollection(userId, platform, {
          status: 'rate_limited',
          nextAt: error.retryAt,
          problem: `${error.message}: collecting again at ${new Date(error.retryAt).toISOString().slice(11, 16)} UTC.`,
        });
        await jobs.schedule(COLLECT_JOB, jobKey(userId, platform), { userId, platform }, error.retryAt);
        return;
      }
      if (error instanceof BudgetExhausted) {
        // Castbridge's own budget for the platform is spent (or kept for verification and chat): nothing was asked.
        deps.governor.defer(spec(account), error.retryAt);
        await metrics.setCollection(userId, platform, {
          status: 'rate_limited',
          nextAt: error.retryAt,
          problem:
            platform === 'youtube'
              ? 'YouTube’s daily limit is reached: collecting again from 00:00 Pacific.'
              : `${name}’s limit for Castbridge’s calls is reached for now: collecting again at ${new Date(error.retryAt).toISOString().slice(11, 16)} UTC.`,
        });
        await jobs.schedule(COLLECT_JOB, jobKey(userId, platform), { userId, platform }, error.retryAt);
        return;
      }
      const message = error instanceof PlatformDown ? error.message : `${(error as Error).message}`;
      logger.warn('metrics: collecting failed; trying again in 5 minutes', { platform, userId, error: message });
      await metrics.setCollection(userId, platform, {
        status: 'error',
        nextAt: at + RETRY_MS,
        problem: `${name} could not be read (${message}): trying again in 5 minutes.`,
      });
      await jobs.schedule(COLLECT_JOB, jobKey(userId, platform), { userId, platform }, at + RETRY_MS);
    }
  }

  /** Collect for this account now (a connect or reconnect), from a fresh pending state. */
  async function startFor(account: AccountRow): Promise<void> {
    const current = await metrics.collection(account.user_id, account.platform);
    if (!current || current.status === 'reconnect')
      await metrics.setCollection(account.user_id, account.platform, {
        status: 'pending',
        nextAt: now(),
        problem: null,
      });
    await jobs.schedule(
      COLLECT_JOB,
      jobKey(account.user_id, account.platform),
      { userId: account.user_id, platform: account.platform },
      now(),
    );
  }

  let unsubscribe: (() => void) | null = null;
  return {
    collect,
    /** Starts collecting for an account written without a connect (the demo seed). */
    follow: startFor,
    register() {
      jobs.register(COLLECT_JOB, async (payload) => {
        const { userId, platform } = payload as { userId: string; platform: ConnectPlatform };
        await collect(userId, platform);
      });
    },
    /** Follows connects and disconnects; every connected account without a scheduled run gets one. */
    async start(accounts: AccountRow[]) {
      unsubscribe = connections.onChange((change) => {
        const task =
          change.kind === 'connected' && change.account
            ? startFor(change.account)
            : change.kind === 'disconnected'
              ? jobs
                  .cancel(jobKey(change.userId, change.platform))
                  .then(() => metrics.forget(change.userId, change.platform))
              : Promise.resolve();
        task.catch((error: unknown) => logger.error('metrics: scheduling failed', { error: (error as Error).message }));
      });
      for (const account of accounts) {
        if (account.status !== 'connected') continue;
        const current = await metrics.collection(account.user_id, account.platform);
        const due =
          current?.next_at !== null && current?.next_at !== undefined
            ? Math.max(Number(current.next_at), now())
            : now();
        if (current?.status === 'reconnect') continue;
        await jobs.schedule(
          COLLECT_JOB,
          jobKey(account.user_id, account.platform),
          { userId: account.user_id, platform: account.platform },
          due,
        );
      }
    },
    stop() {
      unsubscribe?.();
    },
  };
}

export type Collector = ReturnType<typeof createCollector>;
