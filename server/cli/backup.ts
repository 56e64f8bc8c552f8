// `npm run backup -- [folder]` and `npm run restore -- <folder> [--force]` (docs/product.md §Several instances): the database and the files a
// Castbridge needs to come back — uploaded photos and creatives, and the two secrets sealed data depend on (JWT_SECRET
// and PAYOUT_KEY when they are generated into DATA_DIR: without the payout key, bank accounts, tokens and overlay URLs
// cannot be read). The backup therefore holds secrets: keep it like one.
//   SQLite: SQLite's online backup API (better-sqlite3), consistent while the server runs.
//   PostgreSQL: pg_dump --format=custom of the product's schema (or the whole database), pg_restore into the
//   configured database (an empty one; --force replaces what is there).
// A restore checks everything that can refuse it before it writes anything, stages the files beside their place and
// renames them in at the end; PostgreSQL's part is one transaction. Refused or failed, it leaves the target as it was.
// Same DATA_DIR / DATABASE_URL / DATABASE_SCHEMA / JWT_SECRET / PAYOUT_KEY settings as the server.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { loadConfig, type Config } from '../config.ts';
import { loadPayoutKey } from '../money/sealing.ts';

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
  const result = spawnSync(command, args, {
    stdio: ['ignore', 'inherit', 'pipe'],
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  if (result.error)
    throw new Error(`${command} could not run (${result.error.message}): install PostgreSQL's client tools`);
  if (result.status !== 0) throw new Error(`${command} failed: ${result.stderr.trim()}`);
}

export async function backup(config: Config, folder: string): Promise<BackupManifest> {
  fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
  if (fs.readdirSync(folder).length > 0) throw new Error(`${folder} is not empty: choose a new folder for the backup`);
  let dialect: BackupManifest['dialect'];
  if (config.databaseUrl) {
    dialect = 'postgres';
    run('pg_dump', [
      '--format=custom',
      '--no-owner',
      '--no-privileges',
      ...(config.databaseSchema ? ['--schema', config.databaseSchema] : []),
      '--file',
      path.join(folder, 'database.dump'),
      config.databaseUrl,
    ]);
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
  const manifest: BackupManifest = {
    format: 1,
    createdAt: new Date().toISOString(),
    dialect,
    schema: config.databaseSchema,
    secrets,
    uploads,
  };
  fs.writeFileSync(path.join(folder, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/** What restore() will write, checked before anything is written. */
interface RestorePlan {
  manifest: BackupManifest;
  /** Secrets to write (absent from DATA_DIR, or different there and --force given). */
  secrets: string[];
}

function readManifest(folder: string): BackupManifest {
  const file = path.join(folder, 'manifest.json');
  if (!fs.existsSync(file)) throw new Error(`${folder} holds no Castbridge backup (no manifest.json)`);
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as BackupManifest;
  } catch (error) {
    throw new Error(`${file} is not a backup manifest (${(error as Error).message})`);
  }
  if (manifest.format !== 1 || !Array.isArray(manifest.secrets))
    throw new Error(`${file} is not a backup manifest this version reads (format ${String(manifest.format)})`);
  return manifest;
}

const hasFiles = (dir: string) => fs.existsSync(dir) && fs.readdirSync(dir).length > 0;

async function postgresTables(url: string, schema: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      'select count(*) as n from information_schema.tables where table_schema = $1',
      [schema],
    );
    return Number(rows[0]?.n ?? 0);
  } finally {
    await client.end();
  }
}

/**
 * Everything that can refuse a restore, before anything is written: the manifest and the files it names (for
 * PostgreSQL a dump whose table of contents pg_restore reads), the target being empty unless --force, and the
 * secrets — a restore refused half-way would leave data sealed with a key the target lacks.
 */
async function planRestore(config: Config, folder: string, force: boolean): Promise<RestorePlan> {
  const manifest = readManifest(folder);
  const target: BackupManifest['dialect'] = config.databaseUrl ? 'postgres' : 'sqlite';
  if (manifest.dialect !== target)
    throw new Error(`This is a ${manifest.dialect} backup; the configuration points at ${target}`);
  for (const name of manifest.secrets) {
    if (!SECRETS.includes(name))
      throw new Error(`${path.join(folder, 'manifest.json')} names an unknown secret "${name}"`);
    if (!fs.existsSync(path.join(folder, name)))
      throw new Error(`${path.join(folder, name)} is missing: the backup is incomplete`);
  }

  if (target === 'postgres') {
    // The dump recreates the schema it was taken from; restored elsewhere the server would not find it.
    if (manifest.schema !== config.databaseSchema) {
      throw new Error(
        `This backup is of ${manifest.schema ? `schema ${manifest.schema}` : 'the whole database'}; DATABASE_SCHEMA is ${config.databaseSchema ?? 'not set'}: set it the same`,
      );
    }
    const dump = path.join(folder, 'database.dump');
    if (!fs.existsSync(dump)) throw new Error(`${dump} is missing: the backup is incomplete`);
    run('pg_restore', ['--list', '--file', os.devNull, dump]);
    const schema = config.databaseSchema ?? 'public';
    if (!force && (await postgresTables(config.databaseUrl!, schema)) > 0) {
      throw new Error(
        `The database already holds tables in schema ${schema}: restore into an empty database, or add --force to replace them`,
      );
    }
  } else {
    const copy = path.join(folder, 'castbridge.sqlite');
    if (!fs.existsSync(copy)) throw new Error(`${copy} is missing: the backup is incomplete`);
    const file = sqliteFile(config);
    if (fs.existsSync(file) && !force)
      throw new Error(`${file} exists: restore into an empty DATA_DIR, or add --force to replace it`);
  }
  const uploads = path.join(config.dataDir, 'uploads');
  if (hasFiles(uploads) && !force)
    throw new Error(`${uploads} holds files: restore into an empty DATA_DIR, or add --force to replace them`);

  const secrets: string[] = [];
  for (const name of manifest.secrets) {
    const file = path.join(config.dataDir, name);
    const theirs = fs.readFileSync(path.join(folder, name), 'utf8');
    if (fs.existsSync(file) && fs.readFileSync(file, 'utf8') === theirs) continue;
    if (fs.existsSync(file) && !force)
      throw new Error(
        `${file} differs from the backup's: add --force to replace it (data sealed with the other key cannot be read)`,
      );
    secrets.push(name);
  }
  // PAYOUT_KEY wins over the file: one that is not the backup's could not open what the backup sealed.
  if (config.payoutKey !== null && manifest.secrets.includes('payout-key')) {
    const theirs = loadPayoutKey(fs.readFileSync(path.join(folder, 'payout-key'), 'utf8').trim(), folder);
    if (!loadPayoutKey(config.payoutKey, config.dataDir).equals(theirs)) {
      throw new Error(
        "PAYOUT_KEY is not the backup's payout-key: set PAYOUT_KEY to it, or unset it (data sealed with the other key cannot be read)",
      );
    }
  }
  return { manifest, secrets };
}

/**
 * SQLite reads the whole staged copy through (quick_check) before it replaces anything. The staged copy, not the
 * backup: opening a database in WAL mode leaves -wal and -shm files beside it, removed here.
 */
function checkSqlite(file: string, shown: string) {
  let problems: string[];
  try {
    const db = new SQLite(file, { readonly: true, fileMustExist: true });
    try {
      problems = (db.pragma('quick_check') as { quick_check: string }[])
        .map((row) => row.quick_check)
        .filter((line) => line !== 'ok');
    } finally {
      db.close();
    }
  } catch (error) {
    problems = [(error as Error).message];
  } finally {
    for (const suffix of ['-wal', '-shm']) fs.rmSync(`${file}${suffix}`, { force: true });
  }
  if (problems.length > 0)
    throw new Error(`${shown} is damaged (${problems.slice(0, 3).join('; ')}): nothing was restored`);
}

/**
 * pg_restore turns the dump into SQL and psql applies it inside one transaction that is committed only once
 * pg_restore has read the whole dump: a damaged dump, a failing statement or a lost connection leaves the database
 * as it was. (pg_restore --single-transaction --clean cannot replace a schema that holds objects the dump does not
 * have — a table of a later migration: DROP SCHEMA without CASCADE fails — hence the schema is dropped with CASCADE
 * in the same transaction.)
 */
async function restorePostgres(url: string, dump: string, schema: string | null, force: boolean): Promise<void> {
  const finished = (child: ChildProcess, name: string, stderr: string[]) => {
    const done = new Promise<number>((resolve, reject) => {
      child.stderr!.on('data', (chunk: Buffer) => stderr.push(chunk.toString()));
      child.once('error', (error) =>
        reject(new Error(`${name} could not run (${error.message}): install PostgreSQL's client tools`)),
      );
      child.once('close', (code) => resolve(code ?? 1));
    });
    // Awaited later; a failure to start must not count as unhandled meanwhile.
    done.catch(() => {});
    return done;
  };
  const psqlErrors: string[] = [];
  const psql = spawn('psql', ['--no-psqlrc', '--no-password', '--quiet', '--set', 'ON_ERROR_STOP=1', '--dbname', url], {
    stdio: ['pipe', 'ignore', 'pipe'],
  });
  const psqlDone = finished(psql, 'psql', psqlErrors);
  const input = psql.stdin!;
  // psql stopping at an error closes its input while SQL is still coming: that is reported through its exit.
  input.on('error', () => {});
  input.write('BEGIN;\n');
  // A whole-database backup has no schema of its own to drop: pg_restore drops the dump's objects first (--clean).
  if (force && schema) input.write(`DROP SCHEMA IF EXISTS "${schema}" CASCADE;\n`);
  const readerErrors: string[] = [];
  const reader = spawn(
    'pg_restore',
    ['--no-owner', '--no-privileges', ...(force && !schema ? ['--clean', '--if-exists'] : []), '--file', '-', dump],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  reader.stdout!.pipe(input, { end: false });
  let readerCode: number;
  try {
    readerCode = await finished(reader, 'pg_restore', readerErrors);
  } catch (error) {
    input.end();
    await psqlDone.catch(() => {});
    throw error;
  }
  // Without COMMIT psql reaches the end of its input inside the transaction, and PostgreSQL rolls it back.
  if (readerCode === 0) input.end('COMMIT;\n');
  else input.end();
  const psqlCode = await psqlDone;
  if (psqlCode !== 0)
    throw new Error(`restoring into PostgreSQL failed, nothing was changed: ${psqlErrors.join('').trim()}`);
  if (readerCode !== 0) throw new Error(`pg_restore failed, nothing was changed: ${readerErrors.join('').trim()}`);
}

/** A file or folder of the target, replaced by a staged one (or only moved away when `staged` is null). */
interface Swap {
  target: string;
  staged: string | null;
  /** Where what was there went, until the restore has succeeded. */
  aside: string | null;
  placed?: boolean;
}

/**
 * Moves what is there aside and the staged copies into place — renames in one folder, atomic each — and answers
 * the undo for when a later step fails. The originals moved aside are deleted once everything succeeded.
 */
function swapIn(swaps: Swap[]): () => void {
  const done: Swap[] = [];
  const undo = () => {
    for (const swap of done.reverse()) {
      if (swap.placed) fs.renameSync(swap.target, swap.staged!);
      if (swap.aside) fs.renameSync(swap.aside, swap.target);
      swap.placed = false;
      swap.aside = null;
    }
  };
  try {
    for (const swap of swaps) {
      done.push(swap);
      if (fs.existsSync(swap.target)) {
        swap.aside = `${swap.target}.replaced-${crypto.randomBytes(4).toString('hex')}`;
        fs.renameSync(swap.target, swap.aside);
      }
      if (swap.staged) {
        fs.renameSync(swap.staged, swap.target);
        swap.placed = true;
      }
    }
  } catch (error) {
    undo();
    throw error;
  }
  return undo;
}

export async function restore(
  config: Config,
  folder: string,
  options: { force?: boolean } = {},
): Promise<BackupManifest> {
  const force = options.force ?? false;
  const { manifest, secrets } = await planRestore(config, folder, force);
  fs.mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });

  // Everything is first copied beside its place in DATA_DIR (the same file system, so the final renames are atomic).
  const tag = `restoring-${crypto.randomBytes(4).toString('hex')}`;
  const staged = (name: string) => path.join(config.dataDir, `.${name}.${tag}`);
  const swaps: Swap[] = [];
  try {
    if (manifest.dialect === 'sqlite') {
      const file = sqliteFile(config);
      swaps.push({ target: file, staged: staged('castbridge.sqlite'), aside: null });
      fs.copyFileSync(path.join(folder, 'castbridge.sqlite'), staged('castbridge.sqlite'));
      checkSqlite(staged('castbridge.sqlite'), path.join(folder, 'castbridge.sqlite'));
      // The replaced database's write-ahead log and index go with it: SQLite would replay them into the new file.
      for (const suffix of ['-wal', '-shm']) swaps.push({ target: `${file}${suffix}`, staged: null, aside: null });
    }
    for (const name of secrets) {
      swaps.push({ target: path.join(config.dataDir, name), staged: staged(name), aside: null });
      fs.copyFileSync(path.join(folder, name), staged(name));
      fs.chmodSync(staged(name), 0o600);
    }
    const uploads = path.join(config.dataDir, 'uploads');
    if (fs.existsSync(path.join(folder, 'uploads')) || fs.existsSync(uploads)) {
      swaps.push({ target: uploads, staged: staged('uploads'), aside: null });
      fs.mkdirSync(staged('uploads'));
      copyTree(path.join(folder, 'uploads'), staged('uploads'));
    }

    const undo = swapIn(swaps);
    // PostgreSQL's transaction is the last step: when it fails the files go back, and nothing has changed.
    if (manifest.dialect === 'postgres') {
      try {
        await restorePostgres(config.databaseUrl!, path.join(folder, 'database.dump'), manifest.schema, force);
      } catch (error) {
        undo();
        throw error;
      }
    }
    for (const swap of swaps) if (swap.aside) fs.rmSync(swap.aside, { recursive: true, force: true });
  } finally {
    for (const swap of swaps) if (swap.staged) fs.rmSync(swap.staged, { recursive: true, force: true });
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
      const into = path.resolve(
        folder ?? path.join('backups', `castbridge-${new Date().toISOString().replace(/[:.]/g, '-')}`),
      );
      const manifest = await backup(config, into);
      process.stdout.write(
        `Backed up the ${manifest.dialect} database, ${manifest.uploads} uploaded file(s) and ${manifest.secrets.length} secret(s) into ${into}\n`,
      );
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
