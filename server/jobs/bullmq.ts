// Jobs on BullMQ (docs/product.md §Several instances), for several instances: with REDIS_URL on Redis, otherwise on PostgreSQL (BullMQ's
// PostgreSQL backend, in a schema of its own). The same JobQueue as the embedded table queue, with the same rules:
// - Enqueueing happens in the caller's transaction: the job is written to the `jobs` table (an outbox), and a relay on
//   every instance hands due rows to BullMQ once committed, so a rolled-back transaction queues nothing and a job
//   never runs before the data it needs is visible.
// - One job per key: BullMQ's job id is the key, so a key already waiting is not queued twice; a key that is running
//   stays in the outbox until that run is over and then runs once more — never twice at the same time.
// - Retries with exponential backoff (5 attempts); schedules (`schedule`) wait in the outbox until due.
import type { ExpressionBuilder, Kysely } from 'kysely';
import { poolTarget } from '../db/connect.ts';
import type { Database } from '../db/types.ts';
import { runWithRequestId, type Logger } from '../log.ts';
import type { JobHandler, JobQueue } from './queue.ts';
import { cancelJob, finishJob, leaseJob, untagged, writeJob } from './table.ts';

export type BullBackend =
  { kind: 'redis'; url: string; prefix: string } | { kind: 'postgres'; connectionString: string; schema: string };

const QUEUE = 'castbridge';
const ATTEMPTS = 5;
const RELAY_IDLE_MS = 500;
const RELAY_LEASE_MS = 30_000;
/** A key still running is looked at again this much later. */
const BUSY_RETRY_MS = 250;

/** BullMQ refuses custom ids with a colon: "match:campaign:<id>" becomes "match~campaign~<id>". */
const bullId = (key: string) => key.replaceAll(':', '~');

/** A row's run_at put off to `at` if it is due by then; one already scheduled later keeps its time. */
const laterIfDue = (eb: ExpressionBuilder<Database, 'jobs'>, at: number) =>
  eb.case().when('run_at', '<=', at).then(at).else(eb.ref('run_at')).end();

interface OutboxRow {
  key: string;
  kind: string;
  payload: string;
}

export async function createBullJobQueue(deps: {
  db: Kysely<Database>;
  logger: Logger;
  backend: BullBackend;
  concurrency?: number;
}): Promise<JobQueue> {
  const { db, logger, backend } = deps;
  const bullmq = await import('bullmq');
  const { Queue, Worker } =
    backend.kind === 'postgres'
      ? bullmq.withBackend(bullmq.createPostgresBackend)
      : { Queue: bullmq.Queue, Worker: bullmq.Worker };
  const connection =
    backend.kind === 'postgres'
      ? // The URL's session settings go beside it, where BullMQ adds its schema to them (server/db/connect.ts).
        { ...poolTarget(backend.connectionString, null), schema: backend.schema, migrate: true, max: 4 }
      : { url: backend.url, maxRetriesPerRequest: null };
  const prefix = backend.kind === 'redis' ? backend.prefix : 'castbridge';
  // BullMQ's own types differ per backend; both take these options at run time. Opened by start(), closed by stop().
  const openQueue = async () => {
    const opened = new (Queue as typeof bullmq.Queue)(QUEUE, { connection: connection as never, prefix });
    await opened.waitUntilReady();
    return opened;
  };
  let queue = await openQueue();
  let queueOpen = true;
  const handlers = new Map<string, JobHandler>();
  let worker: InstanceType<typeof bullmq.Worker> | null = null;
  let running = false;
  let loop: Promise<void> | null = null;
  let wake: (() => void) | null = null;
  let pokes = 0;

  /** Takes due outbox rows (a lease each, so two instances never hand the same row over). */
  async function take(): Promise<OutboxRow[]> {
    const now = Date.now();
    const rows = await db
      .selectFrom('jobs')
      .select(['key', 'kind', 'payload'])
      .where('run_at', '<=', now)
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
      .orderBy('run_at')
      .limit(50)
      .execute();
    const taken: OutboxRow[] = [];
    for (const row of rows) if (await leaseJob(db, row.key, now + RELAY_LEASE_MS)) taken.push(row);
    return taken;
  }

  /** Hands one row to BullMQ, or leaves it for later when its key is still running. */
  async function relay(row: OutboxRow): Promise<void> {
    const jobId = bullId(row.key);
    const state = await queue.getJobState(jobId);
    if (state === 'active' || state === 'delayed') {
      // Running (or waiting to retry): this run comes after it. The running job may have scheduled its next run later
      // meanwhile (a 429's reset time): only a row that is still due is moved.
      await db
        .updateTable('jobs')
        .set((eb) => ({ locked_until: null, run_at: laterIfDue(eb, Date.now() + BUSY_RETRY_MS) }))
        .where('key', '=', row.key)
        .execute();
      return;
    }
    if (state !== 'waiting' && state !== 'prioritized' && state !== 'waiting-children') {
      await queue.add(row.kind, JSON.parse(row.payload) as object, {
        jobId,
        attempts: ATTEMPTS,
        backoff: { type: 'exponential', delay: 500 },
        removeOnComplete: true,
        removeOnFail: true,
      });
    }
    // Handed over (or already waiting with the same key). Asked again meanwhile: it stays for one more run.
    await finishJob(db, row.key);
  }

  async function relayLoop(): Promise<void> {
    while (running) {
      const seen = pokes;
      let rows: OutboxRow[] = [];
      try {
        rows = await take();
      } catch (error) {
        logger.error('jobs: the outbox is unreachable; trying again', { error: (error as Error).message });
      }
      for (const row of rows) {
        await relay(row).catch(async (error: unknown) => {
          // Handed back for another try a little later (not held for the whole lease).
          logger.error('jobs: a job could not be handed to BullMQ; trying again', {
            key: row.key,
            error: (error as Error).message,
          });
          await db
            .updateTable('jobs')
            .set((eb) => ({ locked_until: null, run_at: laterIfDue(eb, Date.now() + 5_000) }))
            .where('key', '=', row.key)
            .execute()
            .catch(() => {});
        });
      }
      if (rows.length > 0 || seen !== pokes) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, RELAY_IDLE_MS);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = null;
    }
  }

  const jobs: JobQueue = {
    async enqueue(kind, key, payload, executor = db) {
      await writeJob(executor, { kind, key, payload, runAt: Date.now(), move: false });
      jobs.poke();
    },
    async schedule(kind, key, payload, runAt) {
      await writeJob(db, { kind, key, payload, runAt, move: true });
      if (runAt <= Date.now()) jobs.poke();
    },
    async cancel(key) {
      await cancelJob(db, key);
      if (queueOpen) await queue.remove(bullId(key)).catch(() => 0);
    },
    register(kind, handler) {
      handlers.set(kind, handler);
    },
    start() {
      if (running) return;
      running = true;
      loop = (
        queueOpen
          ? Promise.resolve()
          : openQueue().then((opened) => {
              queue = opened;
              queueOpen = true;
            })
      ).then(relayLoop);
      worker = new (Worker as typeof bullmq.Worker)(
        QUEUE,
        async (job) => {
          const handler = handlers.get(job.name);
          if (!handler) throw new Error(`no handler for job kind ${job.name}`);
          // The outbox row's payload, with the id of the request that queued it (server/jobs/table.ts).
          const { payload, requestId } = untagged(job.data);
          await runWithRequestId(requestId, () => handler(payload), job.id);
        },
        { connection: connection as never, prefix, concurrency: deps.concurrency ?? 1 },
      );
      worker.on('failed', (job, error) => {
        const final = job && job.attemptsMade >= ATTEMPTS;
        const requestId = job ? untagged(job.data).requestId : undefined;
        runWithRequestId(requestId, () =>
          logger[final ? 'error' : 'warn'](final ? 'job failed for good' : 'job failed, retrying', {
            key: job?.id,
            attempts: job?.attemptsMade,
            error: error.message,
          }),
        );
      });
      worker.on('error', (error) => logger.error('jobs: worker error', { error: error.message }));
    },
    isRunning: () => running && worker !== null && worker.isRunning(),
    poke() {
      pokes += 1;
      wake?.();
    },
    async drain(timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const waiting = await db
          .selectFrom('jobs')
          .select('key')
          .where('run_at', '<=', Date.now() + 100)
          .limit(1)
          .executeTakeFirst();
        const counts = queueOpen
          ? await queue.getJobCounts('waiting', 'active', 'prioritized')
          : { waiting: 0, active: 0, prioritized: 0 };
        if (!waiting && (counts.waiting ?? 0) + (counts.active ?? 0) + (counts.prioritized ?? 0) === 0) return;
        jobs.poke();
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const left = await db.selectFrom('jobs').select(['key', 'run_at', 'locked_until']).limit(5).execute();
      const counts = await queue.getJobCounts('waiting', 'active', 'prioritized', 'delayed');
      throw new Error(`jobs did not drain in time: outbox ${JSON.stringify(left)}, queue ${JSON.stringify(counts)}`);
    },
    async stop() {
      running = false;
      wake?.();
      await loop;
      await worker?.close();
      worker = null;
      queueOpen = false;
      await queue.close();
    },
  };
  return jobs;
}
