// DATABASE_URL's own session settings (libpq's `options` parameter) and DATABASE_SCHEMA together, on PostgreSQL:
// node-pg lets a URL's `options` replace the one given beside it, which once dropped the schema from the search path
// of a deployment whose URL set, say, a statement timeout. Both now reach every pooled connection (server/db/connect.ts
// poolTarget; the lock connection adds its keepalives to the URL's settings the same way, server/cluster/locks.ts).
import crypto from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { openDatabase, poolTarget } from '../../server/db/connect.ts';
import { findPostgres, makeBackend, startApp, withoutCommitWait } from './helpers.ts';

const withOptions = (url: string, options: string) => {
  const target = new URL(url);
  target.searchParams.set('options', options);
  return target.toString();
};

describe('DATABASE_URL with session options', () => {
  it('keeps them beside the schema on the search path, the URL sent without them', () => {
    expect(
      poolTarget('postgres://app@db:5432/castbridge?options=-c%20statement_timeout%3D5000&sslmode=require', 'tenant_a'),
    ).toEqual({
      connectionString: 'postgres://app@db:5432/castbridge?sslmode=require',
      options: '-c statement_timeout=5000 -c search_path=tenant_a',
    });
    expect(poolTarget('postgres://app@db:5432/castbridge', null)).toEqual({
      connectionString: 'postgres://app@db:5432/castbridge',
    });
  });

  it('a pooled connection has both the URL’s settings and the schema', async () => {
    const url = withOptions(await findPostgres(), '-c statement_timeout=4321');
    const schema = `castbridge_url_${crypto.randomBytes(4).toString('hex')}`;
    const handle = openDatabase(loadConfig({ DATABASE_URL: url, DATABASE_SCHEMA: schema, DATA_DIR: '/nonexistent' }));
    try {
      const row = async (query: ReturnType<typeof sql<Record<string, string>>>) =>
        (await query.execute(handle.db)).rows[0];
      expect(await row(sql`show statement_timeout`)).toEqual({ statement_timeout: '4321ms' });
      expect(await row(sql`show search_path`)).toEqual({ search_path: schema });
    } finally {
      await handle.db.destroy();
    }
  });

  it('the test servers commit without waiting on the disk, in their own schema (helpers.ts withoutCommitWait)', async () => {
    expect(withoutCommitWait('postgres://postgres@127.0.0.1:5432/test')).toBe(
      'postgres://postgres@127.0.0.1:5432/test?options=-c%20synchronous_commit%3Doff',
    );
    const backend = await makeBackend('postgres');
    const app = await startApp(backend);
    try {
      const { db } = app.castbridge;
      expect((await sql<{ synchronous_commit: string }>`show synchronous_commit`.execute(db)).rows[0]).toEqual({
        synchronous_commit: 'off',
      });
      expect((await sql<{ search_path: string }>`show search_path`.execute(db)).rows[0]).toEqual({
        search_path: backend.env.DATABASE_SCHEMA,
      });
    } finally {
      await app.close();
      await backend.cleanup();
    }
  });
});
