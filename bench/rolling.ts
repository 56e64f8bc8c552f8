// A rolling restart under load for `npm run bench -- rolling` (issue 47 item 6; docs/operations.md "Several
// instances"): three instances on the local PostgreSQL and Redis behind nginx (deploy/nginx/, scripts/nginx.mjs), each
// restarted in turn — SIGTERM, wait for it to exit, start it again on its port, wait for GET /readyz 200 — while a load
// goes through nginx: acknowledged writes (an operator's deposits, each a ledger transfer and a notification to its
// advertiser), reads (GET /api/user, GET /api/notifications) and one SSE client per advertiser listening for those
// notifications, which reconnects as EventSource does (after the `retry:` the server sent, with Last-Event-ID).
// Reported: requests sent, 5xx answers, acknowledged writes missing from the database, the SSE clients' reconnections,
// notifications made during the run that a client never received, and each restart's durations.
import type { ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { createTokenService } from '../server/accounts/tokens.ts';
import { createUserStore } from '../server/accounts/users.ts';
import { loadConfig } from '../server/config.ts';
import { migrate, openDatabase } from '../server/db/connect.ts';
import { freePort, startNginx } from '../scripts/nginx.mjs';
import { startServer } from './marketplace.ts';

export interface RollingBench {
  instances: number;
  requests: number;
  fiveXx: number;
  /** Answers that were neither 2xx nor 5xx, and requests that got no answer at all. */
  otherFailures: number;
  noAnswer: number;
  acknowledgedWrites: number;
  lostWrites: number;
  sseClients: number;
  sseReconnects: number;
  notifications: number;
  missedNotifications: number;
  /** Per instance: SIGTERM to exit, start to GET /readyz 200, and start to its first answer through nginx, in ms. */
  restarts: { stopMs: number; readyMs: number; backMs: number }[];
  durationMs: number;
}

const POSTGRES = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const INSTANCES = 3;
const ADVERTISERS = 4;
const SECRET = crypto.randomBytes(32).toString('hex');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * An SSE client as a browser's EventSource behaves: a new ticket and connection whenever the stream ends or fails,
 * after the `retry:` delay the server sent, naming the last event id it received (Last-Event-ID).
 */
function sseClient(base: string, token: string) {
  const received = new Set<number>();
  let lastEventId = '0';
  let retryMs = 2000;
  let reconnects = -1;
  let stopped = false;
  let controller = new AbortController();
  const connectOnce = async () => {
    controller = new AbortController();
    const ticketAnswer = await fetch(`${base}/api/events/ticket`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      signal: controller.signal,
    });
    if (!ticketAnswer.ok) throw new Error(`ticket: ${ticketAnswer.status}`);
    const { ticket } = (await ticketAnswer.json()) as { ticket: string };
    const response = await fetch(`${base}/api/events?ticket=${encodeURIComponent(ticket)}`, {
      headers: { 'last-event-id': lastEventId, accept: 'text/event-stream' },
      signal: controller.signal,
    });
    if (!response.ok || !response.body) throw new Error(`events: ${response.status}`);
    reconnects += 1;
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    for (;;) {
      const chunk = await reader.read();
      if (chunk.done) return;
      buffer += decoder.decode(chunk.value, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        let event = 'message';
        let id: string | undefined;
        for (const line of block.split('\n')) {
          if (line.startsWith('event:')) event = line.slice(6).trim();
          else if (line.startsWith('id:')) id = line.slice(3).trim();
          else if (line.startsWith('retry:')) retryMs = Number(line.slice(6).trim()) || retryMs;
        }
        if (id !== undefined) lastEventId = id;
        if (event === 'notification' && id) received.add(Number(id));
      }
    }
  };
  const running = (async () => {
    while (!stopped) {
      await connectOnce().catch(() => {});
      if (!stopped) await sleep(retryMs);
    }
  })();
  return {
    received,
    get reconnects() {
      return Math.max(0, reconnects);
    },
    async stop() {
      stopped = true;
      controller.abort();
      await running;
    },
  };
}

export async function benchRolling(
  log: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
): Promise<RollingBench> {
  const schema = `castbridge_bench_${crypto.randomBytes(4).toString('hex')}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'castbridge-bench-rolling-'));
  const env = {
    DATABASE_URL: POSTGRES,
    DATABASE_SCHEMA: schema,
    REDIS_URL: REDIS,
    JWT_SECRET: SECRET,
    SEED_DEMO: '0',
    RATE_LIMIT_SCALE: '1000000',
    TRUST_PROXY: '1',
    STANDINS: '0',
    TWITCH_CHAT_URL: 'ws://127.0.0.1:9',
  };
  const handle = openDatabase(loadConfig({ ...env, DATA_DIR: dataDir }));
  await migrate(handle, schema);
  const { db } = handle;
  const ports = await Promise.all(Array.from({ length: INSTANCES }, () => freePort()));
  const instances: { child: ChildProcess; url: string }[] = [];
  const start = (i: number) =>
    startServer(dataDir, { ...env, INSTANCE_ID: `rolling-${i + 1}`, PORT: String(ports[i]) });
  let lb: Awaited<ReturnType<typeof startNginx>> | null = null;
  const clients: ReturnType<typeof sseClient>[] = [];
  try {
    // The first starts alone (as in production, one migrates), the others after it.
    for (let i = 0; i < INSTANCES; i += 1) instances.push(await start(i));
    const nginx = await startNginx({ upstreams: instances.map((instance) => instance.url) });
    lb = nginx;
    const base = nginx.url;

    const users = createUserStore(db);
    const tokens = await createTokenService(new TextEncoder().encode(SECRET));
    const account = async (role: 'advertiser' | 'operator') => {
      const id = await users.create({
        email: `${role}-${crypto.randomBytes(5).toString('hex')}@bench.example`,
        passwordHash: null,
        typeAccount: role === 'advertiser' ? 'Advertiser' : 'Influencer',
        role,
      });
      await db.updateTable('users').set({ notify_email: 0 }).where('id', '=', id).execute();
      return { id, token: await tokens.issue(id, 0) };
    };
    const operator = await account('operator');
    const advertisers = await Promise.all(Array.from({ length: ADVERTISERS }, () => account('advertiser')));
    for (const advertiser of advertisers) clients.push(sseClient(base, advertiser.token));
    const startedAt = new Date();
    const began = Date.now();

    const run = crypto.randomBytes(3).toString('hex');
    const acknowledged: string[] = [];
    const statuses = new Map<number, number>();
    let n = 0;
    const load = autocannon({
      url: base,
      connections: 12,
      duration: 600,
      // On this shared 2-core machine an instance starting up slows every answer; a request still counts as answered
      // within 30 s.
      timeout: 30,
      requests: [
        {
          method: 'POST',
          path: '/api/admin/deposits',
          setupRequest: (request: Record<string, unknown>, context: Record<string, unknown>) => {
            n += 1;
            context.reference = `ROLL-${run}-${n}`;
            return {
              ...request,
              headers: { 'content-type': 'application/json', authorization: `Bearer ${operator.token}` },
              body: JSON.stringify({
                advertiserId: advertisers[n % ADVERTISERS]!.id,
                amountCents: 100,
                reference: context.reference,
              }),
            };
          },
          onResponse: (status: number, _body: string, context: Record<string, unknown>) => {
            if (status === 201) acknowledged.push(String(context.reference));
          },
        },
        {
          method: 'GET',
          path: '/api/user',
          setupRequest: (request: Record<string, unknown>) => ({
            ...request,
            headers: { authorization: `Bearer ${advertisers[n % ADVERTISERS]!.token}` },
          }),
        },
        {
          method: 'GET',
          path: '/api/notifications',
          setupRequest: (request: Record<string, unknown>) => ({
            ...request,
            headers: { authorization: `Bearer ${advertisers[(n + 1) % ADVERTISERS]!.token}` },
          }),
        },
      ],
    } as never) as unknown as Promise<{ requests: { total: number } }> & {
      stop(): void;
      on(event: 'response', listener: (client: unknown, status: number) => void): void;
      on(event: 'reqError', listener: (error: Error) => void): void;
    };
    load.on('response', (_client, status) => statuses.set(status, (statuses.get(status) ?? 0) + 1));
    // A request without an answer (a broken connection, a timeout), not counting those cut when the load is stopped.
    let stopping = false;
    let noAnswer = 0;
    load.on('reqError', () => {
      if (!stopping) noAnswer += 1;
    });
    const flowing = async (more: number) => {
      const from = acknowledged.length;
      const deadline = Date.now() + 60_000;
      while (acknowledged.length < from + more) {
        if (Date.now() > deadline) throw new Error('the load stopped acknowledging writes');
        await sleep(50);
      }
    };

    const restarts: RollingBench['restarts'] = [];
    try {
      await flowing(100);
      for (let i = 0; i < INSTANCES; i += 1) {
        const { child } = instances[i]!;
        const stopping = Date.now();
        const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
        child.kill('SIGTERM');
        const code = await exited;
        const stopMs = Date.now() - stopping;
        if (code !== 0) throw new Error(`instance ${i + 1} exited with ${code} after SIGTERM`);
        const starting = Date.now();
        const logged = nginx.accessLog().length;
        instances[i] = await start(i);
        for (;;) {
          const status = await fetch(`${instances[i]!.url}/readyz`)
            .then((answer) => answer.status)
            .catch(() => 0);
          if (status === 200) break;
          await sleep(100);
        }
        const readyMs = Date.now() - starting;
        // nginx's checks are passive: it sends to the instance again once its fail_timeout is over and a request got
        // through. Only then may the next one stop (with the others marked failed, nginx would answer 502).
        const address = instances[i]!.url.replace('http://', '');
        while (
          !nginx
            .accessLog()
            .slice(logged)
            .some((entry) => entry.status < 400 && entry.upstream.split(', ').at(-1) === address)
        )
          await sleep(100);
        const backMs = Date.now() - starting;
        restarts.push({ stopMs, readyMs, backMs });
        log(
          `instance ${i + 1}: stopped in ${stopMs} ms (drain included); ready ${readyMs} ms after its start, serving through nginx after ${backMs} ms`,
        );
        // The load reaches the new instance, and goes on, before the next one stops.
        await flowing(100);
      }
    } finally {
      stopping = true;
      load.stop();
    }
    const result = await load;
    const durationMs = Date.now() - began;

    // Acknowledged writes: each deposit's ledger transfer, by its reference.
    const stored = new Set<string>();
    for (let i = 0; i < acknowledged.length; i += 1000) {
      const rows = await db
        .selectFrom('ledger_transfers')
        .select('memo')
        .where('memo', 'in', acknowledged.slice(i, i + 1000))
        .execute();
      for (const row of rows) stored.add(String(row.memo));
    }
    const lostWrites = acknowledged.filter((reference) => !stored.has(reference)).length;

    // Notifications made during the run, against what each client received (after a last moment to catch up).
    const made = await db
      .selectFrom('notifications')
      .select(['id', 'user_id'])
      .where(
        'user_id',
        'in',
        advertisers.map((advertiser) => advertiser.id),
      )
      .where('created_at', '>=', startedAt.toISOString())
      .execute();
    const missing = () =>
      made.filter((row) => !clients[advertisers.findIndex((a) => a.id === row.user_id)]!.received.has(Number(row.id)));
    const deadline = Date.now() + 20_000;
    while (missing().length > 0 && Date.now() < deadline) await sleep(200);
    const missedNotifications = missing().length;

    let fiveXx = 0;
    let otherFailures = 0;
    for (const [status, count] of statuses) {
      if (status >= 500) fiveXx += count;
      else if (status >= 300) otherFailures += count;
    }
    if (fiveXx > 0) {
      const failures = nginx.accessLog().filter((entry) => entry.status >= 500);
      log(`5xx answers (first 5 of ${failures.length}): ${JSON.stringify(failures.slice(0, 5))}`);
    }
    const figures: RollingBench = {
      instances: INSTANCES,
      requests: result.requests.total,
      fiveXx,
      otherFailures,
      noAnswer,
      acknowledgedWrites: acknowledged.length,
      lostWrites,
      sseClients: clients.length,
      sseReconnects: clients.reduce((sum, client) => sum + client.reconnects, 0),
      notifications: made.length,
      missedNotifications,
      restarts,
      durationMs,
    };
    log(
      `${figures.requests} requests in ${Math.round(durationMs / 1000)} s: ${fiveXx} 5xx, ${otherFailures} other failures, ${figures.noAnswer} without an answer; ` +
        `${figures.acknowledgedWrites} acknowledged writes, ${lostWrites} lost; ${figures.sseClients} SSE clients reconnected ${figures.sseReconnects} times, ` +
        `${missedNotifications} of ${made.length} notifications missed`,
    );
    return figures;
  } finally {
    await Promise.all(clients.map((client) => client.stop()));
    await lb?.stop();
    // The instances stop first (their jobs use the schema dropped below).
    await Promise.all(
      instances.map(
        ({ child }) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            child.once('exit', () => resolve());
            child.kill('SIGTERM');
            setTimeout(() => {
              child.kill('SIGKILL');
              resolve();
            }, 20_000).unref();
          }),
      ),
    );
    await db.destroy();
    const client = new pg.Client({ connectionString: POSTGRES });
    await client.connect();
    await client.query(`drop schema if exists "${schema}" cascade`);
    await client.query(`drop schema if exists "castbridge_${schema}_jobs" cascade`);
    await client.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(JSON.stringify(await benchRolling()));
}
