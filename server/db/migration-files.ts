// The migration modules of server/db/migrations/ by name (NNNN_what), in name order, read from the folder at run time.
// The compiled server has no folder of TypeScript to read: scripts/build-server.ts replaces this module, in the bundle
// only, with one that imports the same files statically (same names, same order, same modules).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Kysely } from 'kysely';
import type { Dialect } from './dialect.ts';

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** A migration's file name: four digits, an underscore, lower-case words. */
export const MIGRATION_FILE = /^\d{4}_[a-z0-9_]+\.ts$/;

export interface MigrationModule {
  up(db: Kysely<unknown>, dialect: Dialect): Promise<void>;
  down?(db: Kysely<unknown>, dialect: Dialect): Promise<void>;
}

/** The migration files of `dir`, in name order. */
export function migrationFiles(dir = MIGRATIONS_DIR): string[] {
  return fs
    .readdirSync(dir)
    .filter((file) => MIGRATION_FILE.test(file))
    .sort();
}

export async function migrationModules(dir = MIGRATIONS_DIR): Promise<[name: string, module: MigrationModule][]> {
  const modules: [string, MigrationModule][] = [];
  for (const file of migrationFiles(dir))
    modules.push([
      file.replace(/\.ts$/, ''),
      (await import(pathToFileURL(path.join(dir, file)).href)) as MigrationModule,
    ]);
  return modules;
}
