// Shared fixtures for the server tests: backends (SQLite, PostgreSQL), in-process apps, spawned servers, images.
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { compiledCommand } from './compiled.ts';
import { scratchDir } from '../scratch.ts';
import { createApp, type AppOptions, type CastbridgeApp } from '../../server/app.ts';
import { loadConfig, REPO_ROOT, type Config } from '../../server/config.ts';
import type { Logger } from '../../server/log.ts';
import { demoStandIns } from '../../demo/standins.ts';

export { compiledCommand };

export const TEST_JWT_SECRET = 'test-secret-0123456789abcdef0123456789abcdef';
export const STRONG_PASSWORD = 'Violet-Anchor-Quartz-42';

// ---------------------------------------------------------------------------------------------- backends

export interface Backend {
  name: 'sqlite' | 'postgres';
  /** Environment variables that point a server at a fresh, empty store. */
  env: Record<string, string>;
  dataDir: string;
  cleanup(): Promise<void>;
}

const POSTGRES_CANDIDATES = process.env.TEST_DATABASE_URL
  ? [process.env.TEST_DATABASE_URL]
  : ['postgres://postgres@127.0.0.1:5432/test', 'postgres://root@127.0.0.1:5432/test'];

let postgresUrl: Promise<string> | null = null;

/** The first PostgreSQL URL that accepts a connection (user postgres, else root). */
export function findPostgres(): Promise<string> {
  postgresUrl ??= (async () => {
    const errors: string[] = [];
    for (const url of POSTGRES_CANDIDATES) {
      const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
      try {
        await client.connect();
        await client.query('select 1');
        return url;
      } catch (error) {
        errors.push(`${url.replace(/\/\/[^@]*@/, '//…@')}: ${(error as Error).message}`);
      } finally {
        await client.end().catch(() => {});
      }
    }
    throw new Error(`PostgreSQL for the server tests is not reachable (set TEST_DATABASE_URL):\n${errors.join('\n')}`);
  })();
  return postgresUrl;
}

/**
 * The test servers' PostgreSQL sessions commit without waiting for the WAL to reach the disk (synchronous_commit off,
 * through the URL's `options`, server/db/connect.ts): as SQLite's files on tmpfs (test/scratch.ts), a commit is as
 * visible and as atomic, and an app process killed mid-write loses nothing PostgreSQL acknowledged, which is what
 * the durability tests kill; only PostgreSQL's own crash could lose the last commits. The disk is the bench's.
 */
export function withoutCommitWait(url: string): string {
  // Percent-encoded as libpq reads it (pg_dump and psql in the backup tests): it takes no `+` for a space.
  return `${url}${url.includes('?') ? '&' : '?'}options=${encodeURIComponent('-c synchronous_commit=off')}`;
}

export function tempDir(prefix = 'castbridge-test-'): string {
  return fs.mkdtempSync(path.join(scratchDir, prefix));
}

export async function makeBackend(name: Backend['name']): Promise<Backend> {
  const dataDir = tempDir();
  const removeDir = async () => fs.rmSync(dataDir, { recursive: true, force: true });
  if (name === 'sqlite') return { name, env: { DATA_DIR: dataDir }, dataDir, cleanup: removeDir };

  const url = await findPostgres();
  const schema = `castbridge_test_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
  return {
    name,
    env: { DATA_DIR: dataDir, DATABASE_URL: withoutCommitWait(url), DATABASE_SCHEMA: schema },
    dataDir,
    async cleanup() {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query(`drop schema if exists "${schema}" cascade`);
        // BullMQ's own schema beside it (server/cluster/index.ts), when the run queued jobs on PostgreSQL.
        await client.query(`drop schema if exists "${`castbridge_${schema}_jobs`.slice(0, 63)}" cascade`);
      } finally {
        await client.end();
      }
      await removeDir();
    },
  };
}

export const BACKENDS: Backend['name'][] = ['sqlite', 'postgres'];

// ---------------------------------------------------------------------------------------------- in-process app

export interface LogLine {
  level: string;
  msg: string;
  fields?: Record<string, unknown>;
}

export function memoryLogger(): Logger & { lines: LogLine[] } {
  const lines: LogLine[] = [];
  const push = (level: string) => (msg: string, fields?: Record<string, unknown>) =>
    void lines.push({ level, msg, fields });
  return { lines, info: push('info'), warn: push('warn'), error: push('error') };
}

export function testConfig(backend: Backend, env: Record<string, string> = {}): Config {
  return loadConfig({
    STATIC_DIR: path.join(backend.dataDir, 'no-client-build'),
    JWT_SECRET: TEST_JWT_SECRET,
    TRUST_PROXY: '1',
    // Every answer of every server test is checked against its contract schema.
    CONTRACT_CHECK: '1',
    // Suites create many accounts from one address; the rate-limit tests set it back to 1.
    RATE_LIMIT_SCALE: '1000',
    ...backend.env,
    ...env,
  });
}

export interface Answer<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface Client {
  castbridge: CastbridgeApp;
  logger: ReturnType<typeof memoryLogger>;
  request(
    method: string,
    url: string,
    init?: { json?: unknown; body?: BodyInit; token?: string; headers?: Record<string, string> },
  ): Promise<Answer>;
  close(): Promise<void>;
}

export async function startApp(
  backend: Backend,
  env: Record<string, string> = {},
  options: Omit<AppOptions, 'logger'> = {},
): Promise<Client> {
  const logger = memoryLogger();
  // The stand-ins as `npm start` mounts them, where the test's configuration asks for them (STANDINS=1).
  const castbridge = await createApp(testConfig(backend, env), { standIns: demoStandIns, ...options, logger });
  return {
    castbridge,
    logger,
    async request(method, url, init = {}) {
      const headers: Record<string, string> = { ...init.headers };
      let body = init.body;
      if (init.json !== undefined) {
        headers['content-type'] ??= 'application/json';
        body = JSON.stringify(init.json);
      }
      if (init.token) headers.authorization = `Bearer ${init.token}`;
      const response = await castbridge.app.request(url, { method, headers, ...(body !== undefined ? { body } : {}) });
      const text = method === 'HEAD' ? '' : await response.text();
      let parsed: Record<string, unknown> = {};
      try {
        parsed = text ? (JSON.parse(text) as Record<string, unknown>) : {};
      } catch {
        // not JSON (static files, images)
      }
      return { status: response.status, headers: response.headers, body: parsed, text };
    },
    close: () => castbridge.close(),
  };
}

/** The `sub` claim of one of our tokens (no verification; for comparing accounts in tests). */
export function tokenSubject(token: string): string {
  const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as { sub: string };
  return payload.sub;
}

export function uniqueEmail(tag = 'user'): string {
  return `${tag}.${crypto.randomBytes(5).toString('hex')}@example.com`;
}

// ---------------------------------------------------------------------------------------------- images

/** A valid 1x1 transparent PNG. */
export const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
/** Enough of a JPEG for magic-byte sniffing. */
export const JPEG_HEAD = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from('JFIF\0'),
  Buffer.alloc(64, 1),
]);
export const GIF_HEAD = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(32, 0)]);
export const WEBP_HEAD = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.from([0x24, 0, 0, 0]),
  Buffer.from('WEBPVP8 '),
  Buffer.alloc(32, 0),
]);

export function photoForm(bytes: Uint8Array, fileName: string, type: string, field = 'photo'): FormData {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(bytes)], { type }), fileName);
  return form;
}

// ---------------------------------------------------------------------------------------------- processes

export { freePort } from '../ports.ts';

export interface RunningServer {
  url: string;
  port: number;
  child: ChildProcess;
  output: () => string;
  /** SIGTERM (or the given signal) and wait; resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
  /** SIGKILL and wait. */
  kill(): Promise<void>;
}

/**
 * Starts an entry as a process of its own, our child (a SIGKILL reaches the server itself): the production server as
 * `npm run serve` runs it (compiled, compiledCommand), or the demo (demo/main.ts, `npm start`) from its sources as
 * `node --import tsx`, not the tsx CLI, which runs it in a grandchild a SIGKILL of the CLI would leave running.
 */
export async function spawnServer(
  env: Record<string, string>,
  // A net against a hang, not a bound: tsx compiles the demo as it starts, a minute or more on a busy machine
  // (2026-12-01, a restart inside the full npm test took longer than 60 s).
  timeoutMs = 120_000,
  entry: 'server' | 'demo' = 'server',
): Promise<RunningServer> {
  const child = spawn(
    process.execPath,
    entry === 'server' ? compiledCommand('main') : ['--import', 'tsx', path.join(REPO_ROOT, entry, 'main.ts')],
    {
      cwd: REPO_ROOT,
      // No drain before stopping unless a test asks for one (SHUTDOWN_DRAIN_MS; test/server/shutdown.test.ts).
      env: {
        ...process.env,
        // The client build where the sources' server looks for it (the bundle's own folder is elsewhere).
        STATIC_DIR: path.join(REPO_ROOT, 'dist'),
        PORT: '0',
        HOST: '127.0.0.1',
        JWT_SECRET: '',
        FIREBASE_AUTH_EMULATOR_HOST: '',
        SHUTDOWN_DRAIN_MS: '0',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stdout = '';
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not report ready within ${timeoutMs} ms\n${stdout}\n${stderr}`));
    }, timeoutMs);
    child.stdout!.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const match = /^Castbridge is ready at http:\/\/127\.0\.0\.1:(\d+)$/m.exec(stdout);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before it was ready\n${stdout}\n${stderr}`));
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    child,
    output: () => `${stdout}\n${stderr}`,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      child.kill(signal);
      return exited;
    },
    async kill() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGKILL');
      await exited;
    },
  };
}

export async function httpJson(
  method: string,
  url: string,
  init: { json?: unknown; token?: string } = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  const headers: Record<string, string> = {};
  if (init.json !== undefined) headers['content-type'] = 'application/json';
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  const response = await fetch(url, {
    method,
    headers,
    ...(init.json !== undefined ? { body: JSON.stringify(init.json) } : {}),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

/** Reads until `done` holds (every 100 ms), or fails after `timeoutMs` with the last value read. */
export async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline)
      throw new Error(`not reached in ${timeoutMs} ms: ${String(JSON.stringify(value)).slice(0, 300)}`);
    // A poll: the next read, until `done` holds or the deadline is past.
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
