// The value carried along promises (server/async-context.ts), which puts the request id on a request's log lines and
// queued jobs: everything AsyncLocalStorage carries through promises, it carries; callbacks handed to timers,
// immediates, nextTick and queueMicrotask run with none (the documented difference).
// The timers below (sleep, setTimeout) wait for no state: they are the subject. Each moves the rest of a run to a later
// timer callback, a macrotask of its own, so that the value is looked for after a real asynchronous boundary, and their
// lengths only set which run resumes first.
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { createAsyncContext } from '../../server/async-context.ts';

const context = createAsyncContext<string>();
const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('a value carried along promises', () => {
  it('is current inside run and not after it, also when run throws', () => {
    expect(context.get()).toBeUndefined();
    expect(context.run('a', () => context.get())).toBe('a');
    expect(context.get()).toBeUndefined();
    expect(() =>
      context.run('b', () => {
        throw new Error('boom');
      }),
    ).toThrow('boom');
    expect(context.get()).toBeUndefined();
  });

  it('follows awaits, then chains, async functions, Promise.all and thenables', async () => {
    const seen: (string | undefined)[] = [];
    const inner = async () => {
      // Resumed from a timer: the value must still be there.
      await sleep(2);
      seen.push(context.get());
      return context.get();
    };
    const result = await context.run('request-1', async () => {
      seen.push(context.get());
      await null;
      seen.push(context.get());
      // Resumed from a timer callback: the boundary the value must cross.
      await sleep(1);
      seen.push(context.get());
      await Promise.resolve()
        .then(() => seen.push(context.get()))
        .then(() => tick())
        .finally(() => seen.push(context.get()));
      const all = await Promise.all([inner(), inner(), sleep(1).then(() => context.get())]);
      const thenable = {
        then(resolve: (value: string | undefined) => void) {
          seen.push(context.get());
          // A thenable settled from a timer callback (which has no value): the await after it must still have it.
          setTimeout(() => resolve('settled from a timer'), 1);
        },
      };
      await thenable;
      seen.push(context.get());
      return all;
    });
    expect(result).toEqual(['request-1', 'request-1', 'request-1']);
    expect(seen).toEqual(Array(9).fill('request-1'));
    expect(context.get()).toBeUndefined();
  });

  it('keeps concurrent runs apart while they interleave', async () => {
    const order: string[] = [];
    const work = (id: string, delays: number[]) =>
      context.run(id, async () => {
        for (const delay of delays) {
          // The delays make the three runs take turns (a at 1, c at 2, b at 4 ms…): the interleaving is the subject.
          await sleep(delay);
          order.push(`${id}:${context.get()}`);
        }
        return context.get();
      });
    const answers = await Promise.all([work('a', [1, 6, 1, 6]), work('b', [4, 1, 6, 1]), work('c', [2, 2, 2, 2])]);
    expect(answers).toEqual(['a', 'b', 'c']);
    expect(order).toHaveLength(12);
    for (const entry of order) {
      const [id, value] = entry.split(':');
      expect(value).toBe(id);
    }
    // They did interleave: not all of a's steps came first.
    expect(order.slice(0, 4).every((entry) => entry.startsWith('a:'))).toBe(false);
  });

  it('nests: the inner value inside, the outer one back after, each promise keeping the one it was made with', async () => {
    await context.run('outer', async () => {
      // Settles from a timer after the outer run has gone on: it must keep the inner value all the same.
      const made = context.run('inner', () => sleep(2).then(() => context.get()));
      expect(context.get()).toBe('outer');
      expect(await made).toBe('inner');
      expect(context.get()).toBe('outer');
    });
  });

  it('exit runs without the value, and what it starts stays without it', async () => {
    await context.run('request-2', async () => {
      const outside = await context.exit(async () => {
        // Resumed from a timer: still without the value.
        await sleep(1);
        return context.get();
      });
      expect(outside).toBeUndefined();
      expect(context.get()).toBe('request-2');
    });
  });

  it('is one per process', () => {
    expect(() => createAsyncContext<number>()).toThrow('One async context per process');
  });

  it('does not carry the value into callbacks handed to timers, immediates, nextTick or queueMicrotask', async () => {
    const seen = await context.run('request-3', () =>
      Promise.all(
        [
          // A timer is one of the schedulers under test (its callback must run without the value).
          (done: () => void) => setTimeout(done, 1),
          (done: () => void) => setImmediate(done),
          (done: () => void) => process.nextTick(done),
          (done: () => void) => queueMicrotask(done),
        ].map((schedule) => new Promise<string | undefined>((resolve) => schedule(() => resolve(context.get())))),
      ),
    );
    expect(seen).toEqual([undefined, undefined, undefined, undefined]);
  });
});
