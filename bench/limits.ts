// The platform-limits governor's own cost (issue 32: it adds ≤ 1 ms p99 to a platform call's own time).
//
// Method: the governor (server/connections/governor.ts) on a fresh migrated database, SQLite and (when one answers)
// PostgreSQL, calls a platform through `governor.fetch(spec, base)` where `base` is an in-process handler answering
// as Helix does (Ratelimit-Limit/Remaining/Reset of a bucket per token that starts at its first call, like the
// stand-in). Each call is timed whole, and the time spent inside `base` for that same call is timed too: the
// governor's added time is the difference, call by call (no pairing of two separate runs, so no noise from the
// handler). Calls are made one at a time, so nothing else queues in between.
//
// The traffic is what one instance sends in an hour, minute by minute on an injected clock (each minute a new Helix
// window for every token): the live watch's 40 calls on the app token (2,000 channels), one stream-session look per
// each of 200 archived channels' user tokens, and every fifth minute analytics' 3 calls for 40 of them. Most calls
// are therefore the first of their token's window: the governor has asked for that window's slice as the last one
// ended (in the background, see renewAhead), so the call finds it in memory; the calls that still wait for the
// database (a refill not yet back) are in the figures.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import type { Config } from '../server/config.ts';
import { createGovernor, type CallSpec } from '../server/connections/governor.ts';
import { migrate, openDatabase, type DatabaseHandle } from '../server/db/connect.ts';
import { silentLogger } from '../server/log.ts';

export interface GovernorBench {
  /** p99 / p50 of the governor's added time per call, on SQLite. */
  p99OverheadMs: number;
  p50OverheadMs: number;
  calls: number;
  /** The same on PostgreSQL, when one answered (null otherwise). */
  postgres: { p99OverheadMs: number; p50OverheadMs: number; calls: number } | null;
}

const MINUTES = 60;
const USERS = 200;
const APP_CALLS_PER_MINUTE = 40;

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))]!;

async function run(handle: DatabaseHandle): Promise<{ p99OverheadMs: number; p50OverheadMs: number; calls: number }> {
  let clock = Date.parse('2026-01-15T12:00:00Z');
  const now = () => clock;
  const governor = createGovernor({
    db: handle.db,
    logger: silentLogger,
    now,
  });
  // Helix as the stand-in answers: a bucket per token from its first call, 800 points a minute.
  const buckets = new Map<string, { used: number; resetAt: number }>();
  let inside = 0;
  const base = (async (_input: RequestInfo | URL, init?: RequestInit) => {
    const began = performance.now();
    const token = new Headers(init?.headers).get('authorization') ?? '';
    let bucket = buckets.get(token);
    if (!bucket || bucket.resetAt <= clock) buckets.set(token, (bucket = { used: 0, resetAt: clock + 60_000 }));
    bucket.used += 1;
    const response = new Response('{"data":[]}', {
      status: 200,
      headers: {
        'content-type': 'application/json',
        'ratelimit-limit': '800',
        'ratelimit-remaining': String(800 - bucket.used),
        'ratelimit-reset': String(Math.ceil(bucket.resetAt / 1000)),
      },
    });
    inside = performance.now() - began;
    return response;
  }) as typeof fetch;
  const fetchers = new Map<string, typeof fetch>();
  const fetcherOf = (credential: string, priority: CallSpec['priority']) => {
    const key = `${credential} ${priority}`;
    let f = fetchers.get(key);
    if (!f) {
      f = governor.fetch({ provider: 'twitch', credential, priority, purpose: 'analytics_collection' }, base);
      fetchers.set(key, f);
    }
    return f;
  };
  const overheads: number[] = [];
  const call = async (credential: string, priority: CallSpec['priority']) => {
    // The injected clock jumps where real time would pass: what the governor's timers (a window's renewal as it
    // ends, the report every 5 s) would have done meanwhile is done here, between calls (flush runs both).
    await governor.flush();
    const began = performance.now();
    const response = await fetcherOf(credential, priority)('http://twitch.test/helix/streams?user_id=1', {
      headers: { authorization: `Bearer ${credential}` },
    });
    overheads.push(performance.now() - began - inside);
    if (response.status !== 200) throw new Error(`the bench's Helix answered ${response.status}`);
  };
  const users = Array.from({ length: USERS }, (_, i) => `user:${100_000 + i}`);
  try {
    // A warm-up minute, not counted: statements prepared, connections open, and each credential's row made (its first
    // call ever on an instance waits for the database: once per credential and process).
    await call('app', 'verify');
    for (const user of users) await call(user, 'chat');
    overheads.length = 0;
    for (let minute = 0; minute < MINUTES; minute += 1) {
      clock += 60_000;
      // Within the minute: the live watch's batches and the archive's looks, interleaved as they come.
      for (let i = 0; i < Math.max(APP_CALLS_PER_MINUTE, USERS); i += 1) {
        clock += 60_000 / (USERS + APP_CALLS_PER_MINUTE + 1);
        if (i < APP_CALLS_PER_MINUTE) await call('app', 'verify');
        if (i < USERS) await call(users[i]!, 'chat');
      }
      if (minute % 5 === 0)
        for (const user of users.slice(0, 40)) for (let k = 0; k < 3; k += 1) await call(user, 'analytics');
    }
  } finally {
    await governor.close();
  }
  overheads.sort((a, b) => a - b);
  return {
    p99OverheadMs: Math.round(quantile(overheads, 0.99) * 1000) / 1000,
    p50OverheadMs: Math.round(quantile(overheads, 0.5) * 1000) / 1000,
    calls: overheads.length,
  };
}

export async function benchGovernor(log: (line: string) => void = () => {}): Promise<GovernorBench> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'castbridge-bench-limits-'));
  const sqlite = openDatabase({ dataDir: dir, databaseUrl: null, databaseSchema: null } as unknown as Config);
  let result: Awaited<ReturnType<typeof run>>;
  try {
    await migrate(sqlite, null);
    result = await run(sqlite);
    log(
      `governor on SQLite: ${result.calls} calls, added p50 ${result.p50OverheadMs} ms, p99 ${result.p99OverheadMs} ms`,
    );
  } finally {
    await sqlite.db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  }

  // PostgreSQL where one answers (BENCH_DATABASE_URL, or the local test database), in a schema of its own.
  let postgres: GovernorBench['postgres'] = null;
  const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const schema = `bench_limits_${crypto.randomBytes(4).toString('hex')}`;
  let pg: DatabaseHandle | null = null;
  try {
    pg = openDatabase({ dataDir: dir, databaseUrl: url, databaseSchema: schema } as unknown as Config);
    await migrate(pg, schema);
    postgres = await run(pg);
    log(
      `governor on PostgreSQL: ${postgres.calls} calls, added p50 ${postgres.p50OverheadMs} ms, p99 ${postgres.p99OverheadMs} ms`,
    );
  } catch (error) {
    log(`governor on PostgreSQL: skipped (${(error as Error).message})`);
  } finally {
    if (pg) {
      await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(pg.db).catch(() => {});
      await pg.db.destroy();
    }
  }
  return { ...result, postgres };
}
