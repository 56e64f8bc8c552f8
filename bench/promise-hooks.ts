// What the request context's promise hooks (server/async-context.ts) cost per promise, for the observability bench:
// run as its own process, because the hooks, once the first run() installs them, stay for the process's life. The
// same promise-heavy loop (async functions awaiting, as a request's code does) is timed before the hooks exist and
// then inside a run(), ROUNDS rounds each, after a warm-up; the difference of the medians is the hooks' cost per
// promise made, in nanoseconds of this process's CPU. Prints one JSON line: { nsPerPromise, offNs, onNs, promisesPerRound }.
import { promiseHooks } from 'node:v8';
import { createAsyncContext } from '../server/async-context.ts';

const ROUNDS = 15;
const CALLS = 2_000;
const AWAITS = 20;

async function awaits(count: number): Promise<void> {
  for (let index = 0; index < count; index += 1) await null;
}

/** The promises one round makes, counted once (a counting hook of its own would weigh on the timed rounds). */
async function promisesPerRound(): Promise<number> {
  let promises = 0;
  const stop = promiseHooks.onInit(() => {
    promises += 1;
  });
  for (let call = 0; call < CALLS; call += 1) await awaits(AWAITS);
  stop();
  return promises;
}

/** CPU microseconds of one round: CALLS async calls of AWAITS awaits each. */
async function round(): Promise<number> {
  const started = process.cpuUsage();
  for (let call = 0; call < CALLS; call += 1) await awaits(AWAITS);
  const used = process.cpuUsage(started);
  return used.user + used.system;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const promises = await promisesPerRound();
for (let warm = 0; warm < 20; warm += 1) await round();
const off: number[] = [];
for (let index = 0; index < ROUNDS; index += 1) off.push(await round());
const context = createAsyncContext<string>();
const on: number[] = [];
await context.run('bench', async () => {
  for (let index = 0; index < ROUNDS; index += 1) on.push(await round());
});
const offNs = (median(off) * 1000) / promises;
const onNs = (median(on) * 1000) / promises;
process.stdout.write(
  `${JSON.stringify({ nsPerPromise: Math.max(0, onNs - offNs), offNs, onNs, promisesPerRound: promises })}\n`,
);
