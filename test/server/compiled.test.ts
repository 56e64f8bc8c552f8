// The compiled server (docs/operations.md "Running the API server"): `npm run build` compiles server/main.ts and the
// CLIs with esbuild (scripts/build-server.ts) and `npm run serve` runs the output with plain node. Built here into a
// folder of its own (esbuild takes about a second), so the test never depends on an earlier `npm run build`.
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, type ServerEntry } from '../../scripts/build-server.ts';
import { REPO_ROOT } from '../../server/config.ts';
import { migrationFiles } from '../../server/db/migration-files.ts';
import { makeBackend, type Backend } from './helpers.ts';

// Inside the checkout: the bundles load their packages from its node_modules.
const outDir = path.join(
  REPO_ROOT,
  'node_modules',
  '.cache',
  `castbridge-server-${crypto.randomBytes(4).toString('hex')}`,
);
const backends: Backend[] = [];
let entries: Record<ServerEntry, string>;

beforeAll(async () => {
  entries = await buildServer(outDir);
});

afterAll(async () => {
  for (const backend of backends) await backend.cleanup();
  fs.rmSync(outDir, { recursive: true, force: true });
});

async function backend(name: Backend['name']) {
  const made = await makeBackend(name);
  backends.push(made);
  return made;
}

/** Plain node, no loader: what `npm run serve` (scripts/run-compiled.mjs) runs. */
function node(args: string[], env: Record<string, string>) {
  return spawn(process.execPath, args, {
    // Anywhere but the checkout: the bundle finds nothing relative to the working directory.
    cwd: outDir,
    env: {
      ...process.env,
      NODE_OPTIONS: '',
      PORT: '0',
      HOST: '127.0.0.1',
      JWT_SECRET: '',
      FIREBASE_AUTH_EMULATOR_HOST: '',
      SHUTDOWN_DRAIN_MS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** Runs to the end; its exit code and output. */
function runToExit(args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = node(args, env);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

function appliedMigrations(dataDir: string): string[] {
  const db = new SQLite(path.join(dataDir, 'castbridge.sqlite'), { readonly: true, fileMustExist: true });
  try {
    return (db.prepare('select name from kysely_migration order by name').all() as { name: string }[]).map(
      (row) => row.name,
    );
  } finally {
    db.close();
  }
}

const everyMigration = () => migrationFiles().map((file) => file.replace(/\.ts$/, ''));

describe('the compiled server (node dist-server/main.js)', () => {
  it('holds neither the demo nor the stand-ins, nor TypeScript to load at run time', () => {
    const map = JSON.parse(fs.readFileSync(`${entries.main}.map`, 'utf8')) as { sources: string[] };
    const sources = map.sources.map((source) => path.relative(REPO_ROOT, path.resolve(outDir, source)));
    expect(sources).toContain(path.join('server', 'main.ts'));
    expect(sources.filter((source) => /^(demo|standins)[\\/]/.test(source))).toEqual([]);
    // Every migration is in the bundle, not read from the folder.
    for (const name of everyMigration())
      expect(sources, name).toContain(path.join('server', 'db', 'migrations', `${name}.ts`));
  });

  it('starts with plain node on a fresh SQLite data dir: ready line, migrated, /api/health, exits on SIGTERM', async () => {
    const store = await backend('sqlite');
    const child = node([entries.main], { ...store.env, STATIC_DIR: path.join(store.dataDir, 'no-client-build') });
    let stdout = '';
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
        const match = /^Castbridge is ready at (http:\/\/127\.0\.0\.1:\d+)$/m.exec(stdout);
        if (match) resolve(match[1]!);
      });
      void exited.then((code) => reject(new Error(`exited with ${code} before it was ready\n${stdout}\n${stderr}`)));
    });
    try {
      const health = await fetch(`${url}/api/health`);
      expect(health.status).toBe(200);
      expect(appliedMigrations(store.dataDir)).toEqual(everyMigration());
      // A sign-up runs the password checks (the common-password list is a file read beside its module).
      const common = await fetch(`${url}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'compiled@example.com', password: 'qwertyuiop', type_account: 'Advertiser' }),
      });
      expect(common.status).toBe(400);
      expect(JSON.stringify(await common.json())).toContain('too common');
      // The media kit's font, resolved from node_modules beside the bundle.
      const font = await fetch(`${url}/c/-/inter.woff2`);
      expect(font.status).toBe(200);
      expect(font.headers.get('content-type')).toBe('font/woff2');
      expect((await font.arrayBuffer()).byteLength).toBeGreaterThan(10_000);
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
  });

  it('refuses STANDINS=1 as the tsx entry does', async () => {
    const store = await backend('sqlite');
    const { code, stderr } = await runToExit([entries.main], { ...store.env, STANDINS: '1' });
    expect(code).toBe(1);
    expect(stderr).toContain('npm run serve is the production server and never runs the platforms');
    expect(fs.existsSync(path.join(store.dataDir, 'castbridge.sqlite'))).toBe(false);
  });

  it('npm run serve says how to build it when it has not been built', async () => {
    const empty = path.join(outDir, 'not-built');
    const { code, stderr } = await runToExit([path.join(REPO_ROOT, 'scripts', 'run-compiled.mjs'), 'main'], {
      SERVER_BUILD_DIR: empty,
    });
    expect(code).toBe(1);
    expect(stderr).toContain('has not been built');
    expect(stderr).toContain('npm run build');
  });
});

describe.each(['sqlite', 'postgres'] as const)('npm run migrate on %s (compiled)', (name) => {
  it('applies every migration on its own, exits 0, and finds nothing to do the second time', async () => {
    const store = await backend(name);
    const migrate = () =>
      runToExit([path.join(REPO_ROOT, 'scripts', 'run-compiled.mjs'), 'migrate'], {
        ...store.env,
        SERVER_BUILD_DIR: outDir,
      });
    const first = await migrate();
    expect(first.stderr).not.toMatch(/error/i);
    expect(first.code).toBe(0);
    expect(first.stdout).toContain(`Applied ${everyMigration().length} migration(s)`);
    const applied =
      name === 'sqlite'
        ? appliedMigrations(store.dataDir)
        : await (async () => {
            const client = new pg.Client({ connectionString: store.env.DATABASE_URL });
            await client.connect();
            try {
              const { rows } = await client.query<{ name: string }>(
                `select name from "${store.env.DATABASE_SCHEMA}".kysely_migration order by name`,
              );
              return rows.map((row) => row.name);
            } finally {
              await client.end();
            }
          })();
    expect(applied).toEqual(everyMigration());
    const second = await migrate();
    expect(second.code).toBe(0);
    expect(second.stdout).toContain('is up to date');
  });
});
