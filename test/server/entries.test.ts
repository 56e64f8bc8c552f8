// The two entries (docs/operations.md "Going to production"): `npm start` is the offline demo and says so, with
// stand-ins that answer this machine only and a seed that writes only into a database with no users; `npm run serve`
// is production, runs no stand-in and seeds nothing. These run the entries from the sources (tsx); `npm run serve`
// runs server/main.ts compiled, held to the same refusal and start in compiled.test.ts.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../demo/seed/demo.ts';
import { createApp } from '../../server/app.ts';
import { REPO_ROOT } from '../../server/config.ts';
import { silentLogger } from '../../server/log.ts';
import {
  httpJson,
  makeBackend,
  spawnServer,
  startApp,
  STRONG_PASSWORD,
  testConfig,
  uniqueEmail,
  type Backend,
  type RunningServer,
} from './helpers.ts';

const backends: Backend[] = [];
const servers: RunningServer[] = [];
afterAll(async () => {
  for (const server of servers) await server.kill();
  for (const backend of backends) await backend.cleanup();
});

async function backend(name: Backend['name'] = 'sqlite') {
  const made = await makeBackend(name);
  backends.push(made);
  return made;
}

/** Runs an entry to its end; its exit code and what it wrote on stderr. */
function runToExit(entry: string, env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, entry)], {
      cwd: REPO_ROOT,
      env: { ...process.env, PORT: '0', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    });
  });
}

describe('npm run serve (server/main.ts): production', () => {
  it('asked for stand-ins, exits 1 with a message that says why and what to run instead', async () => {
    const store = await backend();
    const { code, stderr } = await runToExit('server/main.ts', { ...store.env, STANDINS: '1' });
    expect(code).toBe(1);
    expect(stderr).toContain('npm run serve is the production server and never runs the platforms');
    expect(stderr).toContain('npm start');
  });

  it('seeds nothing and serves no /standin, even with SEED_DEMO=1', async () => {
    const store = await backend();
    // No client build: a request for /standin is not answered by the single-page app's index either.
    const server = await spawnServer({
      ...store.env,
      SEED_DEMO: '1',
      STANDINS: '0',
      STATIC_DIR: path.join(store.dataDir, 'no-client-build'),
    });
    servers.push(server);
    const demo = await httpJson('POST', `${server.url}/api/auth/jwt-login`, {
      json: { email: 'operator@demo.castbridge.app', password: 'x', firebaseResponse: null },
    });
    expect(demo.status).toBe(401);
    expect((await fetch(`${server.url}/standin/`)).status).not.toBe(200);
    expect((await fetch(`${server.url}/standin/stripe/v1/balance`)).status).not.toBe(200);
    expect(server.output()).toContain('SEED_DEMO is ignored');
  });

  it('createApp configured for stand-ins refuses to build without the entry that brings them', async () => {
    const store = await backend();
    await expect(createApp(testConfig(store, { STANDINS: '1' }), { logger: silentLogger })).rejects.toThrow(
      /only the demo entry runs/,
    );
  });
});

describe('npm start (demo/main.ts): the offline demo', () => {
  // tsx compiles the demo, the server and the stand-ins as it starts, then the demo seeds its world: past 60 s in a
  // full npm test on a busy machine (2026-12-02). A net against a hang, not a bound.
  it('says it is a demo, seeds an empty database and serves the stand-ins', { timeout: 180_000 }, async () => {
    const store = await backend();
    const server = await spawnServer({ ...store.env }, 170_000, 'demo');
    servers.push(server);
    expect(server.output()).toContain('Demo mode: local stand-ins and demo data; never expose this server');
    expect(server.output()).toContain('Demo world seeded');
    expect((await fetch(`${server.url}/standin/`)).status).toBe(200);
  });
});

describe.each(['sqlite', 'postgres'] as const)('the demo seed on %s', (name) => {
  it('leaves a database with one real user untouched', async () => {
    const store = await backend(name);
    const api = await startApp(store);
    try {
      const email = uniqueEmail('real');
      const registered = await api.request('POST', '/api/auth/register', {
        json: { email, password: STRONG_PASSWORD, type_account: 'Advertiser' },
      });
      expect(registered.status).toBe(201);
      const count = async (table: 'users' | 'campaigns' | 'offers' | 'ledger_entries') =>
        Number(
          (
            await api.castbridge.db
              .selectFrom(table)
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      const before = {
        users: await count('users'),
        campaigns: await count('campaigns'),
        offers: await count('offers'),
        ledger: await count('ledger_entries'),
      };
      expect(before.users).toBe(1);
      const seed = await seedDemo(api.castbridge);
      expect(seed.seeded).toBe(false);
      expect({
        users: await count('users'),
        campaigns: await count('campaigns'),
        offers: await count('offers'),
        ledger: await count('ledger_entries'),
      }).toEqual(before);
    } finally {
      await api.close();
    }
  });
});

describe('the stand-ins answer this machine only', () => {
  it('refuses a client on another address, or one a proxy says came from another, with 403', async () => {
    const store = await backend();
    const api = await startApp(store, { STANDINS: '1' });
    try {
      const from = (address: string, headers: Record<string, string> = {}) =>
        api.castbridge.app.request('/standin/', { headers }, { incoming: { socket: { remoteAddress: address } } });
      expect((await from('127.0.0.1')).status).toBe(200);
      expect((await from('::1')).status).toBe(200);
      expect((await from('::ffff:127.0.0.1')).status).toBe(200);
      const outside = await from('203.0.113.9');
      expect(outside.status).toBe(403);
      expect(((await outside.json()) as { message: string }).message).toContain('answer only this machine');
      expect((await from('127.0.0.1', { 'x-forwarded-for': '198.51.100.4' })).status).toBe(403);
      expect((await from('127.0.0.1', { forwarded: 'for="198.51.100.4:4711"' })).status).toBe(403);
      // Stripe's stand-in too: its control API settles any card payment.
      expect(
        (
          await api.castbridge.app.request(
            '/standin/stripe/v1/balance',
            {},
            { incoming: { socket: { remoteAddress: '203.0.113.9' } } },
          )
        ).status,
      ).toBe(403);
      // The product's own API is not behind the guard.
      expect(
        (
          await api.castbridge.app.request(
            '/api/health',
            {},
            { incoming: { socket: { remoteAddress: '203.0.113.9' } } },
          )
        ).status,
      ).toBe(200);
    } finally {
      await api.close();
    }
  });
});
