// GET /healthz, GET /readyz (server/http/health.ts) and request ids (server/http/request-id.ts), in process:
// readiness names each part that is not ready (jobs, migrations, Redis, the database, a shutdown), liveness needs
// none of them; every answer carries an X-Request-Id, and a job carries the id of the request that queued it, on
// the table queue, BullMQ on PostgreSQL and BullMQ on Redis.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newRequestId } from '../../server/http/request-id.ts';
import { currentRequestId, runWithRequestId } from '../../server/log.ts';
import { freePort, makeBackend, startApp, until, type Backend, type Client } from './helpers.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('health and readiness', () => {
  let backend: Backend;
  let api: Client;

  beforeAll(async () => {
    backend = await makeBackend('sqlite');
    api = await startApp(backend);
  });
  afterAll(async () => {
    await api?.close();
    await backend?.cleanup();
  });

  const readyz = () => api.request('GET', '/readyz');

  it('GET /healthz answers 200 { status: "ok" }, uncached, without a session', async () => {
    const answer = await api.request('GET', '/healthz');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ status: 'ok' });
    expect(answer.headers.get('cache-control')).toBe('no-store');
  });

  it('GET /readyz answers 200 with every check ok (Redis not configured)', async () => {
    const answer = await readyz();
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toEqual({
      status: 'ok',
      checks: { database: 'ok', migrations: 'ok', redis: 'not configured', jobs: 'ok', shutdown: 'ok' },
    });
  });

  it('503 while the job runner is stopped, 200 again once it runs', async () => {
    await api.castbridge.services.jobs.stop();
    try {
      const answer = await readyz();
      expect(answer.status).toBe(503);
      expect(answer.body.message).toBe('Not ready: jobs stopped');
      expect(answer.body.checks).toMatchObject({ jobs: 'stopped', database: 'ok', migrations: 'ok' });
    } finally {
      api.castbridge.services.jobs.start();
    }
    expect((await readyz()).status).toBe(200);
  });

  it('503 while a migration of this build is not applied', async () => {
    const { db } = api.castbridge;
    const last = await sql<{
      name: string;
      timestamp: string;
    }>`select name, timestamp from kysely_migration order by name desc limit 1`.execute(db);
    const row = last.rows[0]!;
    await sql`delete from kysely_migration where name = ${row.name}`.execute(db);
    try {
      const answer = await readyz();
      expect(answer.status).toBe(503);
      expect(answer.body.message).toBe('Not ready: migrations 1 pending');
      expect((answer.body.checks as Record<string, string>).migrations).toBe('1 pending');
    } finally {
      await sql`insert into kysely_migration (name, timestamp) values (${row.name}, ${row.timestamp})`.execute(db);
    }
    expect((await readyz()).status).toBe(200);
  });

  it('503 "Shutting down" once shutDown() is called, while /healthz still answers 200', async () => {
    const other = await startApp(backend);
    try {
      other.castbridge.health.shutDown();
      const answer = await other.request('GET', '/readyz');
      expect(answer.status).toBe(503);
      expect(answer.body).toMatchObject({ message: 'Shutting down', checks: { shutdown: 'shutting down' } });
      expect((await other.request('GET', '/healthz')).status).toBe(200);
    } finally {
      await other.close();
    }
  });

  it('Redis: 503 "redis unreachable" when REDIS_URL answers nothing, 200 when it answers', async () => {
    // Only Redis is judged here: on a busy machine another check of a fresh app (the migrations' first read) can
    // pass its 2 s limit too, and the answer then names both.
    const nothing = await startApp(backend, { REDIS_URL: `redis://127.0.0.1:${await freePort()}` });
    try {
      const answer = await nothing.request('GET', '/readyz');
      expect(answer.status).toBe(503);
      expect((answer.body.checks as Record<string, string>).redis).toBe('unreachable');
      expect(answer.body.message).toMatch(/^Not ready: (.*, )?redis unreachable(,|$)/);
    } finally {
      await nothing.close();
    }
    const redis = await startApp(backend, { REDIS_URL });
    try {
      // Ready once every check answers in time: asked until it says so (the first answer may still wait on one).
      await expect.poll(async () => (await redis.request('GET', '/readyz')).status, { timeout: 60_000 }).toBe(200);
      const answer = await redis.request('GET', '/readyz');
      expect((answer.body.checks as Record<string, string>).redis).toBe('ok');
    } finally {
      await redis.close();
    }
  });

  it('the database gone: /readyz 503 names it, /healthz still answers (it asks nothing)', async () => {
    const other = await startApp(backend);
    await other.castbridge.services.jobs.stop();
    await other.castbridge.db.destroy();
    const answer = await other.request('GET', '/readyz');
    expect(answer.status).toBe(503);
    expect(answer.body.checks).toMatchObject({ database: 'unreachable', migrations: 'unreachable' });
    expect(answer.body.message).toMatch(/^Not ready: database unreachable, migrations unreachable/);
    expect((await other.request('GET', '/healthz')).status).toBe(200);
    await other.close().catch(() => {});
  });
});

describe('request ids', () => {
  let backend: Backend;
  let api: Client;

  beforeAll(async () => {
    backend = await makeBackend('sqlite');
    api = await startApp(backend);
  });
  afterAll(async () => {
    await api?.close();
    await backend?.cleanup();
  });

  it('keeps a sane incoming X-Request-Id and makes one otherwise, on every kind of answer', async () => {
    const kept = await api.request('GET', '/api/health', { headers: { 'X-Request-Id': 'lb-7f3a:01.2_x-9' } });
    expect(kept.headers.get('x-request-id')).toBe('lb-7f3a:01.2_x-9');
    const made = new Set<string>();
    for (const given of [undefined, '', 'has space', 'x'.repeat(129), 'a"b', 'ünï']) {
      const answer = await api.request(
        'GET',
        '/api/health',
        given === undefined ? {} : { headers: { 'X-Request-Id': given } },
      );
      const id = answer.headers.get('x-request-id') ?? '';
      expect(id, String(given)).toMatch(UUID);
      made.add(id);
    }
    expect(made.size).toBe(6);
    for (const path of ['/healthz', '/readyz', '/l/nothing-here', '/api/no-such-endpoint', '/some/page']) {
      const answer = await api.request('GET', path, { headers: { 'X-Request-Id': `probe-${path.length}` } });
      expect(answer.headers.get('x-request-id'), path).toBe(`probe-${path.length}`);
    }
  });

  it('makes random version 4 UUIDs: distinct, every free digit taking every value, across refills of its random bytes', () => {
    const ids = Array.from({ length: 5000 }, () => newRequestId());
    for (const id of ids) expect(id).toMatch(UUID);
    expect(new Set(ids).size).toBe(ids.length);
    // Each of the 30 random hex digits (all but the version's and the variant's) takes all 16 values over 5000 ids.
    for (let at = 0; at < 36; at += 1) {
      if ([8, 13, 14, 18, 19, 23].includes(at)) continue;
      expect(new Set(ids.map((id) => id[at])).size, `digit ${at}`).toBe(16);
    }
    expect(new Set(ids.map((id) => id[19]))).toEqual(new Set(['8', '9', 'a', 'b']));
  });

  it('the 500 answer and its log line name the request id', async () => {
    const other = await startApp(backend);
    try {
      // Added before the app's first request (its router is built then).
      other.castbridge.app.post('/test-only/boom', () => {
        throw new Error('boom');
      });
      const answer = await other.request('POST', '/test-only/boom', { headers: { 'X-Request-Id': 'boom-1' } });
      expect(answer.status).toBe(500);
      expect(answer.body).toEqual({
        message: 'Internal server error (request id boom-1)',
        code: 'internal',
        requestId: 'boom-1',
      });
      expect(answer.headers.get('x-request-id')).toBe('boom-1');
      expect(other.logger.lines.find((line) => line.msg === 'unhandled error')?.fields?.requestId).toBe('boom-1');
    } finally {
      await other.close();
    }
  });
});

describe.each([
  ['the table queue on SQLite', 'sqlite', {}],
  ['BullMQ on PostgreSQL', 'postgres', {}],
  ['BullMQ on Redis', 'postgres', { REDIS_URL }],
] as const)('a job queued by a request carries its id: %s', (_name, backendName, env) => {
  let backend: Backend;
  let api: Client;

  beforeAll(async () => {
    backend = await makeBackend(backendName);
    api = await startApp(backend, env);
  }, 60_000);
  afterAll(async () => {
    await api?.close();
    await backend?.cleanup();
  });

  it('the handler runs under the id (and is given the payload as queued); a job nobody queued has none', async () => {
    const { jobs } = api.castbridge.services;
    const seen: { payload: unknown; requestId: string | undefined }[] = [];
    jobs.register('test-request-id', async (payload) => {
      seen.push({ payload, requestId: currentRequestId() });
    });
    await runWithRequestId('queued-by-req-1', () => jobs.enqueue('test-request-id', 'test-request-id:1', { n: 1 }));
    await jobs.enqueue('test-request-id', 'test-request-id:2', { n: 2 });
    await jobs.drain(30_000);
    const byN = (n: number) => seen.find((entry) => (entry.payload as { n: number }).n === n);
    expect(byN(1)).toEqual({ payload: { n: 1 }, requestId: 'queued-by-req-1' });
    expect(byN(2)).toEqual({ payload: { n: 2 }, requestId: undefined });
  }, 60_000);

  it('a job passes the id on to the jobs it queues, but not to its own next run', async () => {
    const { jobs } = api.castbridge.services;
    const runs: { round: number; requestId: string | undefined }[] = [];
    const others: (string | undefined)[] = [];
    jobs.register('test-rid-self', async (payload) => {
      const { round } = payload as { round: number };
      runs.push({ round, requestId: currentRequestId() });
      if (round === 1) {
        await jobs.enqueue('test-rid-self', 'test-rid-self:k', { round: 2 });
        await jobs.enqueue('test-rid-other', 'test-rid-other:k', {});
      }
    });
    jobs.register('test-rid-other', async () => {
      others.push(currentRequestId());
    });
    await runWithRequestId('queued-by-req-2', () => jobs.enqueue('test-rid-self', 'test-rid-self:k', { round: 1 }));
    await until(
      async () => runs.length + others.length,
      (count) => count >= 3,
      30_000,
    );
    await jobs.drain(30_000);
    expect(runs).toEqual([
      { round: 1, requestId: 'queued-by-req-2' },
      { round: 2, requestId: undefined },
    ]);
    expect(others).toEqual(['queued-by-req-2']);
  }, 60_000);
});
