// The BullMQ job queue's outbox relay (docs/product.md §Several instances): a row whose key is still running is put off a little and looked at
// again — but a running job may have just scheduled its next run later (a 429's reset time), and that time stands.
import crypto from 'node:crypto';
import { Redis } from 'ioredis';
import { ColumnNode, type KyselyPlugin, type QueryId } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, openDatabase, type DatabaseHandle } from '../../server/db/connect.ts';
import { createBullJobQueue } from '../../server/jobs/bullmq.ts';
import type { JobQueue } from '../../server/jobs/queue.ts';
import { writeJob } from '../../server/jobs/table.ts';
import { makeBackend, memoryLogger, testConfig, until, type Backend } from './helpers.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

describe('the BullMQ relay', () => {
  let backend: Backend;
  let handle: DatabaseHandle;
  let jobs: JobQueue | null = null;
  const prefix = `castbridge_test_jobs_${crypto.randomBytes(4).toString('hex')}`;

  beforeAll(async () => {
    // PostgreSQL, as in production (BullMQ is used there only): the test's own statement below runs while the relay's
    // holds its connection.
    backend = await makeBackend('postgres');
    const config = testConfig(backend);
    handle = openDatabase(config);
    await migrate(handle, config.databaseSchema);
  });
  afterAll(async () => {
    await jobs?.stop();
    await handle?.db.destroy();
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
    await backend?.cleanup();
  });

  it('a key still running keeps the later time its run scheduled meanwhile', async () => {
    const { db } = handle;
    const key = 'limited:account:1';
    const later = Date.now() + 60_000;
    // Right after the relay leases the row (and before it asks BullMQ about the key), the running job schedules its
    // next run for `later` — the moment the relay would overwrite.
    let armed = false;
    const leases = new Set<string>();
    const plugin: KyselyPlugin = {
      transformQuery({ node, queryId }) {
        if (
          node.kind === 'UpdateQueryNode' &&
          node.updates?.some((update) => ColumnNode.is(update.column) && update.column.column.name === 'rerun')
        )
          leases.add(queryId.queryId);
        return node;
      },
      async transformResult({ queryId, result }: { queryId: QueryId; result: never }) {
        if (leases.delete(queryId.queryId) && armed) {
          armed = false;
          await writeJob(db, { kind: 'limited', key, payload: { run: 'next' }, runAt: later, move: true });
        }
        return result;
      },
    };
    jobs = await createBullJobQueue({
      db: db.withPlugin(plugin),
      logger: memoryLogger(),
      backend: { kind: 'redis', url: REDIS_URL, prefix },
    });
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    jobs.register('limited', async () => {
      started();
      await released;
    });
    jobs.start();
    try {
      await jobs.enqueue('limited', key, { run: 'first' });
      await running;
      // Asked again while it runs: the relay finds the key active.
      armed = true;
      await jobs.enqueue('limited', key, { run: 'again' });
      const row = await until(
        () => db.selectFrom('jobs').selectAll().where('key', '=', key).executeTakeFirst(),
        // The running job's own write has landed (its payload) and the relay has let the row go: the time it kept.
        // (`armed` alone is not enough: it drops as the lease's answer arrives, before that write is in.)
        (found) =>
          !armed && found !== undefined && found.locked_until === null && JSON.parse(found.payload).run === 'next',
        10_000,
      );
      expect(Number(row!.run_at)).toBe(later);
      expect(JSON.parse(row!.payload)).toEqual({ run: 'next' });
    } finally {
      release();
    }
  }, 30_000);
});
