// `npm test`: the typecheck, the lint and every test, in three streams at once, so that the browser journeys' waits
// (verified minutes, review windows, a page's poll) and the server tests' (PostgreSQL, child processes, leases)
// overlap the CPU-bound work:
//
//   tests      the server projects four files at a time, but ONE_AT_A_TIME; the machines and views two at a time; then
//              the typecheck;
//   journeys   the browser journeys (project e2e) but those below, one file at a time against one product server, then
//              the lint;
//   journeys2  the journeys in SECOND_SERVER, one file at a time against a second product server of their own (its own
//              build, data directory, Auth emulator and mailbox: test/e2e/global-setup.ts), so no journey shares an
//              account or a balance with a journey running beside it; then the server files in ONE_AT_A_TIME, one
//              after the other.
//
// Every stream runs to its end, each line is prefixed with its stream's name, and the exit code is the first failure's.
// Measured on 2026-12-01 (a clean worktree, `/usr/bin/time npm test`): the tests three at a time, 1,301 s with the
// tests' stream last, the machine using 1.4 of its 2 cores; four at a time, 1,200 s (tests 1,196 s). A fourth stream
// for the two simulated days (verification-day, governor-day) beside them overloaded the machine: the YouTube day
// passed its 15-minute limit, where it takes 522 s in the tests' stream. On 2026-12-02 (another machine of the same
// size, the spawned servers compiled): 998 s, the tests 870 s, the journeys 892 s, the second journeys 998 s, which
// ran the typecheck last, nearly alone; the typecheck now ends the tests' stream.
import { spawn } from 'node:child_process';
import { bin, eachLine, root } from './processes.mjs';

/**
 * The journeys of the second stream: those that mostly wait on the product's clock (the overlay's verified minutes and
 * settle margin, the review window's 72 s) and enough others that both streams take about as long (2026-11-30, a
 * clean worktree: overlay 312 s, review-window 93, creator 135, public 106, discovery 28; the rest 700 s).
 */
export const SECOND_SERVER = [
  'test/e2e/overlay.test.ts',
  'test/e2e/review-window.test.ts',
  'test/e2e/creator.test.ts',
  'test/e2e/public.test.ts',
  'test/e2e/discovery.test.ts',
];

/**
 * The server files that kill and restart server processes under a load and time what follows (an instance's takeover,
 * nginx's failover, a restart's recovery): they run one at a time after the second stream's journeys, when one
 * browser stream fewer is competing for the 2 cores. Among the tests' four files at a time, beside both journey
 * streams and each other, they took 964 and 1,128 s and failed by timing (2026-12-02: a kill -9 through nginx took
 * 76 to 120 s where it takes 5 s alone); alone the two take about 5 minutes.
 */
export const ONE_AT_A_TIME = ['test/server/cluster.test.ts', 'test/server/money-durability.test.ts'];

const vitest = bin('vitest');
const streams = [
  {
    name: 'tests',
    env: { TEST_SERVER_LEAVE_OUT: ONE_AT_A_TIME.join(',') },
    steps: [
      // The server files four at a time (vite.config.ts maxWorkers): they mostly wait (on PostgreSQL, child processes,
      // a lease expiring); the whole run used 1.4 of the 2 cores with three (2026-12-01), and four took 1,196 s
      // against 1,296.
      [vitest, ['run', '--project', 'server', '--project', 'server-isolated'], { TEST_WORKERS: '4' }],
      // The machines and views two at a time: they wait on nothing, and each worker loads React, Radix, the machines
      // and jsdom once for itself. 18 view files, run four times back to back (2026-12-03): 140 and 135 s of CPU with
      // four workers, 105 and 114 s with two; in a run that keeps both cores busy, the extra workers' share is pure cost.
      [
        vitest,
        ['run', '--project', 'machines', '--project', 'views', '--project', 'views-isolated'],
        { TEST_WORKERS: '2' },
      ],
      ['npm', ['run', 'typecheck']],
    ],
  },
  {
    name: 'journeys',
    steps: [
      [vitest, ['run', '--project', 'e2e', ...SECOND_SERVER.flatMap((file) => ['--exclude', file])]],
      ['npm', ['run', 'lint']],
    ],
  },
  {
    name: 'journeys2',
    steps: [
      [vitest, ['run', '--project', 'e2e', ...SECOND_SERVER]],
      [vitest, ['run', '--project', 'server', ...ONE_AT_A_TIME], { TEST_WORKERS: '1' }],
    ],
  },
];

const width = Math.max(...streams.map((stream) => stream.name.length));
const children = new Set();

/**
 * The lines that say what failed, kept to be printed again at the end: a CI log is often read from its tail, where
 * a failure printed twenty minutes earlier by another stream is out of sight. Vitest's FAIL and × lines, each
 * failure's error (`AssertionError: expected 13 to be 14`, `TimeoutError: locator.waitFor: Timeout 30000ms exceeded`)
 * and the test file's line it points at (`❯ test/server/bot.test.ts:306:34`), the typecheck's `error TS` lines and
 * ESLint's `error` lines. A red CI once kept only the test's name, and a flake that passed alone could not be read.
 */
const FAILURE = /^\s*(FAIL\s|×\s|(?:[A-Z]\w*)?Error: |❯ test\/.*:\d+:\d+|.*error TS\d+:|\d+:\d+\s+error\s)/;
const failures = new Map(streams.map((stream) => [stream.name, []]));
const ansi = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');
function keepFailure(name, line) {
  const plain = line.replace(ansi, '').slice(0, 400);
  const kept = failures.get(name);
  if (FAILURE.test(plain) && kept.length < 80 && !kept.includes(plain)) kept.push(plain);
}
let stopping = false;

/** Runs one step to its exit; resolves with its exit code (a signal counts as 1). */
function step(name, command, args, env = {}) {
  return new Promise((resolve) => {
    const prefix = `${name.padEnd(width)} | `;
    process.stdout.write(
      `${prefix}$ ${[command.startsWith(root) ? command.slice(root.length) : command, ...args].join(' ')}\n`,
    );
    const child = spawn(command, args, {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...env },
    });
    children.add(child);
    eachLine(child.stdout, (line) => {
      keepFailure(name, line);
      process.stdout.write(`${prefix}${line}\n`);
    });
    eachLine(child.stderr, (line) => {
      keepFailure(name, line);
      process.stderr.write(`${prefix}${line}\n`);
    });
    child.on('error', (error) => {
      process.stderr.write(`${prefix}${error.message}\n`);
      resolve(1);
    });
    child.on('close', (code) => {
      children.delete(child);
      resolve(code ?? 1);
    });
  });
}

/** A stream's steps in order, each to its end whatever the one before answered; the first failure's code. */
async function run(stream) {
  const started = Date.now();
  let failed = 0;
  for (const [command, args, env] of stream.steps) {
    if (stopping) break;
    const code = await step(stream.name, command, args, { ...stream.env, ...env });
    if (code !== 0 && failed === 0) failed = code;
  }
  return { name: stream.name, code: failed, seconds: (Date.now() - started) / 1000 };
}

// Ctrl-C or CI's SIGTERM stops every stream; each vitest run stops its own product server (global-setup teardown).
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopping = true;
    for (const child of children) child.kill(signal);
    process.exitCode = 130;
  });
}

const results = await Promise.all(streams.map(run));
for (const result of results) {
  if (result.code === 0) continue;
  const lines = failures.get(result.name);
  console.log(`${result.name.padEnd(width)} | what failed${lines.length === 0 ? ': no FAIL line; see above' : ':'}`);
  for (const line of lines) console.log(`${result.name.padEnd(width)} | ${line}`);
}
for (const result of results)
  console.log(
    `${result.name.padEnd(width)} | ${result.code === 0 ? 'passed' : `FAILED (exit ${result.code})`} in ${Math.round(result.seconds)} s`,
  );
process.exitCode = results.find((result) => result.code !== 0)?.code ?? process.exitCode ?? 0;
