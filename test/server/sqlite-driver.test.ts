// SQLite's one connection, lent by server/db/sqlite-driver.ts: one holder at a time (a transaction's statements never
// interleave with another's), the others served in the order they asked, the connection back after a failure, and
// fewer promises a query than Kysely's own driver makes (the point of it).
import SQLite from 'better-sqlite3';
import { Kysely, sql, SqliteDialect, type LogEvent } from 'kysely';
import { promiseHooks } from 'node:v8';
import { afterEach, describe, expect, it } from 'vitest';
import { OneConnectionSqliteDialect } from '../../server/db/sqlite-driver.ts';

type Probe = { probe: { id: number; label: string } };

const open: Kysely<Probe>[] = [];
async function database(dialect: 'ours' | 'kysely' = 'ours', log?: (event: LogEvent) => void): Promise<Kysely<Probe>> {
  const config = { database: new SQLite(':memory:') };
  const db = new Kysely<Probe>({
    dialect: dialect === 'ours' ? new OneConnectionSqliteDialect(config) : new SqliteDialect(config),
    ...(log ? { log } : {}),
  });
  open.push(db);
  await sql`create table probe (id integer primary key, label text not null)`.execute(db);
  return db;
}

afterEach(async () => {
  await Promise.all(open.splice(0).map((db) => db.destroy()));
});

describe('the SQLite driver', () => {
  it("runs a transaction's statements without another's in between, and the waiting ones in the order they asked", async () => {
    // Every statement the connection runs, in order (Kysely's log sees begin and commit too).
    const statements: string[] = [];
    const db = await database('ours', (event) => {
      const [label] = event.query.parameters;
      statements.push(/^insert/.test(event.query.sql) ? `insert ${String(label)}` : event.query.sql.split(' ')[0]!);
    });
    const transaction = (name: string) =>
      db.transaction().execute(async (trx) => {
        const { count } = await trx
          .selectFrom('probe')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .executeTakeFirstOrThrow();
        // Awaits between the read and the write: another holder's statements would run here if it could.
        for (let tick = 0; tick < 5; tick += 1) await Promise.resolve();
        await trx
          .insertInto('probe')
          .values({ label: name, id: Number(count) + 1 })
          .execute();
      });
    await Promise.all([
      transaction('a'),
      transaction('b'),
      db.selectFrom('probe').select('id').execute(),
      transaction('c'),
    ]);
    // The plain query's select comes between two transactions, never inside one.
    expect(statements.join(' ')).toMatch(
      /^create (select )?begin select insert a commit (select )?begin select insert b commit (select )?begin select insert c commit( select)?$/,
    );
    expect(statements.filter((statement) => statement === 'select')).toHaveLength(4);
    expect(await db.selectFrom('probe').select(['id', 'label']).orderBy('id').execute()).toEqual([
      { id: 1, label: 'a' },
      { id: 2, label: 'b' },
      { id: 3, label: 'c' },
    ]);
  });

  it('gives the connection back when a query or a transaction fails', async () => {
    const db = await database();
    await expect(sql`select * from nowhere`.execute(db)).rejects.toThrow(/no such table/);
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto('probe').values({ id: 1, label: 'rolled back' }).execute();
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    // Both released: the next query is served, and the failed transaction left nothing.
    await db.insertInto('probe').values({ id: 2, label: 'kept' }).execute();
    expect(await db.selectFrom('probe').select('label').execute()).toEqual([{ label: 'kept' }]);
  });

  it('makes at least 5 fewer promises a query than Kysely’s own driver', async () => {
    const count = async (db: Kysely<Probe>) => {
      const query = () => db.selectFrom('probe').select('id').where('id', '=', 1).executeTakeFirst();
      for (let warm = 0; warm < 10; warm += 1) await query();
      let promises = 0;
      const stop = promiseHooks.onInit(() => {
        promises += 1;
      });
      try {
        for (let call = 0; call < 10; call += 1) await query();
      } finally {
        stop();
      }
      return promises / 10;
    };
    const ours = await count(await database('ours'));
    const kysely = await count(await database('kysely'));
    expect(kysely - ours).toBeGreaterThanOrEqual(5);
  });
});
