// Exclusive work across instances (docs/product.md §Several instances): a named lease that one instance at a time holds — each chat channel is
// ingested by exactly one instance. Three implementations:
//   - memory: one process, every lease is granted (SQLite);
//   - PostgreSQL session advisory locks on one dedicated connection: an instance that dies drops its connection and
//     with it every lock at once; a lost connection loses them all (renew says so) and a new one is opened;
//   - Redis: SET NX PX with the instance's id, renewed every few seconds, released and renewed only by their holder;
//     a dead instance's leases lapse after LOCK_TTL_MS.
import { poolTarget } from '../db/connect.ts';
import type { Client, QueryResult, QueryResultRow } from 'pg';
import type { Logger } from '../log.ts';

export interface Lease {
  readonly name: string;
  /** Still ours? (Extends it where leases lapse.) False once lost: stop the work. */
  renew(): Promise<boolean>;
  release(): Promise<void>;
}

export interface Locks {
  readonly kind: 'memory' | 'postgres' | 'redis';
  /** The lease, or null when another instance holds it. */
  acquire(name: string): Promise<Lease | null>;
  close(): Promise<void>;
}

/** A Redis lease lapses this long after its last renewal (renewed every RENEW_MS by its holder). */
export const LOCK_TTL_MS = 20_000;
export const RENEW_MS = 5_000;
/** The most a query on the PostgreSQL lock connection may take before the connection is given up. */
const LOCK_QUERY_TIMEOUT_MS = 5_000;

export function memoryLocks(): Locks {
  const held = new Set<string>();
  return {
    kind: 'memory',
    async acquire(name) {
      if (held.has(name)) return null;
      held.add(name);
      return {
        name,
        renew: async () => held.has(name),
        release: async () => void held.delete(name),
      };
    },
    close: async () => held.clear(),
  };
}

export async function postgresLocks(options: {
  connectionString: string;
  namespace: string;
  owner: string;
  logger: Logger;
}): Promise<Locks> {
  const { default: pg } = await import('pg');
  const { logger } = options;
  let client: InstanceType<typeof pg.Client> | null = null;
  let connecting: Promise<InstanceType<typeof pg.Client>> | null = null;
  /** Leases held on the current connection (a new connection starts with none). */
  let held = new Set<string>();
  const trying = new Set<string>();
  let closed = false;
  const key = (name: string) => `${options.namespace}:${name}`;
  // One query at a time on the lock connection: several leases are asked for at once (a chat ingester per channel),
  // and pg's client only queues a query sent while another runs as a deprecated convenience (gone in pg 9). Each
  // query's own timeout starts when it is sent, after the one before it.
  let queue: Promise<unknown> = Promise.resolve();
  function query<R extends QueryResultRow>(db: Client, text: string, values?: unknown[]): Promise<QueryResult<R>> {
    const run = queue.then(() => db.query<R>(text, values));
    queue = run.catch(() => undefined);
    return run;
  }

  async function connection(): Promise<InstanceType<typeof pg.Client>> {
    if (client) return client;
    connecting ??= (async () => {
      // Named after the instance, so pg_stat_activity tells who holds which lock. A host that vanishes without
      // closing its socket must not keep its locks for the kernel's two-hour keepalive: the server probes this
      // session after 10 s of silence and drops it (and its locks) within about 25 s; this side gives up on a query
      // after LOCK_QUERY_TIMEOUT_MS, so an instance cut off from the database stops its exclusive work.
      // The session settings DATABASE_URL names come first (server/db/connect.ts).
      const target = poolTarget(options.connectionString, null);
      const next = new pg.Client({
        connectionString: target.connectionString,
        application_name: `castbridge-locks-${options.owner}`.slice(0, 63),
        keepAlive: true,
        keepAliveInitialDelayMillis: 10_000,
        query_timeout: LOCK_QUERY_TIMEOUT_MS,
        options: [
          target.options,
          '-c tcp_keepalives_idle=10 -c tcp_keepalives_interval=5 -c tcp_keepalives_count=3 -c tcp_user_timeout=20000',
        ]
          .filter(Boolean)
          .join(' '),
      });
      next.on('error', (error) => {
        logger.warn('cluster: the lock connection failed; its locks are lost', {
          error: error.message,
          locks: held.size,
        });
        if (client === next) {
          client = null;
          held = new Set();
        }
        void next.end().catch(() => {});
      });
      await next.connect();
      client = next;
      held = new Set();
      return next;
    })().finally(() => {
      connecting = null;
    });
    return connecting;
  }

  return {
    kind: 'postgres',
    async acquire(name) {
      if (closed) return null;
      let db: InstanceType<typeof pg.Client>;
      try {
        db = await connection();
      } catch (error) {
        logger.warn('cluster: no lock connection', { error: (error as Error).message });
        return null;
      }
      // Advisory locks are re-entrant within a session: one attempt per name at a time, none for a name held.
      if (held.has(name) || trying.has(name)) return null;
      trying.add(name);
      let ok = false;
      try {
        ok = Boolean(
          (await query<{ ok: boolean }>(db, 'select pg_try_advisory_lock(hashtextextended($1, 0)) as ok', [key(name)]))
            .rows[0]?.ok,
        );
      } finally {
        trying.delete(name);
      }
      if (!ok) return null;
      const mine = held;
      mine.add(name);
      return {
        name,
        async renew() {
          if (client !== db || !mine.has(name)) return false;
          try {
            await query(db, 'select 1');
            return client === db && mine.has(name);
          } catch (error) {
            // A connection that does not answer is given up with every lock on it (the server ends the session).
            if (client === db) {
              logger.warn('cluster: the lock connection stopped answering; its locks are given up', {
                error: (error as Error).message,
                locks: held.size,
              });
              client = null;
              held = new Set();
              void db.end().catch(() => {});
            }
            return false;
          }
        },
        async release() {
          if (client !== db || !mine.delete(name)) return;
          await query(db, 'select pg_advisory_unlock(hashtextextended($1, 0))', [key(name)]).catch(() => {});
        },
      };
    },
    async close() {
      closed = true;
      await client?.end().catch(() => {});
      client = null;
    },
  };
}

export async function redisLocks(options: {
  url: string;
  prefix: string;
  owner: string;
  logger: Logger;
  ttlMs?: number;
}): Promise<Locks> {
  const { Redis } = await import('ioredis');
  const redis = new Redis(options.url, { maxRetriesPerRequest: 3 });
  redis.on('error', (error: Error) =>
    options.logger.warn('cluster: Redis lock connection error', { error: error.message }),
  );
  const ttl = options.ttlMs ?? LOCK_TTL_MS;
  const key = (name: string) => `${options.prefix}:lock:${name}`;
  // Only the holder extends or frees its lease.
  const RENEW =
    "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end";
  const RELEASE = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end";
  return {
    kind: 'redis',
    async acquire(name) {
      const ok = await redis.set(key(name), options.owner, 'PX', ttl, 'NX').catch(() => null);
      if (ok !== 'OK') return null;
      return {
        name,
        renew: async () =>
          Number(await redis.eval(RENEW, 1, key(name), options.owner, String(ttl)).catch(() => 0)) === 1,
        release: async () => void (await redis.eval(RELEASE, 1, key(name), options.owner).catch(() => 0)),
      };
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
