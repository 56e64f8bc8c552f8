// The one migration set, run at start on SQLite and PostgreSQL alike: every file of server/db/migrations/, in name
// order. A change to the schema is a new file there (NNNN_what.ts exporting up(db, dialect) and down(db)); nothing
// else lists them, so features added side by side never edit a shared index.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Kysely, Migration, MigrationProvider } from 'kysely';
import type { Dialect } from './dialect.ts';

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

interface MigrationModule {
  up(db: Kysely<unknown>, dialect: Dialect): Promise<void>;
  down?(db: Kysely<unknown>, dialect: Dialect): Promise<void>;
}

export function migrationProvider(dialect: Dialect, dir = MIGRATIONS_DIR): MigrationProvider {
  return {
    async getMigrations() {
      const names = fs
        .readdirSync(dir)
        .filter((file) => /^\d{4}_[a-z0-9_]+\.ts$/.test(file))
        .sort();
      const migrations: Record<string, Migration> = {};
      for (const file of names) {
        const module = (await import(pathToFileURL(path.join(dir, file)).href)) as MigrationModule;
        migrations[file.replace(/\.ts$/, '')] = {
          up: (db) => module.up(db, dialect),
          ...(module.down ? { down: (db: Kysely<unknown>) => module.down!(db, dialect) } : {}),
        };
      }
      return migrations;
    },
  };
}
