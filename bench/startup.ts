// Start-up time and resident memory of the production server run both ways (issue 47 item 4): from the TypeScript
// sources through tsx (`node --import tsx server/main.ts`, how development and the tests run it) and compiled
// (`node dist-server/main.js`, what `npm run serve` runs; built here by scripts/build-server.ts). Each start is on
// SQLite with a fresh data dir, so it migrates an empty database as a first deployment does.
// `npm run bench -- startup`, or `tsx bench/startup.ts`.
import { execFileSync, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { buildServer } from '../scripts/build-server';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PASSWORD = 'Bench-Password-For-Castbridge-1';
/** Starts of each way; the figures are their medians (the machine is shared, one start says little). */
const RUNS = 3;
const BURST_REQUESTS = 2000;

export interface StartupFigures {
  /** Spawn → the ready line on stdout, median of the runs, in milliseconds. */
  startMs: number;
  /** Resident set size right after the ready line, in MB (median). */
  readyRssMb: number;
  /** Resident set size after a burst of requests (a sign-up, then GET /api/user and /api/health), in MB (median). */
  burstRssMb: number;
  /** Every start's figures, for the log. */
  runs: { startMs: number; readyRssMb: number; burstRssMb: number }[];
}

export interface StartupResult {
  tsx: StartupFigures;
  compiled: StartupFigures;
  /** How long the esbuild compilation of the server took, in milliseconds. */
  buildMs: number;
}

/** The resident set size of a process, in MB (Linux's /proc, else ps). */
function rssMb(pid: number): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1]);
    if (kb > 0) return Math.round(kb / 102.4) / 10;
  } catch {
    // not Linux
  }
  return (
    Math.round(
      Number(
        execFileSync('ps', ['-o', 'rss=', '-p', String(pid)])
          .toString()
          .trim(),
      ) / 102.4,
    ) / 10
  );
}

async function measure(args: string[]): Promise<{ startMs: number; readyRssMb: number; burstRssMb: number }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'castbridge-bench-startup-'));
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      NODE_OPTIONS: '',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      JWT_SECRET: '',
      SEED_DEMO: '0',
      STANDINS: '0',
      NODE_ENV: 'production',
      STATIC_DIR: path.join(dataDir, 'no-client-build'),
      SHUTDOWN_DRAIN_MS: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout!.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const match = /Castbridge is ready at (http:\/\/\S+)/.exec(out);
        if (match) resolve(match[1]!);
      });
      void exited.then(() => reject(new Error(`the server exited before it was ready:\n${stderr}`)));
    });
    const startMs = Math.round(performance.now() - started);
    const readyRssMb = rssMb(child.pid!);
    const response = await fetch(`${url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: `startup-${Date.now()}@example.com`,
        password: PASSWORD,
        type_account: 'Influencer',
      }),
    });
    const { token } = (await response.json()) as { token: string };
    for (const [route, headers] of [
      ['/api/user', { authorization: `Bearer ${token}` }],
      ['/api/health', {}],
    ] as const) {
      const burst = await autocannon({ url: `${url}${route}`, connections: 10, amount: BURST_REQUESTS / 2, headers });
      if (burst.non2xx > 0 || burst.errors > 0)
        throw new Error(`${route}: ${burst.non2xx} non-2xx answers, ${burst.errors} errors`);
    }
    return { startMs, readyRssMb, burstRssMb: rssMb(child.pid!) };
  } finally {
    child.kill('SIGTERM');
    await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function figures(runs: StartupFigures['runs']): StartupFigures {
  return {
    startMs: median(runs.map((run) => run.startMs)),
    readyRssMb: median(runs.map((run) => run.readyRssMb)),
    burstRssMb: median(runs.map((run) => run.burstRssMb)),
    runs,
  };
}

export async function benchStartup(log: (line: string) => void = console.log): Promise<StartupResult> {
  // Inside the checkout: the bundle loads its packages from its node_modules.
  const outDir = path.join(
    REPO_ROOT,
    'node_modules',
    '.cache',
    `castbridge-bench-server-${crypto.randomBytes(4).toString('hex')}`,
  );
  try {
    const building = performance.now();
    const { main } = await buildServer(outDir);
    const buildMs = Math.round(performance.now() - building);
    log(`compiled the server with esbuild in ${buildMs} ms`);
    const ways = {
      tsx: ['--import', 'tsx', path.join(REPO_ROOT, 'server', 'main.ts')],
      compiled: ['--enable-source-maps', main],
    };
    const runs: Record<keyof typeof ways, StartupFigures['runs']> = { tsx: [], compiled: [] };
    // Alternating, so a busy moment of the machine does not fall on one way only.
    for (let i = 0; i < RUNS; i += 1) {
      for (const way of ['tsx', 'compiled'] as const) {
        const run = await measure(ways[way]);
        runs[way].push(run);
        log(
          `${way.padEnd(8)} start ${i + 1}: ready after ${run.startMs} ms, RSS ${run.readyRssMb} MB, after ${BURST_REQUESTS} requests ${run.burstRssMb} MB`,
        );
      }
    }
    return { tsx: figures(runs.tsx), compiled: figures(runs.compiled), buildMs };
  } finally {
    fs.rmSync(outDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  benchStartup().then(
    (result) =>
      console.log(
        JSON.stringify({
          ...result,
          tsx: { ...result.tsx, runs: undefined },
          compiled: { ...result.compiled, runs: undefined },
        }),
      ),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
