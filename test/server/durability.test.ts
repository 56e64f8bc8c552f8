// Real processes (the compiled server/main.ts, as `npm run serve` runs it): restarts keep data, and SIGKILL during writes loses no acknowledged write.
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { PAIR } from '../../server/accounts/throttle.ts';
import {
  BACKENDS,
  httpJson,
  makeBackend,
  spawnServer,
  STRONG_PASSWORD,
  uniqueEmail,
  until,
  type Backend,
  type RunningServer,
} from './helpers.ts';

const backends: Backend[] = [];
const servers: RunningServer[] = [];

async function start(backend: Backend, extra: Record<string, string> = {}) {
  const server = await spawnServer({ ...backend.env, ...extra });
  servers.push(server);
  return server;
}

afterAll(async () => {
  for (const server of servers) await server.kill();
  for (const backend of backends) await backend.cleanup();
});

describe.each(BACKENDS)('durability on %s', (backendName) => {
  it('keeps accounts, profiles and tokens across a clean restart', async () => {
    const backend = await makeBackend(backendName);
    backends.push(backend);
    const email = uniqueEmail('durable');

    const first = await start(backend);
    expect((await httpJson('GET', `${first.url}/api/health`)).body).toEqual({ status: 'ok' });
    const registered = await httpJson('POST', `${first.url}/api/auth/register`, {
      json: { email, password: STRONG_PASSWORD, type_account: 'Influencer' },
    });
    expect(registered.status).toBe(201);
    const token = registered.body.token as string;
    expect(
      (await httpJson('PUT', `${first.url}/api/profile`, { token, json: { first_name: 'Persisted', tier: 1 } })).status,
    ).toBe(200);
    expect(await first.stop('SIGINT')).toBe(0);
    if (backendName === 'sqlite')
      expect(fs.statSync(path.join(backend.dataDir, 'jwt-secret')).mode & 0o777).toBe(0o600);

    const second = await start(backend);
    // The token from before the restart is still good (the secret was kept), and so is the data.
    const me = await httpJson('GET', `${second.url}/api/user`, { token });
    expect(me.status).toBe(200);
    expect(me.body.user).toMatchObject({ email, first_name: 'Persisted', tier: 1 });
    const login = await httpJson('POST', `${second.url}/api/auth/jwt-login`, {
      json: { email, password: STRONG_PASSWORD, firebaseResponse: null },
    });
    expect(login.status).toBe(200);
    expect(await second.stop()).toBe(0);
  });
});

describe('SIGKILL during a stream of writes (SQLite)', () => {
  it('loses no acknowledged write and leaves the database readable', async () => {
    const backend = await makeBackend('sqlite');
    backends.push(backend);
    const server = await start(backend);
    const base = server.url;

    const writers = await Promise.all(
      [0, 1, 2].map(async (i) => {
        const answer = await httpJson('POST', `${base}/api/auth/register`, {
          json: { email: uniqueEmail(`writer${i}`), password: STRONG_PASSWORD, type_account: 'Influencer' },
        });
        return { token: answer.body.token as string, acked: -1 };
      }),
    );
    const registered: { token: string; email: string }[] = [];
    let stop = false;

    // One sequential writer per account, so "acknowledged" has a clear order per row.
    const updateLoop = async (writer: (typeof writers)[number]) => {
      for (let n = 0; !stop; n++) {
        try {
          const answer = await httpJson('PUT', `${base}/api/profile`, {
            token: writer.token,
            json: { about: String(n), city: `city ${n}` },
          });
          if (answer.status === 200) writer.acked = n;
        } catch {
          return; // the server died mid-request
        }
      }
    };
    const registerLoop = async () => {
      for (let i = 0; !stop && i < 15; i++) {
        const email = uniqueEmail(`row${i}`);
        try {
          const answer = await httpJson('POST', `${base}/api/auth/register`, {
            json: { email, password: STRONG_PASSWORD, type_account: 'Advertiser' },
          });
          if (answer.status === 201) registered.push({ token: answer.body.token as string, email });
        } catch {
          return;
        }
      }
    };

    const loops = Promise.all([...writers.map(updateLoop), registerLoop()]);
    // Killed once every writer has had several writes acknowledged and an account was registered (the update loops go
    // on until the kill, so requests are in flight when it comes).
    await until(
      async () => ({ acked: Math.min(...writers.map((writer) => writer.acked)), registered: registered.length }),
      (progress) => progress.acked > 5 && progress.registered > 0,
      30_000,
    );
    await server.kill(); // SIGKILL while requests are in flight
    stop = true;
    await loops;
    expect(() => process.kill(server.child.pid!, 0)).toThrow(); // the server process itself is gone

    // The file is consistent before any server touches it again.
    const file = new SQLite(path.join(backend.dataDir, 'castbridge.sqlite'));
    try {
      expect(file.pragma('integrity_check', { simple: true })).toBe('ok');
    } finally {
      file.close();
    }

    const restarted = await start(backend);
    for (const writer of writers) {
      const me = await httpJson('GET', `${restarted.url}/api/user`, { token: writer.token });
      expect(me.status).toBe(200);
      const about = Number((me.body.user as { about: string }).about);
      // The acknowledged value, or the one in flight when the process died; never an older one.
      expect([writer.acked, writer.acked + 1]).toContain(about);
    }
    for (const { token, email } of registered) {
      const me = await httpJson('GET', `${restarted.url}/api/user`, { token });
      expect(me.status).toBe(200);
      expect((me.body.user as { email: string }).email).toBe(email);
    }
    expect(await restarted.stop()).toBe(0);
  });
});

describe('a real process', () => {
  it('throttles by the socket address, ignoring X-Forwarded-For without TRUST_PROXY', async () => {
    const backend = await makeBackend('sqlite');
    backends.push(backend);
    const server = await start(backend);
    // One account from one socket address: its free attempts (PAIR.free), then a wait, whatever the header says.
    const email = uniqueEmail('socket');
    const attempt = (i: number) =>
      fetch(`${server.url}/api/auth/jwt-login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.1.2.${i}` },
        body: JSON.stringify({ email, password: 'Not-The-Password-1', firebaseResponse: null }),
      });
    for (let i = 0; i < PAIR.free; i++) expect((await attempt(i)).status).toBe(401);
    const blocked = await attempt(99);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(blocked.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(await server.stop()).toBe(0);
  });
});
