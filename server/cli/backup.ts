// `npm run backup -- [folder]` and `npm run restore -- <folder> [--force]` (issue 18): the database and the files a
// Castbridge needs to come back — uploaded photos and creatives, and the two secrets sealed data depend on (JWT_SECRET
// and PAYOUT_KEY when they are generated into DATA_DIR: without the payout key, bank accounts, tokens and overlay URLs
// cannot be read). The backup therefore holds secrets: keep it like one.
//   SQLite: SQLite's online backup API (better-sqlite3), consistent while the server runs.
//   PostgreSQL: pg_dump --format=custom of the product's schema (or the whole database), pg_restore into the
//   configured database (an empty one; --force cleans what is there first).
// Same DATA_DIR / DATABASE_URL / DATABASE_SCHEMA / JWT_SECRET / PAYOUT_KEY settings as the server.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import SQLite from 'better-sqlite3';
import { loadConfig, type Config } from '../config.ts';

export interface BackupManifest {
  format: 1;
  createdAt: string;
  dialect: 'sqlite' | 'postgres';
  schema: string | null;
  secrets: string[];
  uploads: number;
}

const SECRETS = ['jwt-secret', 'payout-key'];
const sqliteFile = (config: Config) => path.join(config.dataDir, 'castbridge.sqlite');

function copyTree(from: string, to: string): number {
  if (!fs.existsSync(from)) return 0;
  let files = 0;
  fs.mkdirSync(to, { recursive: true });
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) files += copyTree(source, target);
    else if (entry.isFile()) {
      fs.copyFileSync(source, target);
      files += 1;
    }
  }
  return files;
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  const result = spawnSync(command, args, { stdio: ['ignore', 'inherit', 'pipe'], env: { ...process.env, ...env }, encoding: 'utf8' });
  if (result.error) throw new Error(`${command} could not run (${result.error.message}): install PostgreSQL's client tools`);
  if (result.status !== 0) throw new Error(`${command} failed: ${result.stderr.trim()}`);
}

export async function backup(config: Config, folder: string): Promise<BackupManifest> {
  fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
  if (fs.readdirSync(folder).length > 0) throw new Error(`${folder} is not empty: choose a new folder for the backup`);
  let dialect: BackupManifest['dialect'];
  if (config.databaseUrl) {
    dialect = 'postgres';
    run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', ...(config.databaseSchema ? ['--schema', config.databaseSchema] : []), '--file', path.join(folder, 'database.dump'), config.databaseUrl]);
  } else {
    dialect = 'sqlite';
    if (!fs.existsSync(sqliteFile(config))) throw new Error(`No database at ${sqliteFile(config)}`);
    const db = new SQLite(sqliteFile(config), { readonly: true, fileMustExist: true });
    try {
      await db.backup(path.join(folder, 'castbridge.sqlite'));
    } finally {
      db.close();
    }
  }
  const uploads = copyTree(path.join(config.dataDir, 'uploads'), path.join(folder, 'uploads'));
  const secrets: string[] = [];
  for (const name of SECRETS) {
    const file = path.join(config.dataDir, name);
    if (!fs.existsSync(file)) continue;
    fs.copyFileSync(file, path.join(folder, name));
    fs.chmodSync(path.join(folder, name), 0o600);
    secrets.push(name);
  }
  const manifest: BackupManifest = { format: 1, createdAt: new Date().toISOString(), dialect, schema: config.databaseSchema, secrets, uploads };
  fs.writeFileSync(path.join(folder, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

export async function restore(config: Config, folder: string, options: { force?: boolean } = {}): Promise<BackupManifest> {
  const manifestFile = path.join(folder, 'manifest.json');
  if (!fs.existsSync(manifestFile)) throw new Error(`${folder} holds no Castbridge backup (no manifest.json)`);
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as BackupManifest;
  const target: BackupManifest['dialect'] = config.databaseUrl ? 'postgres' : 'sqlite';
  if (manifest.dialect !== target) throw new Error(`This is a ${manifest.dialect} backup; the configuration points at ${target}`);
  fs.mkdirSync(config.dataDir, { recursive: true });
  if (target === 'postgres') {
    run('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', ...(options.force ? ['--clean', '--if-exists'] : []), '--dbname', config.databaseUrl!, path.join(folder, 'database.dump')]);
  } else {
    const file = sqliteFile(config);
    if (fs.existsSync(file) && !options.force) throw new Error(`${file} exists: restore into an empty DATA_DIR, or add --force to replace it`);
    for (const suffix of ['-wal', '-shm']) fs.rmSync(`${file}${suffix}`, { force: true });
    fs.copyFileSync(path.join(folder, 'castbridge.sqlite'), file);
  }
  copyTree(path.join(folder, 'uploads'), path.join(config.dataDir, 'uploads'));
  for (const name of manifest.secrets) {
    const file = path.join(config.dataDir, name);
    if (fs.existsSync(file) && !options.force && fs.readFileSync(file, 'utf8') !== fs.readFileSync(path.join(folder, name), 'utf8')) {
      throw new Error(`${file} differs from the backup's: add --force to replace it (data sealed with the other key cannot be read)`);
    }
    fs.copyFileSync(path.join(folder, name), file);
    fs.chmodSync(file, 0o600);
  }
  return manifest;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [command, ...rest] = process.argv.slice(2);
  const force = rest.includes('--force');
  const folder = rest.find((arg) => !arg.startsWith('--'));
  const config = loadConfig(process.env);
  try {
    if (command === 'backup') {
      const into = path.resolve(folder ?? path.join('backups', `castbridge-${new Date().toISOString().replace(/[:.]/g, '-')}`));
      const manifest = await backup(config, into);
      process.stdout.write(`Backed up the ${manifest.dialect} database, ${manifest.uploads} uploaded file(s) and ${manifest.secrets.length} secret(s) into ${into}\n`);
    } else if (command === 'restore' && folder) {
      const manifest = await restore(config, path.resolve(folder), { force });
      process.stdout.write(`Restored the ${manifest.dialect} backup of ${manifest.createdAt}\n`);
    } else {
      process.stderr.write('Usage: npm run backup -- [folder]\n       npm run restore -- <folder> [--force]\n');
      process.exitCode = 2;
    }
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    process.exitCode = 1;
  }
}
