// The `jobs` table's statements, shared by the embedded queue (server/jobs/queue.ts), which runs its rows, and the
// BullMQ queue (server/jobs/bullmq.ts), which uses it as an outbox: one row per key; writing a key that is waiting
// changes nothing (or moves it, for a schedule), writing one that is leased asks for one more run (`rerun`).
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';
import { currentJobKey, currentRequestId } from '../log.ts';

/**
 * The id of the request that queued a job (docs/operations.md §Request ids), kept in its payload under this key when
 * the payload is an object: the job's own log lines carry it when it runs, on either queue, and so do the jobs it
 * queues — except its own next run (a job that reschedules itself would otherwise carry one request's id forever).
 * Handlers never see it.
 */
const REQUEST_ID_KEY = '$requestId';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `payload` of job `key` with the current request's id, if any. */
function tagged(key: string, payload: unknown): unknown {
  const requestId = currentRequestId();
  if (!requestId || !isRecord(payload)) return payload;
  // The running job queuing itself again (BullMQ runs it under its id, the key with "~" for ":").
  const running = currentJobKey();
  if (running !== undefined && (running === key || running === key.replaceAll(':', '~'))) return payload;
  return { ...payload, [REQUEST_ID_KEY]: requestId };
}

/** A stored payload as its handler takes it, and the id of the request that queued it. */
export function untagged(stored: unknown): { payload: unknown; requestId: string | undefined } {
  if (!isRecord(stored) || typeof stored[REQUEST_ID_KEY] !== 'string') return { payload: stored, requestId: undefined };
  const { [REQUEST_ID_KEY]: requestId, ...payload } = stored;
  return { payload, requestId: requestId as string };
}

/** Writes job `key` with `executor` (the caller's transaction, or the database). */
export function writeJob(
  executor: Kysely<Database>,
  job: { kind: string; key: string; payload: unknown; runAt: number; move: boolean },
) {
  const payload = JSON.stringify(tagged(job.key, job.payload));
  return executor
    .insertInto('jobs')
    .values({ key: job.key, kind: job.kind, payload, run_at: job.runAt, rerun: 0 })
    .onConflict((oc) => oc.column('key').doUpdateSet({ rerun: 1, payload, ...(job.move ? { run_at: job.runAt } : {}) }))
    .execute();
}

/** Removes job `key` unless it is leased now. */
export async function cancelJob(db: Kysely<Database>, key: string): Promise<void> {
  const now = Date.now();
  await db
    .deleteFrom('jobs')
    .where('key', '=', key)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
    .execute();
}

/** Leases row `key` until `until`; false when another worker (another instance) leased it first. */
export async function leaseJob(db: Kysely<Database>, key: string, until: number): Promise<boolean> {
  const now = Date.now();
  const taken = await db
    .updateTable('jobs')
    .set({ locked_until: until, rerun: 0 })
    .where('key', '=', key)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
    .executeTakeFirst();
  return Number(taken.numUpdatedRows) === 1;
}

/**
 * Done with a leased row: deleted, unless it was asked to run again meanwhile — then released for that run. The
 * delete comes first: while the lease is held a write can only raise `rerun` (0 → 1), so a row the delete leaves has
 * rerun = 1. (Releasing first raced: a write between the two statements left the row leased, with nobody on it.)
 */
export async function finishJob(db: Kysely<Database>, key: string): Promise<void> {
  const done = await db.deleteFrom('jobs').where('key', '=', key).where('rerun', '=', 0).executeTakeFirst();
  if (Number(done.numDeletedRows) === 0)
    await db
      .updateTable('jobs')
      .set({ locked_until: null, attempts: 0 })
      .where('key', '=', key)
      .where('rerun', '=', 1)
      .execute();
}
