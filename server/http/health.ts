// GET /healthz and GET /readyz, for a load balancer or an orchestrator (docs/operations.md §Health and readiness).
// Liveness answers while the process serves and touches nothing. Readiness answers 200 only when this instance can
// do its work: the database answers, every migration of this build is applied, Redis answers (when REDIS_URL is set)
// and the job runner is started; and not once the process is shutting down (server/serve.ts calls shutDown() first
// on SIGTERM, so the balancer stops sending before the server stops accepting). Otherwise 503 names what is not
// ready. Both are mounted ahead of the pages' middleware and need no session: a probe every few seconds costs a
// `select` or two. GET /api/health (the contract's) is unchanged.
import { Hono } from 'hono';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/types.ts';
import { ping, type Dialect } from '../db/dialect.ts';
import { migrationProvider } from '../db/migrations.ts';
import type { Logger } from '../log.ts';

/** How long one check may take before it counts as not answering. */
export const CHECK_TIMEOUT_MS = 2_000;

export type CheckName = 'database' | 'migrations' | 'redis' | 'jobs' | 'shutdown';
/** "ok", "not configured" (Redis without REDIS_URL), or what is wrong. */
export type Checks = Record<CheckName, string>;

export interface HealthDeps {
  db: Kysely<Database>;
  dialect: Dialect;
  redisUrl: string | null;
  jobs: { isRunning(): boolean };
  logger: Logger;
}

export interface Health {
  /** GET /healthz and GET /readyz. */
  routes: Hono;
  /** Readiness answers 503 "shutting down" from now on. */
  shutDown(): void;
  /** The checks as /readyz would answer them now. */
  check(): Promise<{ ready: boolean; checks: Checks }>;
  /** Closes the Redis connection the check uses. */
  close(): Promise<void>;
}

const NO_STORE = { 'Cache-Control': 'no-store' };

function within<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${what} did not answer within ${CHECK_TIMEOUT_MS} ms`)),
      CHECK_TIMEOUT_MS,
    );
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

interface RedisPing {
  ping(): Promise<unknown>;
  quit(): Promise<unknown>;
}

export function createHealth(deps: HealthDeps): Health {
  const { db, dialect, logger } = deps;
  let shuttingDown = false;
  // The migrations this build carries (their names), read once.
  let expected: Promise<string[]> | null = null;
  const expectedMigrations = () => {
    expected ??= migrationProvider(dialect)
      .getMigrations()
      .then((migrations) => Object.keys(migrations));
    return expected;
  };
  // One connection of its own, opened with the first check that needs it; ioredis reconnects it by itself.
  let redis: Promise<RedisPing> | null = null;
  const redisClient = (url: string) => {
    redis ??= import('ioredis').then(({ Redis }) => {
      const client = new Redis(url, { maxRetriesPerRequest: 1, connectionName: 'castbridge-readiness' });
      // Errors are what the check reports; ioredis would otherwise warn of an unhandled 'error' event.
      client.on('error', () => {});
      return client;
    });
    return redis;
  };
  // The checks as last answered: a change is logged (not every probe).
  let last: string | null = null;

  async function check(): Promise<{ ready: boolean; checks: Checks }> {
    // Why a check failed, logged when the checks' answers change.
    const errors: Partial<Record<CheckName, string>> = {};
    const run = async (name: CheckName, check: () => Promise<string>): Promise<string> => {
      try {
        return await within(check(), name);
      } catch (error) {
        errors[name] = (error as Error).message;
        return 'unreachable';
      }
    };
    const [database, migrations, redisCheck] = await Promise.all([
      run('database', async () => {
        await ping(db);
        return 'ok';
      }),
      run('migrations', async () => {
        const [want, applied] = await Promise.all([
          expectedMigrations(),
          sql<{ name: string }>`select name from kysely_migration`.execute(db),
        ]);
        const done = new Set(applied.rows.map((row) => row.name));
        const pending = want.filter((name) => !done.has(name));
        return pending.length === 0 ? 'ok' : `${pending.length} pending`;
      }),
      deps.redisUrl
        ? run('redis', async () => {
            await (await redisClient(deps.redisUrl!)).ping();
            return 'ok';
          })
        : Promise.resolve('not configured'),
    ]);
    const checks: Checks = {
      database,
      migrations,
      redis: redisCheck,
      jobs: deps.jobs.isRunning() ? 'ok' : 'stopped',
      shutdown: shuttingDown ? 'shutting down' : 'ok',
    };
    const ready = Object.values(checks).every((value) => value === 'ok' || value === 'not configured');
    const state = JSON.stringify(checks);
    if (state !== last) {
      if (last !== null || !ready)
        logger[ready ? 'info' : 'warn'](ready ? 'ready' : 'not ready', { checks, ...(ready ? {} : { errors }) });
      last = state;
    }
    return { ready, checks };
  }

  const routes = new Hono();
  routes.on(['GET', 'HEAD'], '/healthz', (c) => c.json({ status: 'ok' }, 200, NO_STORE));
  routes.on(['GET', 'HEAD'], '/readyz', async (c) => {
    const { ready, checks } = await check();
    if (ready) return c.json({ status: 'ok', checks }, 200, NO_STORE);
    const failing = (Object.keys(checks) as CheckName[]).filter(
      (name) => checks[name] !== 'ok' && checks[name] !== 'not configured',
    );
    const message = shuttingDown
      ? 'Shutting down'
      : `Not ready: ${failing.map((name) => `${name} ${checks[name]}`).join(', ')}`;
    return c.json({ message, code: 'unavailable', checks }, 503, { ...NO_STORE, 'Retry-After': '5' });
  });

  return {
    routes,
    shutDown() {
      shuttingDown = true;
    },
    check,
    async close() {
      const client = redis;
      redis = null;
      if (client) await (await client).quit().catch(() => {});
    },
  };
}
