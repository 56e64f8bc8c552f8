// `npm test`: the typecheck, the lint and every test, in three streams at once, so that the browser journeys' waits
// (verified minutes, review windows, a page's poll) overlap the CPU-bound unit, view and server tests:
//
//   checks     the typecheck, the lint, then the machines, views and server projects;
//   journeys   the browser journeys (project e2e) but those below, one file at a time against one product server;
//   journeys2  the journeys in SECOND_SERVER, one file at a time against a second product server of their own (its own
//              build, data directory, Auth emulator and mailbox: test/e2e/global-setup.ts), so no journey shares an
//              account or a balance with a journey running beside it.
//
// Every stream runs to its end, each line is prefixed with its stream's name, and the exit code is the first failure's.
// (A fourth stream, the tests beside the typecheck and lint, took longer: 22 min against 21 on 2026-11-30; the
// machine is busy throughout, and more at once only adds switching.)
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
const streams = [
  {
    name: 'checks',
    steps: [
      ['npm', ['run', 'typecheck']],
      ['npm', ['run', 'lint']],
      [
        vitest,
        ['run', '--project', 'machines', '--project', 'views', '--project', 'views-isolated', '--project', 'server'],
      ],
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

/** Runs one step to its exit; resolves with its exit code (a signal counts as 1). */
function step(name, command, args) {
  return new Promise((resolve) => {
    const prefix = `${name.padEnd(width)} | `;
    process.stdout.write(
      `${prefix}$ ${[command.startsWith(root) ? command.slice(root.length) : command, ...args].join(' ')}\n`,
    );
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
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

/** A stream's steps in order; the first failing step ends the stream. */
async function run(stream) {
  const started = Date.now();
  for (const [command, args] of stream.steps) {
    const code = await step(stream.name, command, args);
    if (code !== 0) return { name: stream.name, code, seconds: (Date.now() - started) / 1000 };
  }
  return { name: stream.name, code: 0, seconds: (Date.now() - started) / 1000 };
}

// Ctrl-C or CI's SIGTERM stops every stream; each vitest run stops its own product server (global-setup teardown).
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
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
