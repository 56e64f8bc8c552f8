// `npm test`: the typecheck, the lint and every test, in four streams at once, so that the browser journeys' waits
// (verified minutes, review windows, a page's poll) and the server tests' (PostgreSQL, child processes, leases)
// overlap the CPU-bound work:
//
//   tests      the machines, views and server projects, four files at a time, but the two simulated days;
//   days       the two simulated days (DAYS below), both at once, then the typecheck and the lint;
//   journeys   the browser journeys (project e2e) but those below, one file at a time against one product server;
//   journeys2  the journeys in SECOND_SERVER, one file at a time against a second product server of their own (its own
//              build, data directory, Auth emulator and mailbox: test/e2e/global-setup.ts), so no journey shares an
//              account or a balance with a journey running beside it.
//
// Every stream runs to its end, each line is prefixed with its stream's name, and the exit code is the first failure's.
// Measured on 2026-12-01 (a clean worktree, `/usr/bin/time npm test`): three streams, the tests three at a time, 1,301 s
// with the tests' stream last; its four workers and the lint and typecheck after the second journeys, 1,200 s, the
// machine 1.4 of its 2 cores busy: the tests' stream held its workers on the two days.
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

const vitest = bin('vitest');
/**
 * The two simulated days (a day of 1,000 YouTube creators' verification, a day of the connections governor): each is
 * one test that runs for minutes, mostly on CPU, and in the tests' stream they held two of its workers for most of the
 * run (2026-12-01, four workers: 522 s and 363 s of its 4,395 s of worker time). They run in a stream of their own,
 * both at once, then the typecheck and the lint.
 */
export const DAYS = ['test/server/verification-day.test.ts', 'test/server/governor-day.test.ts'];
const streams = [
  {
    name: 'tests',
    // Four files at a time (vite.config.ts maxWorkers): the server files mostly wait (on PostgreSQL, child processes,
    // a lease expiring); the whole run used 1.4 of the 2 cores with three (2026-12-01), and four took 1,196 s
    // against 1,296.
    env: { TEST_WORKERS: '4' },
    steps: [
      [
        vitest,
        [
          'run',
          '--project',
          'machines',
          '--project',
          'views',
          '--project',
          'views-isolated',
          '--project',
          'server',
          '--project',
          'server-isolated',
          ...DAYS.flatMap((file) => ['--exclude', file]),
        ],
      ],
    ],
  },
  {
    name: 'days',
    env: { TEST_WORKERS: String(DAYS.length) },
    steps: [
      [vitest, ['run', '--project', 'server', ...DAYS]],
      ['npm', ['run', 'typecheck']],
      ['npm', ['run', 'lint']],
    ],
  },
  {
    name: 'journeys',
    steps: [[vitest, ['run', '--project', 'e2e', ...SECOND_SERVER.flatMap((file) => ['--exclude', file])]]],
  },
  { name: 'journeys2', steps: [[vitest, ['run', '--project', 'e2e', ...SECOND_SERVER]]] },
];

const width = Math.max(...streams.map((stream) => stream.name.length));
const children = new Set();
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
    eachLine(child.stdout, (line) => process.stdout.write(`${prefix}${line}\n`));
    eachLine(child.stderr, (line) => process.stderr.write(`${prefix}${line}\n`));
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
  for (const [command, args] of stream.steps) {
    if (stopping) break;
    const code = await step(stream.name, command, args, stream.env);
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
for (const result of results)
  console.log(
    `${result.name.padEnd(width)} | ${result.code === 0 ? 'passed' : `FAILED (exit ${result.code})`} in ${Math.round(result.seconds)} s`,
  );
process.exitCode = results.find((result) => result.code !== 0)?.code ?? process.exitCode ?? 0;
