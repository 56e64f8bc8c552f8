// Backup and restore (issue 18) on SQLite (the online backup API, while the server runs) and PostgreSQL (pg_dump /
// pg_restore into a new, empty database): an account with a password, an uploaded photo and a payout method sealed
// with the payout key come back, and the restored product works — signing in, the photo served, the method read.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { backup, restore } from '../../server/cli/backup.ts';
import { BACKENDS, findPostgres, makeBackend, photoForm, PNG_1PX, startApp, STRONG_PASSWORD, tempDir, testConfig, uniqueEmail, type Backend } from './helpers.ts';

describe.each(BACKENDS)('backup and restore on %s', (backendName) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('restores into an empty database and DATA_DIR: the account signs in, its photo is served, its sealed payout method reads', async () => {
    const backend = await makeBackend(backendName);
    cleanups.push(() => backend.cleanup());
    const api = await startApp(backend);
    const email = uniqueEmail('backup');
    const registered = await api.request('POST', '/api/auth/register', { json: { email, password: STRONG_PASSWORD, type_account: 'Influencer' } });
    expect(registered.status, registered.text).toBe(201);
    const token = registered.body.token as string;
    const upload = await api.request('POST', '/api/upload-photo', { token, body: photoForm(PNG_1PX, 'me.png', 'image/png') });
    expect(upload.status, upload.text).toBe(200);
    const photoUrl = String(upload.body.photoUrl);
    const method = await api.request('POST', '/api/payout-methods', { token, json: { kind: 'bank', holderName: 'Ana Lee', routingNumber: '011000015', accountNumber: '000123456789' } });
    expect(method.status, method.text).toBe(201);

    // Taken while the server runs.
    const folder = path.join(tempDir('castbridge-backup-'), 'backup');
    cleanups.push(async () => fs.rmSync(path.dirname(folder), { recursive: true, force: true }));
    const manifest = await backup(api.castbridge.config, folder);
    expect(manifest).toMatchObject({ dialect: backendName, uploads: 1, secrets: expect.arrayContaining(['payout-key']) });
    expect(fs.statSync(path.join(folder, 'payout-key')).mode & 0o777).toBe(0o600);
    await api.close();

    // An empty place to restore into: a new DATA_DIR, and for PostgreSQL a new database.
    const target: Backend = { ...backend, dataDir: tempDir(), env: { ...backend.env } };
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
      target.env.DATABASE_URL = restoredUrl.toString();
      cleanups.push(async () => {
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        await client.query(`drop database if exists "${database}" with (force)`);
        await client.end();
      });
    }
    await restore(testConfig(target), folder);
    const restored = await startApp(target);
    try {
      const login = await restored.request('POST', '/api/auth/jwt-login', { json: { email, password: STRONG_PASSWORD, firebaseResponse: null } });
      expect(login.status, login.text).toBe(200);
      const again = login.body.token as string;
      const user = await restored.request('GET', '/api/user', { token: again });
      expect(user.body.user).toMatchObject({ email, image: photoUrl });
      const photo = await restored.request('GET', photoUrl);
      expect(photo.status).toBe(200);
      const methods = await restored.request('GET', '/api/payout-methods', { token: again });
      expect(methods.body.methods).toEqual([expect.objectContaining({ kind: 'bank', display: '•••• 6789' })]);
      // The restored product takes writes.
      expect((await restored.request('PUT', '/api/settings', { token: again, json: { notifications: false } })).status).toBe(200);
    } finally {
      await restored.close();
    }
    // Restoring over what is there is refused without --force.
    await expect(restore(testConfig(target), folder)).rejects.toThrow(backendName === 'sqlite' ? /exists: restore into an empty DATA_DIR/ : /pg_restore failed/);
  });
});
