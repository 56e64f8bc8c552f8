// A value carried along a request's (or a job's) promises, for the request id on its log lines and on the jobs it
// queues (server/log.ts). Node 20's AsyncLocalStorage does this through async_hooks: every promise created anywhere
// in the process, once one store is in use, runs Node's async-id bookkeeping and resource lookup in JavaScript. That
// cost 11 to 20 µs of CPU a request here (`npm run bench -- observability`: 15 to 27 % of GET /api/user and GET /l/),
// where the issue allows 5 % for metrics and request ids together (issue 47). Node 24's AsyncLocalStorage carries the
// value in V8's continuation data instead (AsyncContextFrame), at no cost per promise; until the product runs there,
// this keeps the promise half of AsyncLocalStorage with V8's own promise hooks (node:v8 promiseHooks) and nothing
// else: a promise remembers the value current when it was made, and its reactions run with it.
//
// What it carries, as AsyncLocalStorage does: the synchronous part of run()'s function, and everything reached from
// it through promises — await, then/catch/finally, async functions, thenables — however the promises settle (a
// socket's callback resolving a query's promise resumes its awaiter with the value). What it does not carry, unlike
// AsyncLocalStorage: a callback Node calls later on its own — from a timer, setImmediate, process.nextTick,
// queueMicrotask or an I/O event (a socket's, a stream's) — runs with no value. Work started that way is not the
// request's own (a flush of many requests' clicks, a timer that outlives the request) and logs without its id.
// test/server/async-context.test.ts holds both halves.
import { promiseHooks } from 'node:v8';

export interface AsyncContext<T> {
  /**
   * Runs `fn(a, b, c)` with `value` current, and every promise it makes carrying it; the value before is back when it
   * returns. The arguments are passed through so that a caller on every request's path needs no closure.
   */
  run<R, A = undefined, B = undefined, C = undefined>(value: T, fn: (a: A, b: B, c: C) => R, a?: A, b?: B, c?: C): R;
  /** Runs `fn` with no value current. */
  exit<R>(fn: () => R): R;
  /** The value current here, if any. */
  get(): T | undefined;
}

const VALUE = Symbol('castbridge.asyncContext');
type Carrier = { [VALUE]?: unknown };

/** The value current now. One per process: the promise hooks carry one slot (see createAsyncContext). */
let current: unknown;
/** The values current before each promise reaction that runs now, restored after it (reactions nest). */
const suspended: unknown[] = [];
let made = false;
let hooked = false;

/** V8's promise hooks, installed at the first run(): a process that never runs one pays nothing per promise. */
function hook(): void {
  if (hooked) return;
  hooked = true;
  promiseHooks.createHook({
    init(promise) {
      if (current !== undefined) (promise as Carrier)[VALUE] = current;
    },
    before(promise) {
      suspended.push(current);
      current = (promise as Carrier)[VALUE];
    },
    after() {
      current = suspended.pop();
    },
  });
}

function within<R, A, B, C>(value: unknown, fn: (a: A, b: B, c: C) => R, a: A, b: B, c: C): R {
  const before = current;
  current = value;
  try {
    return fn(a, b, c);
  } finally {
    current = before;
  }
}

/**
 * The process's one context (server/log.ts makes it): one slot, so that a request pays one assignment, not a map of
 * contexts. What else a request should carry goes in its value.
 */
export function createAsyncContext<T>(): AsyncContext<T> {
  if (made) throw new Error('One async context per process (server/log.ts holds it): carry more in its value');
  made = true;
  return {
    run(value, fn, a, b, c) {
      hook();
      return within(value, fn, a!, b!, c!);
    },
    exit: (fn) => (current === undefined ? fn() : within(undefined, fn, undefined, undefined, undefined)),
    get: () => current as T | undefined,
  };
}
