// Group commit for SQLite. SQLite runs one write transaction at a time on its one connection, and with
// `synchronous = FULL` every COMMIT costs a WAL write and an fsync (about half of a completion's time, see
// `npm run bench -- money`). Writes that arrive while a transaction is running wait anyway; here they share the next
// COMMIT: each runs in a savepoint of one transaction, so one that throws (a 409, an overdraft) rolls back only
// itself, and every caller is answered only after the COMMIT that made its write durable. A lone write runs at once,
// in a transaction of its own: nothing waits for a batch to fill. PostgreSQL runs each write in its own transaction
// on its own connection, so there the batcher is a plain transaction.
import type { ControlledTransaction, Kysely } from 'kysely';
import type { Dialect } from './dialect.ts';
import type { Database } from './types.ts';

export interface WriteBatcher {
  /** Runs `work` inside a transaction and resolves once it is committed; `work` must not open transactions of its own. */
  run<T>(work: (trx: Kysely<Database>) => Promise<T>): Promise<T>;
}

interface Pending {
  work: (trx: Kysely<Database>) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** The most writes one COMMIT carries. */
const MAX_BATCH = 64;

export function createWriteBatcher(db: Kysely<Database>, dialect: Dialect): WriteBatcher {
  if (dialect !== 'sqlite') return { run: (work) => db.transaction().execute(work) };

  const queue: Pending[] = [];
  let flushing = false;

  async function runBatch(items: Pending[]): Promise<void> {
    const outcomes: ({ ok: true; value: unknown } | { ok: false; error: unknown })[] = [];
    let trx: ControlledTransaction<Database> | null = null;
    try {
      trx = await db.startTransaction().execute();
      for (const [index, item] of items.entries()) {
        const name = `write_${index}`;
        const inner = await trx.savepoint(name).execute();
        try {
          const value = await item.work(inner);
          await inner.releaseSavepoint(name).execute();
          outcomes.push({ ok: true, value });
        } catch (error) {
          await inner.rollbackToSavepoint(name).execute();
          outcomes.push({ ok: false, error });
        }
      }
      await trx.commit().execute();
    } catch (error) {
      // BEGIN, a savepoint command or COMMIT failed: nothing of the batch is written.
      if (trx)
        await trx
          .rollback()
          .execute()
          .catch(() => {});
      for (const item of items) item.reject(error);
      return;
    }
    items.forEach((item, index) => {
      const outcome = outcomes[index]!;
      if (outcome.ok) item.resolve(outcome.value);
      else item.reject(outcome.error);
    });
  }

  async function flush(): Promise<void> {
    flushing = true;
    try {
      while (queue.length > 0) await runBatch(queue.splice(0, MAX_BATCH));
    } finally {
      flushing = false;
    }
  }

  return {
    run<T>(work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
        if (!flushing) void flush();
      });
    },
  };
}
