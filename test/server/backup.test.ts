// Backup and restore (docs/product.md §Several instances) on SQLite (the online backup API, while the server runs) and PostgreSQL (pg_dump /
// pg_restore into a new, empty database): an account with a password, an uploaded photo and a payout method sealed
// with the payout key come back, and the restored product works — signing in, the photo served, the method read.
// A restore that is refused or fails leaves the target as it was: one refused for a payout key that differs writes
// nothing (no database, no schema, no upload, no other secret), and a damaged backup restored with --force over a
// working target leaves its database working; --force replaces a target that holds more than the backup.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backup, restore } from '../../server/cli/backup.ts';
import {
  BACKENDS,
  findPostgres,
  makeBackend,
  photoForm,
  PNG_1PX,
  startApp,
  STRONG_PASSWORD,
  tempDir,
  testConfig,
  uniqueEmail,
  type Backend,
} from './helpers.ts';

describe.each(BACKENDS)('backup and restore on %s', (backendName) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  let source: Backend;
  let folder: string;
  let email: string;
  let photoUrl: string;
  beforeAll(async () => {
    source = await makeBackend(backendName);
    cleanups.push(() => source.cleanup());
    const api = await startApp(source);
    try {
      email = uniqueEmail('backup');
      const registered = await api.request('POST', '/api/auth/register', {
        json: { email, password: STRONG_PASSWORD, type_account: 'Influencer' },
      });
      expect(registered.status, registered.text).toBe(201);
      const token = registered.body.token as string;
      const upload = await api.request('POST', '/api/upload-photo', {
        token,
        body: photoForm(PNG_1PX, 'me.png', 'image/png'),
      });
      expect(upload.status, upload.text).toBe(200);
      photoUrl = String(upload.body.photoUrl);
      const method = await api.request('POST', '/api/payout-methods', {
        token,
        json: { kind: 'bank', holderName: 'Ana Lee', routingNumber: '011000015', accountNumber: '000123456789' },
      });
      expect(method.status, method.text).toBe(201);

      // Taken while the server runs.
      folder = path.join(tempDir('castbridge-backup-'), 'backup');
      cleanups.push(async () => fs.rmSync(path.dirname(folder), { recursive: true, force: true }));
      const manifest = await backup(api.castbridge.config, folder);
      expect(manifest).toMatchObject({
        dialect: backendName,
        uploads: 1,
        secrets: expect.arrayContaining(['payout-key']),
      });
      expect(fs.statSync(path.join(folder, 'payout-key')).mode & 0o777).toBe(0o600);
    } finally {
      await api.close();
    }
  });

  /** An empty place to restore into: a new DATA_DIR, and for PostgreSQL a new database (same schema name). */
  async function emptyTarget(): Promise<Backend & { url: string | null }> {
    const target: Backend & { url: string | null } = {
      ...source,
      dataDir: tempDir(),
      env: { ...source.env },
      url: null,
    };
    target.env.DATA_DIR = target.dataDir;
    cleanups.push(async () => fs.rmSync(target.dataDir, { recursive: true, force: true }));
    if (backendName === 'postgres') {
      const url = await findPostgres();
      const database = `castbridge_restore_${crypto.randomBytes(4).toString('hex')}`;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`create database "${database}"`);
      await admin.end();
      const restoredUrl = new URL(url);
      restoredUrl.pathname = `/${database}`;
      target.url = restoredUrl.toString();
      target.env.DATABASE_URL = target.url;
      cleanups.push(async () => {
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        await client.query(`drop database if exists "${database}" with (force)`);
        await client.end();
      });
    }
    return target;
  }

  async function query<T extends pg.QueryResultRow>(url: string, text: string): Promise<T[]> {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query<T>(text)).rows;
    } finally {
      await client.end();
    }
  }
  const schema = () => source.env.DATABASE_SCHEMA!;
  const tablesOf = async (target: { url: string | null }) =>
    (
      await query<{ table_name: string }>(
        target.url!,
        `select table_name from information_schema.tables where table_schema = '${schema()}' order by 1`,
      )
    ).map((row) => row.table_name);

  /** Signs in on the restored target and reads the sealed payout method. */
  async function works(target: Backend) {
    const restored = await startApp(target);
    try {
      const login = await restored.request('POST', '/api/auth/jwt-login', {
        json: { email, password: STRONG_PASSWORD, firebaseResponse: null },
      });
      expect(login.status, login.text).toBe(200);
      const token = login.body.token as string;
      const methods = await restored.request('GET', '/api/payout-methods', { token });
      expect(methods.body.methods).toEqual([expect.objectContaining({ kind: 'bank', display: '•••• 6789' })]);
      return { restored, token };
    } catch (error) {
      await restored.close();
      throw error;
    }
  }

  it('restores into an empty database and DATA_DIR: the account signs in, its photo is served, its sealed payout method reads', async () => {
    const target = await emptyTarget();
    await restore(testConfig(target), folder);
    const { restored, token } = await works(target);
    try {
      const user = await restored.request('GET', '/api/user', { token });
      expect(user.body.user).toMatchObject({ email, image: photoUrl });
      const photo = await restored.request('GET', photoUrl);
      expect(photo.status).toBe(200);
      // The restored product takes writes.
      expect((await restored.request('PUT', '/api/settings', { token, json: { notifications: false } })).status).toBe(
        200,
      );
    } finally {
      await restored.close();
    }
    // Restoring over what is there is refused without --force; nothing is left behind in DATA_DIR.
    await expect(restore(testConfig(target), folder)).rejects.toThrow(
      backendName === 'sqlite'
        ? /exists: restore into an empty DATA_DIR/
        : /already holds tables in schema .*add --force/,
    );
    expect(
      fs.readdirSync(target.dataDir).filter((name) => name.includes('restoring') || name.includes('replaced')),
    ).toEqual([]);
  });

  it('a restore refused for a payout key that differs writes nothing: no database, no upload, no other secret', async () => {
    const target = await emptyTarget();
    const ownKey = `${crypto.randomBytes(32).toString('hex')}\n`;
    fs.writeFileSync(path.join(target.dataDir, 'payout-key'), ownKey, { mode: 0o600 });
    await expect(restore(testConfig(target), folder)).rejects.toThrow(
      /payout-key differs from the backup's: add --force/,
    );
    expect(fs.readdirSync(target.dataDir)).toEqual(['payout-key']);
    expect(fs.readFileSync(path.join(target.dataDir, 'payout-key'), 'utf8')).toBe(ownKey);
    if (backendName === 'postgres') expect(await tablesOf(target)).toEqual([]);
  });

  it('a damaged backup restored with --force over a working target fails and leaves it working', async () => {
    const target = await emptyTarget();
    await restore(testConfig(target), folder);
    const damaged = path.join(path.dirname(folder), `damaged-${crypto.randomBytes(4).toString('hex')}`);
    fs.cpSync(folder, damaged, { recursive: true });
    const dbFile = path.join(damaged, backendName === 'sqlite' ? 'castbridge.sqlite' : 'database.dump');
    const size = fs.statSync(dbFile).size;
    // Cut short, as a disk filling up during a copy leaves it: SQLite's first pages (the schema) stay readable; the
    // dump loses only the end of its last table's data, so its table of contents reads and pg_restore fails late,
    // after it has dropped and created tables.
    fs.truncateSync(dbFile, backendName === 'sqlite' ? Math.floor(size * 0.6) : size - 64);
    // A different key in the damaged backup: a failure must not leave the target with it either.
    fs.writeFileSync(path.join(damaged, 'payout-key'), `${crypto.randomBytes(32).toString('hex')}\n`, { mode: 0o600 });
    const keyBefore = fs.readFileSync(path.join(target.dataDir, 'payout-key'), 'utf8');
    const tablesBefore = backendName === 'postgres' ? await tablesOf(target) : [];

    await expect(restore(testConfig(target), damaged, { force: true })).rejects.toThrow(
      backendName === 'sqlite' ? /is damaged/ : /pg_restore failed/,
    );
    expect(fs.readFileSync(path.join(target.dataDir, 'payout-key'), 'utf8')).toBe(keyBefore);
    expect(
      fs.readdirSync(target.dataDir).filter((name) => name.includes('restoring') || name.includes('replaced')),
    ).toEqual([]);
    if (backendName === 'postgres') expect(await tablesOf(target)).toEqual(tablesBefore);
    const { restored, token } = await works(target);
    try {
      expect((await restored.request('GET', photoUrl)).status).toBe(200);
      expect((await restored.request('GET', '/api/user', { token })).body.user).toMatchObject({ email });
    } finally {
      await restored.close();
    }
  });

  it('--force replaces a target that holds more than the backup (a later table, other uploads) in full', async () => {
    const target = await emptyTarget();
    await restore(testConfig(target), folder);
    // What a later version or later use added: a table (PostgreSQL: the schema cannot simply be dropped), a row
    // (SQLite: the file is replaced), an upload the backup does not have.
    const later = uniqueEmail('later');
    if (backendName === 'postgres')
      await query(target.url!, `create table "${schema()}".later_feature (id int primary key)`);
    else {
      const { restored } = await works(target);
      expect(
        (
          await restored.request('POST', '/api/auth/register', {
            json: { email: later, password: STRONG_PASSWORD, type_account: 'Influencer' },
          })
        ).status,
      ).toBe(201);
      await restored.close();
    }
    fs.writeFileSync(path.join(target.dataDir, 'uploads', 'later.png'), PNG_1PX);

    await restore(testConfig(target), folder, { force: true });
    if (backendName === 'postgres') expect(await tablesOf(target)).not.toContain('later_feature');
    expect(fs.existsSync(path.join(target.dataDir, 'uploads', 'later.png'))).toBe(false);
    expect(
      fs.readdirSync(target.dataDir).filter((name) => name.includes('restoring') || name.includes('replaced')),
    ).toEqual([]);
    const { restored } = await works(target);
    try {
      const login = await restored.request('POST', '/api/auth/jwt-login', {
        json: { email: later, password: STRONG_PASSWORD, firebaseResponse: null },
      });
      expect(login.status).toBe(401);
    } finally {
      await restored.close();
    }
  });
});
