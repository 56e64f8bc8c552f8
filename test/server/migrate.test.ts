// Migrations on a shared PostgreSQL database: Kysely lists every schema's tables to find its own, and a schema that
// another run drops meanwhile fails that listing with 3F000 (or 42P01 for one of its tables, from a parallel worker,
// or 42703 for a column another schema's migration is adding) — seen between the parallel test files here. The listing
// is tried again; any other failure, and a failed migration, still stop the start.
import { describe, expect, it } from 'vitest';
import type { MigrationResultSet } from 'kysely';
import { migrateToLatest } from '../../server/db/connect.ts';

const dropped = Object.assign(new Error('schema "castbridge_test_1_x" does not exist'), { code: '3F000' });
const answers = (...sets: MigrationResultSet[]) => {
  let calls = 0;
  return {
    get calls() {
      return calls;
    },
    migrateToLatest: async () => sets[Math.min(calls++, sets.length - 1)]!,
  };
};

describe('migrateToLatest', () => {
  it('lists again when a schema vanished under the listing (PostgreSQL)', async () => {
    const migrator = answers({ error: dropped }, { error: dropped }, { results: [] });
    await migrateToLatest(migrator, 'postgres');
    expect(migrator.calls).toBe(3);
  });

  it('lists again when one of a vanishing schema’s tables is gone under a parallel worker (42P01)', async () => {
    const tableGone = Object.assign(new Error('relation "castbridge_test_1_x.metric_samples" does not exist'), {
      code: '42P01',
      where: 'parallel worker',
    });
    const migrator = answers({ error: tableGone }, { results: [] });
    await migrateToLatest(migrator, 'postgres');
    expect(migrator.calls).toBe(2);
  });

  it('lists again when a column another schema’s migration is adding is not there yet under the listing (42703)', async () => {
    const columnComing = Object.assign(new Error('column "recording_url" of relation "live_streams" does not exist'), {
      code: '42703',
    });
    const migrator = answers({ error: columnComing }, { results: [] });
    await migrateToLatest(migrator, 'postgres');
    expect(migrator.calls).toBe(2);
  });

  it('gives up after five tries, and never retries another error, a failed migration or SQLite', async () => {
    const always = answers({ error: dropped });
    await expect(migrateToLatest(always, 'postgres')).rejects.toThrow('database migration failed');
    expect(always.calls).toBe(5);
    const other = answers({ error: Object.assign(new Error('permission denied'), { code: '42501' }) }, { results: [] });
    await expect(migrateToLatest(other, 'postgres')).rejects.toThrow('database migration failed');
    expect(other.calls).toBe(1);
    const failed = answers(
      { error: dropped, results: [{ migrationName: '0015_overlay_budget', direction: 'Up', status: 'Error' }] },
      { results: [] },
    );
    await expect(migrateToLatest(failed, 'postgres')).rejects.toThrow(
      'database migration failed at 0015_overlay_budget',
    );
    const sqlite = answers({ error: dropped }, { results: [] });
    await expect(migrateToLatest(sqlite, 'sqlite')).rejects.toThrow('database migration failed');
    expect(sqlite.calls).toBe(1);
  });
});
