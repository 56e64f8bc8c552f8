// The one migration set, run at start on SQLite and PostgreSQL alike: every file of server/db/migrations/, in name
// order. A change to the schema is a new file there (NNNN_what.ts exporting up(db, dialect) and down(db)); nothing
// else lists them, so features added side by side never edit a shared index (the compiled server's list is made by
// scripts/build-server.ts from the folder: see migration-files.ts).
import type { Migration, MigrationProvider } from 'kysely';
import type { Dialect } from './dialect.ts';
import { MIGRATIONS_DIR, migrationModules } from './migration-files.ts';

export { MIGRATIONS_DIR };

export function migrationProvider(dialect: Dialect, dir = MIGRATIONS_DIR): MigrationProvider {
  return {
    async getMigrations() {
      const migrations: Record<string, Migration> = {};
      for (const [name, module] of await migrationModules(dir)) {
        migrations[name] = {
          up: (db) => module.up(db, dialect),
          ...(module.down ? { down: (db) => module.down!(db, dialect) } : {}),
        };
      }
      return migrations;
    },
  };
}
