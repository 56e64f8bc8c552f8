// Opens the database named by the configuration: SQLite in DATA_DIR by default, PostgreSQL with DATABASE_URL.
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, sql, type SqliteDatabase, type SqliteStatement } from 'kysely';
import pg from 'pg';
import type { Config } from '../config.ts';
import type { Dialect } from './dialect.ts';
import { OneConnectionSqliteDialect } from './sqlite-driver.ts';
import { migrationProvider } from './migrations.ts';
import type { Database } from './types.ts';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  /** Where the data lives, for logs (never includes a password). */
  description: string;
}

/**
 * better-sqlite3 prepares a statement on every Kysely query; the queries of this app are few and fixed,
 * so keeping the prepared statements saves that work on the hot path (GET /api/user).
 */
function withStatementCache(database: SQLite.Database, limit = 256): SqliteDatabase {
  const cache = new Map<string, SqliteStatement>();
  return {
    close: () => database.close(),
    prepare(text: string) {
      let stmt = cache.get(text);
      if (!stmt) {
        if (cache.size >= limit) cache.clear();
        stmt = database.prepare(text) as unknown as SqliteStatement;
        cache.set(text, stmt);
      }
      return stmt;
    },
  };
}

function openSqlite(config: Config): DatabaseHandle {
  fs.mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  const file = path.join(config.dataDir, 'castbridge.sqlite');
  const database = new SQLite(file);
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = FULL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({
    dialect: new OneConnectionSqliteDialect({ database: withStatementCache(database) }),
  });
  return { db, dialect: 'sqlite', description: `SQLite at ${file}` };
}

/**
 * Where a pool connects and the session settings it starts with: those DATABASE_URL names in libpq's `options`
 * parameter (`?options=-c%20statement_timeout%3D5000`), then the configured schema first on the search path. (node-pg
 * lets the URL's `options` replace the one given beside it, so the URL goes without it.)
 */
export function poolTarget(url: string, schema: string | null): { connectionString: string; options?: string } {
  const target = new URL(url);
  const parts = [target.searchParams.get('options'), schema ? `-c search_path=${schema}` : null].filter(Boolean);
  target.searchParams.delete('options');
  return { connectionString: target.toString(), ...(parts.length ? { options: parts.join(' ') } : {}) };
}

function openPostgres(url: string, schema: string | null): DatabaseHandle {
  const pool = new pg.Pool({ ...poolTarget(url, schema), max: 10 });
  pool.on('error', (error) => {
    process.stderr.write(
      `${JSON.stringify({ level: 'error', msg: 'idle PostgreSQL client error', error: error.message })}\n`,
    );
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const where = new URL(url);
  return {
    db,
    dialect: 'postgres',
    description: `PostgreSQL at ${where.hostname}:${where.port || 5432}${where.pathname}${schema ? ` (schema ${schema})` : ''}`,
  };
}

export function openDatabase(config: Config): DatabaseHandle {
  return config.databaseUrl ? openPostgres(config.databaseUrl, config.databaseSchema) : openSqlite(config);
}

export async function migrate(handle: DatabaseHandle, schema: string | null): Promise<void> {
  if (handle.dialect === 'postgres' && schema) {
    try {
      await sql`create schema if not exists ${sql.id(schema)}`.execute(handle.db);
    } catch (error) {
      // Two processes creating it at once: one wins with a unique violation, and the schema exists.
      if ((error as { code?: string }).code !== '23505') throw error;
    }
  }
  const migrator = new Migrator({
    db: handle.db,
    provider: migrationProvider(handle.dialect),
    // Features land side by side: a migration merged in with an earlier number than one already applied still runs.
    allowUnorderedMigrations: true,
    ...(handle.dialect === 'postgres' && schema ? { migrationTableSchema: schema } : {}),
  });
  await migrateToLatest(migrator, handle.dialect);
}

/**
 * Runs the migrations. Kysely finds its migration table by listing every schema's tables and their columns
 * (has_schema_privilege on each name): a schema dropped by someone else meanwhile (another test run or tenant on the
 * same PostgreSQL database) fails that listing before anything is migrated — 3F000 for the schema, or 42P01 for one of
 * its tables when a parallel worker reads the catalog — and so does a column another schema's migration is adding
 * (42703: seen as two instances and the parallel test files migrate at once), and listing again is safe. A migration
 * that fails is never retried.
 */
const VANISHED_UNDER_LISTING = ['3F000', '42P01', '42703'];

export async function migrateToLatest(
  migrator: Pick<Migrator, 'migrateToLatest'>,
  dialect: DatabaseHandle['dialect'],
): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    const { error, results } = await migrator.migrateToLatest();
    const failed = results?.find((result) => result.status === 'Error');
    if (!error && !failed) return;
    if (
      dialect === 'postgres' &&
      !failed &&
      VANISHED_UNDER_LISTING.includes((error as { code?: string } | undefined)?.code ?? '') &&
      attempt < 5
    ) {
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
      continue;
    }
    throw new Error(`database migration failed${failed ? ` at ${failed.migrationName}` : ''}`, { cause: error });
  }
}
