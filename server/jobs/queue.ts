// Jobs beside the HTTP server (docs/product.md §Marketplace: matching runs as a job, not inside a request). The embedded queue is a
// table: one row per job key (enqueueing a key already waiting does nothing; one that is running is asked to run
// once more), taken by a worker loop in this process with a lease, retried with backoff. docs/product.md §Several instances puts BullMQ behind
// the same interface for several instances.
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';
import { runWithRequestId, type Logger } from '../log.ts';
import { cancelJob, finishJob, leaseJob, untagged, writeJob } from './table.ts';

export type JobHandler = (payload: unknown) => Promise<void>;

export interface JobQueue {
  /** Queues job `key` (e.g. "match:campaign:<id>") of `kind`; the row is written with `executor` (a transaction). */
  enqueue(kind: string, key: string, payload: unknown, executor?: Kysely<Database>): Promise<void>;
  /**
   * Queues job `key` to run at `runAt` (epoch ms). A job of that key waiting is moved to `runAt`; one running (a job
   * scheduling its own next run) runs again at `runAt` once done.
   */
  schedule(kind: string, key: string, payload: unknown, runAt: number): Promise<void>;
  /** Removes job `key` unless it is running now. */
  cancel(key: string): Promise<void>;
  register(kind: string, handler: JobHandler): void;
  /** Starts the worker loop. */
  start(): void;
  /** Whether the worker loop is started (and not stopped): readiness asks (server/http/health.ts). */
  isRunning(): boolean;
  /** Wakes the worker now (after a commit that queued work). */
  poke(): void;
  /** Resolves when no job is waiting or running (tests, the seed). */
  drain(timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

const LEASE_MS = 60_000;
const IDLE_POLL_MS = 1_000;
const MAX_ATTEMPTS = 5;
const backoff = (attempts: number) => Math.min(60_000, 500 * 2 ** attempts);

export function createJobQueue(db: Kysely<Database>, logger: Logger): JobQueue {
  const handlers = new Map<string, JobHandler>();
  let running = false;
  let loop: Promise<void> | null = null;
  let wake: (() => void) | null = null;
  let pokes = 0;
  const idleWaiters = new Set<() => void>();

  async function takeOne(): Promise<{ key: string; kind: string; payload: string; attempts: number } | null> {
    const now = Date.now();
    return db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('jobs')
        .select(['key', 'kind', 'payload', 'attempts'])
        .where('run_at', '<=', now)
        .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
        .orderBy('run_at')
        .limit(1)
        .executeTakeFirst();
      if (!row) return null;
      // The lease: another worker (another instance) that read the same row loses this conditional update.
      return (await leaseJob(trx, row.key, now + LEASE_MS)) ? { ...row, attempts: Number(row.attempts) } : null;
    });
  }

  async function fail(key: string, attempts: number, error: unknown): Promise<void> {
    const message = error instanceof Error ? error.message : String(error);
    if (attempts + 1 >= MAX_ATTEMPTS) {
      logger.error('job failed for good', { key, attempts: attempts + 1, error: message });
      await db.deleteFrom('jobs').where('key', '=', key).execute();
      return;
    }
    logger.warn('job failed, retrying', { key, attempts: attempts + 1, error: message });
    await db
      .updateTable('jobs')
      .set({
        attempts: attempts + 1,
        locked_until: null,
        run_at: Date.now() + backoff(attempts + 1),
        last_error: message.slice(0, 1000),
      })
      .where('key', '=', key)
      .execute();
  }

  async function work(): Promise<void> {
    while (running) {
      let job: Awaited<ReturnType<typeof takeOne>> = null;
      const seen = pokes;
      try {
        job = await takeOne();
      } catch (error) {
        logger.error('job queue unreachable', { error: (error as Error).message });
      }
      if (job) {
        const taken = job;
        const handler = handlers.get(taken.kind);
        const { payload, requestId } = untagged(JSON.parse(taken.payload));
        // Its log lines carry the id of the request that queued it.
        await runWithRequestId(
          requestId,
          async () => {
            try {
              if (!handler) throw new Error(`no handler for job kind ${taken.kind}`);
              await handler(payload);
              await finishJob(db, taken.key);
            } catch (error) {
              await fail(taken.key, taken.attempts, error).catch(() => {});
            }
          },
          taken.key,
        );
        continue;
      }
      if (seen !== pokes) continue;
      for (const resolve of idleWaiters) resolve();
      idleWaiters.clear();
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, IDLE_POLL_MS);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = null;
    }
  }

  return {
    async enqueue(kind, key, payload, executor = db) {
      await writeJob(executor, { kind, key, payload, runAt: Date.now(), move: false });
      this.poke();
    },
    async schedule(kind, key, payload, runAt) {
      await writeJob(db, { kind, key, payload, runAt, move: true });
      if (runAt <= Date.now()) this.poke();
    },
    cancel: (key) => cancelJob(db, key),
    register(kind, handler) {
      handlers.set(kind, handler);
    },
    start() {
      if (running) return;
      running = true;
      loop = work();
    },
    isRunning: () => running,
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
        if (!waiting) return;
        await new Promise<void>((resolve) => {
          idleWaiters.add(resolve);
          setTimeout(resolve, 50);
          wake?.();
        });
      }
      throw new Error('jobs did not drain in time');
    },
    async stop() {
      running = false;
      wake?.();
      await loop;
    },
  };
}
