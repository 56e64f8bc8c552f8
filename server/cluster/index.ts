// What several instances share (docs/product.md §Several instances), chosen from the configuration:
//   SQLite (the embedded default, one process): no transport, in-process leases, the table job queue;
//   PostgreSQL: LISTEN/NOTIFY, advisory locks, BullMQ on PostgreSQL;
//   PostgreSQL + REDIS_URL: Redis pub/sub, Redis leases, BullMQ on Redis.
// Names are scoped by the database schema, so several products (or test runs) can share one database or Redis.
import type { Kysely } from 'kysely';
import type { Config } from '../config.ts';
import type { Dialect } from '../db/dialect.ts';
import type { Database } from '../db/types.ts';
import { createBullJobQueue } from '../jobs/bullmq.ts';
import { createJobQueue, type JobQueue } from '../jobs/queue.ts';
import type { Logger } from '../log.ts';
import { memoryLocks, postgresLocks, redisLocks, type Locks } from './locks.ts';
import { newInstanceId, noTransport, postgresTransport, redisTransport, type Transport } from './transport.ts';

export interface Cluster {
  instanceId: string;
  transport: Transport;
  locks: Locks;
  close(): Promise<void>;
}

/** A name for this product's channels, lock keys and queues: the schema's, or "castbridge". */
export const namespaceOf = (config: Pick<Config, 'databaseSchema'>) =>
  config.databaseSchema ? `castbridge_${config.databaseSchema}` : 'castbridge';

export async function createCluster(config: Config, dialect: Dialect, logger: Logger): Promise<Cluster> {
  const instanceId = config.instanceId ?? newInstanceId();
  if (dialect === 'sqlite' || !config.databaseUrl) {
    return { instanceId, transport: noTransport(instanceId), locks: memoryLocks(), close: async () => {} };
  }
  const namespace = namespaceOf(config);
  const transport = config.redisUrl
    ? await redisTransport({ url: config.redisUrl, channel: `${namespace}:events`, logger, origin: instanceId })
    : await postgresTransport({ connectionString: config.databaseUrl, channel: namespace, logger, origin: instanceId });
  const locks = config.redisUrl
    ? await redisLocks({ url: config.redisUrl, prefix: namespace, owner: instanceId, logger })
    : await postgresLocks({ connectionString: config.databaseUrl, namespace, owner: instanceId, logger });
  return {
    instanceId,
    transport,
    locks,
    async close() {
      await locks.close();
      await transport.close();
    },
  };
}

/** The job queue: the embedded table queue, or BullMQ (on Redis with REDIS_URL, else on PostgreSQL). */
export async function createJobs(config: Config, db: Kysely<Database>, logger: Logger): Promise<JobQueue> {
  if (config.jobQueue === 'table' || !config.databaseUrl) return createJobQueue(db, logger);
  const namespace = namespaceOf(config);
  return createBullJobQueue({
    db,
    logger,
    backend: config.redisUrl
      ? { kind: 'redis', url: config.redisUrl, prefix: namespace }
      : { kind: 'postgres', connectionString: config.databaseUrl, schema: `${namespace}_jobs`.slice(0, 63) },
  });
}
