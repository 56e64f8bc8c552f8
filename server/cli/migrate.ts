// `npm run migrate`: applies the migrations the server would apply at start (SQLite in DATA_DIR by default, PostgreSQL
// with DATABASE_URL and DATABASE_SCHEMA), then exits — for deployments that migrate once before rolling their
// instances onto a new version. Prints what it applied; exits 1 when a migration fails.
import { loadConfig } from '../config.ts';
import { migrate, openDatabase } from '../db/connect.ts';
import { sql } from 'kysely';

async function main(argv: string[]): Promise<number> {
  if (argv.length > 0) {
    process.stderr.write(
      'Usage: npm run migrate (reads DATA_DIR, DATABASE_URL and DATABASE_SCHEMA as the server does)\n',
    );
    return 2;
  }
  const config = loadConfig(process.env);
  const handle = openDatabase(config);
  try {
    const applied = async () => {
      try {
        const table =
          config.databaseUrl && config.databaseSchema
            ? sql.id(config.databaseSchema, 'kysely_migration')
            : sql.id('kysely_migration');
        const { rows } = await sql<{ name: string }>`select name from ${table}`.execute(handle.db);
        return new Set(rows.map((row) => row.name));
      } catch {
        return new Set<string>();
      }
    };
    const before = await applied();
    await migrate(handle, config.databaseSchema);
    const after = await applied();
    const added = [...after].filter((name) => !before.has(name)).sort();
    process.stdout.write(
      added.length > 0
        ? `Applied ${added.length} migration(s) to ${handle.description}: ${added.join(', ')}. ${after.size} in all.\n`
        : `${handle.description} is up to date (${after.size} migrations).\n`,
    );
    return 0;
  } finally {
    await handle.db.destroy();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
