// Group commit on SQLite (server/db/write-batcher.ts): writes arriving while a transaction runs share its successor's
// COMMIT, each in a savepoint — one that throws rolls back only itself — and every caller hears back only once its
// write is committed. On PostgreSQL the batcher is a plain transaction per write.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWriteBatcher } from '../../server/db/write-batcher.ts';
import { BACKENDS, makeBackend, startApp, type Backend, type Client } from './helpers.ts';

describe.each(BACKENDS)('the write batcher on %s', (backendName) => {
  let backend: Backend;
  let api: Client;
  beforeAll(async () => {
    backend = await makeBackend(backendName);
    api = await startApp(backend);
    await sql`create table batch_probe (id integer primary key, label text not null)`.execute(api.castbridge.db);
  });
  afterAll(async () => {
    await api?.close();
    await backend?.cleanup();
  });

  it('commits each write, rolls back only the one that throws, and answers after the commit', async () => {
    const { db, dialect } = api.castbridge;
    const writes = createWriteBatcher(db, dialect);
    const insert = (id: number, fail = false) =>
      writes.run(async (trx) => {
        await sql`insert into batch_probe (id, label) values (${id}, ${`w${id}`})`.execute(trx);
        if (fail) throw new Error(`refused ${id}`);
        return id;
      });
    const outcomes = await Promise.allSettled(Array.from({ length: 40 }, (_, i) => insert(i + 1, i % 7 === 3)));
    expect(
      outcomes.filter((o) => o.status === 'rejected').map((o) => (o as PromiseRejectedResult).reason.message),
    ).toEqual(['refused 4', 'refused 11', 'refused 18', 'refused 25', 'refused 32', 'refused 39']);
    const rows = await sql<{ id: number }>`select id from batch_probe order by id`.execute(db);
    const kept = rows.rows.map((row) => Number(row.id));
    expect(kept).toHaveLength(34);
    expect(kept).not.toContain(4);
    // A caller that heard back sees its row from any other reader: it was committed before the answer.
    expect(await insert(1000)).toBe(1000);
    expect(
      Number(
        (await sql<{ n: number | string }>`select count(*) as n from batch_probe where id = 1000`.execute(db)).rows[0]!
          .n,
      ),
    ).toBe(1);
  });

  // PostgreSQL has a writer per connection: there the batcher is a plain transaction per write (the test above).
  it.skipIf(backendName !== 'sqlite')('on SQLite shares COMMITs between writes that arrive together', async () => {
    const { db, dialect } = api.castbridge;
    let commits = 0;
    const counted = db.withPlugin({
      transformQuery: (args) => args.node,
      transformResult: async (args) => args.result,
    });
    const writes = createWriteBatcher(counted, dialect);
    const original = counted.startTransaction.bind(counted);
    (counted as unknown as { startTransaction: typeof original }).startTransaction = () => {
      commits += 1;
      return original();
    };
    await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        writes.run((trx) => sql`insert into batch_probe (id, label) values (${2000 + i}, 'shared')`.execute(trx)),
      ),
    );
    // The first write runs alone; the 29 that queued meanwhile share the next transaction.
    expect(commits).toBe(2);
  });
});
