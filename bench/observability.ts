// What metrics and request ids cost on the hottest routes, for `npm run bench -- observability` (issue 47 item 2:
// under 5 %).
//
// Method: one world set up on SQLite (an advertiser, OVERLAYS creators each with an accepted offer of one active
// campaign with a tracked link, and their overlays), copied into two data directories; two server processes
// (server/main.ts) run side by side on them: `off` without METRICS_PORT or METRICS_TOKEN (nothing measured: the
// switch), `on` with METRICS_TOKEN (the HTTP histogram's middleware, the /l/<code> wrapper, the job wrappers, the
// product collectors and prom-client's default process metrics; a scrape is taken once per round, as Prometheus
// would). autocannon from this process drives each route at CONNECTIONS connections:
// - GET /api/user with a creator's bearer token;
// - GET /l/<code> from a new visitor each time (X-Forwarded-For, TRUST_PROXY=1): the whole counting path;
// - POST /api/overlay/heartbeat rotating over the overlays, a new beat id each time.
//
// The target is held to what a request costs the server: its CPU time in a round (all its threads, to the
// nanosecond: /proc/<pid>/task/*/schedstat) divided by the requests it answered. Those rounds offer both servers the
// SAME fixed rate (RATE_SHARE of what the off server answered flat out): a saturated server's CPU per request moves
// with how its requests happen to batch (two cores shared with the load generator swung it by 30 % between
// identical servers), while at a fixed, unsaturated rate both see the same arrivals, as a production instance behind
// a balancer does. Off and on alternate in ROUNDS pairs (each side first in every other pair), so that what else runs
// on the machine falls on both alike, and the figure is the median pair's on ÷ off: a round that a background job or
// another process's burst fell on moves it little. Flat-out rounds before them give the throughput and p99 figures,
// reported.
//
// Request ids have no switch (they are on in both servers), so what they cost is measured apart, in process: the
// request-id wrapper (server/http/request-id.ts: the header read, a UUID, the AsyncLocalStorage run, the answer
// header on Node's response) around a bare handler, with and without, REQUEST_ID_CALLS calls alternating. The
// overhead held to 5 % is (on − (off − ids)) ÷ (off − ids): both against a server with neither.
import { type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { Hono } from 'hono';
import { createApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { ensureLink } from '../server/deliverables/links.ts';
import { withRequestIds } from '../server/http/request-id.ts';
import { silentLogger } from '../server/log.ts';
import { campaignRow, insertUsers, SECRET, startServer } from './marketplace.ts';

const OVERLAYS = 50;
const CONNECTIONS = 16;
/** Flat-out rounds per side (throughput and p99, reported). */
const FLAT_OUT_ROUNDS = 2;
/** Fixed-rate pairs of rounds (CPU per request, the target). */
const ROUNDS = 10;
const SECONDS = 2;
/** The fixed rate offered to both servers, as a share of what the off server answered flat out. */
const RATE_SHARE = 0.5;
const REQUEST_ID_CALLS = 100_000;
const TOKEN = crypto.randomBytes(24).toString('hex');
const BROWSER =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';

/** autocannon's per-request hook (beyond what bench/autocannon.d.ts declares). */
interface SetupRequests {
  requests: {
    method: string;
    setupRequest: (request: { headers?: Record<string, string>; body?: string }) => unknown;
  }[];
}

export interface RouteFigures {
  route: string;
  offRps: number;
  onRps: number;
  offP99: number;
  onP99: number;
  /** 1 − the median pair's on ÷ off, in per cent (negative: "on" was faster in this run). */
  overheadPercent: number;
  /** The server's CPU time per request, in microseconds. */
  offCpuUs: number;
  onCpuUs: number;
  /** onCpuUs ÷ offCpuUs − 1, in per cent: what metrics cost. */
  cpuOverheadPercent: number;
  /** The fixed rate both servers were offered for the CPU rounds. */
  rate: number;
  /** Metrics and request ids together, against a server with neither, in per cent (the target). */
  totalOverheadPercent: number;
}

export interface ObservabilityBench {
  routes: RouteFigures[];
  /** What the `on` server's scrape counted for each route: proof its middleware ran. */
  scraped: Record<string, number>;
  /** What the request-id wrapper costs a request, in microseconds (measured in process). */
  requestIdUs: number;
}

interface World {
  bearer: string;
  code: string;
  overlays: { token: string; offerId: string }[];
}

async function setUp(dataDir: string): Promise<World> {
  const app = await createApp(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: SECRET }), { logger: silentLogger });
  try {
    const { db, services } = app;
    await services.jobs.stop();
    const [advertiserId] = await insertUsers(db, 1, 'advertiser', () => ({}));
    const creators = await insertUsers(db, OVERLAYS, 'creator', (i) => ({
      notify_email: 0,
      first_name: `Creator${i}`,
    }));
    const campaign = {
      ...campaignRow(advertiserId!, 1, OVERLAYS),
      deliverable_minutes: 1_000_000,
      accepted_count: OVERLAYS,
      link_url: 'https://nova.example/energy',
      link_clicks: 1_000_000,
    };
    await db.insertInto('campaigns').values(campaign).execute();
    const stamp = new Date().toISOString();
    const offers = creators.map((creatorId) => ({
      id: crypto.randomUUID(),
      campaign_id: campaign.id,
      creator_id: creatorId,
      status: 'accepted' as const,
      reasons: '[]',
      score: 1,
      created_at: stamp,
      updated_at: stamp,
    }));
    await db.insertInto('offers').values(offers).execute();
    const overlays: World['overlays'] = [];
    for (const [index, creatorId] of creators.entries()) {
      const settings = await services.overlays.settings(creatorId);
      overlays.push({ token: settings.path.split('/').pop()!, offerId: offers[index]!.id });
    }
    const code = await ensureLink(db, { offerId: offers[0]!.id, campaignId: campaign.id, creatorId: creators[0]! });
    return { bearer: await services.tokens.issue(creators[0]!, 0), code, overlays };
  } finally {
    await app.close();
  }
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

type Load = {
  url: string;
  method: string;
  setup: (request: { headers?: Record<string, string>; body?: string }) => void;
};

/** Drives `load` for `seconds`, flat out or at `rate` requests per second over all connections. */
async function drive(load: Load, seconds: number, rate?: number) {
  const options: Parameters<typeof autocannon>[0] & SetupRequests & { overallRate?: number } = {
    url: load.url,
    connections: CONNECTIONS,
    duration: seconds,
    ...(rate === undefined ? {} : { overallRate: rate }),
    requests: [
      {
        method: load.method,
        setupRequest: (request) => {
          load.setup(request);
          return request;
        },
      },
    ],
  };
  const result = await autocannon(options);
  if (result.errors > 0 || result.timeouts > 0)
    throw new Error(`${load.method} ${load.url}: ${result.errors} errors, ${result.timeouts} timeouts`);
  return { total: result.requests.total, seconds: result.duration, p99: result.latency.p99, non2xx: result.non2xx };
}

/**
 * A process's CPU time so far, in seconds, to the nanosecond: the sum over its threads (the main thread, libuv's pool,
 * V8's helpers) of the time each has run (Linux: /proc/<pid>/task/<tid>/schedstat, first field, nanoseconds), where
 * /proc/<pid>/stat counts in ticks of 10 ms, too coarse for a round of a second or two.
 */
function cpuSeconds(pid: number): number {
  let nanoseconds = 0;
  for (const task of fs.readdirSync(`/proc/${pid}/task`)) {
    try {
      nanoseconds += Number(fs.readFileSync(`/proc/${pid}/task/${task}/schedstat`, 'utf8').split(' ')[0]);
    } catch {
      // A thread that ended between the listing and the read.
    }
  }
  return nanoseconds / 1e9;
}

/**
 * What the request-id wrapper adds to one request, in microseconds of this process's CPU: a bare handler with and
 * without it, in alternating batches, each call given Node's own request and response objects as @hono/node-server
 * does (so the id goes on the response by setHeader, as in production).
 */
async function requestIdCost(): Promise<number> {
  const build = (ids: boolean) => {
    const app = new Hono();
    app.get('/api/user', (c) => c.json({ ok: true }));
    if (ids) withRequestIds(app);
    return app;
  };
  const apps = { without: build(false), with: build(true) };
  const incoming = new IncomingMessage(new Socket());
  const outgoing = new ServerResponse(incoming);
  const env = { incoming, outgoing };
  const batch = async (app: Hono, calls: number) => {
    const started = process.cpuUsage();
    for (let call = 0; call < calls; call += 1) await app.fetch(new Request('http://bench/api/user'), env);
    const used = process.cpuUsage(started);
    return used.user + used.system;
  };
  await batch(apps.without, 10_000);
  await batch(apps.with, 10_000);
  const spent = { without: 0, with: 0 };
  const calls = REQUEST_ID_CALLS / 10;
  for (let round = 0; round < 10; round += 1) {
    for (const side of round % 2 === 0 ? (['without', 'with'] as const) : (['with', 'without'] as const))
      spent[side] += await batch(apps[side], calls);
  }
  return Math.max(0, (spent.with - spent.without) / REQUEST_ID_CALLS);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function benchObservability(
  log: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
): Promise<ObservabilityBench> {
  const offDir = fs.mkdtempSync(path.join(os.tmpdir(), 'castbridge-bench-observability-'));
  const onDir = `${offDir}-on`;
  const requestIdUs = await requestIdCost();
  log(`request ids: ${requestIdUs.toFixed(1)} µs of CPU per request (in process, ${REQUEST_ID_CALLS} calls each way)`);
  const world = await setUp(offDir);
  fs.cpSync(offDir, onDir, { recursive: true });
  const common = { TRUST_PROXY: '1', CLICKS_PER_LINK_MINUTE: '10000000', RATE_LIMIT_SCALE: '1000000' };
  const off = await startServer(offDir, common);
  const on = await startServer(onDir, { ...common, METRICS_TOKEN: TOKEN });
  const scrape = async () => {
    const answer = await fetch(`${on.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    if (answer.status !== 200) throw new Error(`GET /metrics answered ${answer.status}`);
    return answer.text();
  };
  try {
    if ((await fetch(`${off.url}/metrics`)).status !== 404) throw new Error('the off server serves /metrics');
    let visitor = 0;
    let beat = 0;
    const loads = (base: string): Record<string, Load> => ({
      'GET /api/user': {
        url: `${base}/api/user`,
        method: 'GET',
        setup: (request) => {
          request.headers = { ...request.headers, authorization: `Bearer ${world.bearer}` };
        },
      },
      'GET /l/<code>': {
        url: `${base}/l/${world.code}`,
        method: 'GET',
        setup: (request) => {
          visitor += 1;
          request.headers = {
            ...request.headers,
            'user-agent': BROWSER,
            'x-forwarded-for': `10.${(visitor >> 16) & 255}.${(visitor >> 8) & 255}.${visitor & 255}`,
          };
        },
      },
      'POST /api/overlay/heartbeat': {
        url: `${base}/api/overlay/heartbeat`,
        method: 'POST',
        setup: (request) => {
          beat += 1;
          const overlay = world.overlays[beat % world.overlays.length]!;
          request.headers = { ...request.headers, 'content-type': 'application/json' };
          request.body = JSON.stringify({ ...overlay, seconds: 15, beatId: `bench-${beat}-${crypto.randomUUID()}` });
        },
      },
    });
    const offLoads = loads(off.url);
    const onLoads = loads(on.url);
    const routes: RouteFigures[] = [];
    for (const route of Object.keys(offLoads)) {
      // Warm-up: JIT, the statement cache, the link in memory, each overlay's first heartbeat.
      await drive(offLoads[route]!, 1);
      await drive(onLoads[route]!, 1);
      type Round = Awaited<ReturnType<typeof drive>>;
      const perSecond = (r: Round) => r.total / r.seconds;
      const total = (list: Round[]) => list.reduce((sum, r) => sum + r.total, 0);
      const rps = (list: Round[]) => Math.round(total(list) / list.reduce((sum, r) => sum + r.seconds, 0));
      const order = (round: number) => (round % 2 === 0 ? (['off', 'on'] as const) : (['on', 'off'] as const));
      // Flat out: throughput and p99 (reported).
      const flat: Record<'off' | 'on', Round[]> = { off: [], on: [] };
      for (let round = 0; round < FLAT_OUT_ROUNDS; round += 1)
        for (const side of order(round))
          flat[side].push(await drive((side === 'off' ? offLoads : onLoads)[route]!, SECONDS));
      // At a fixed rate both are offered alike: CPU per request (the target).
      const rate = Math.max(100, Math.round((rps(flat.off) * RATE_SHARE) / 100) * 100);
      const rounds: Record<'off' | 'on', Round[]> = { off: [], on: [] };
      const cpu: Record<'off' | 'on', number[]> = { off: [], on: [] };
      for (let round = 0; round < ROUNDS; round += 1) {
        for (const side of order(round)) {
          const pid = (side === 'off' ? off : on).child.pid!;
          const before = cpuSeconds(pid);
          const answered = await drive((side === 'off' ? offLoads : onLoads)[route]!, SECONDS, rate);
          rounds[side].push(answered);
          // The scrape Prometheus would take meanwhile is the on server's cost too.
          if (side === 'on') await scrape();
          cpu[side].push(((cpuSeconds(pid) - before) / answered.total) * 1e6);
        }
      }
      // The median pair: a round that a background job or another process's burst fell on moves it little.
      const offCpuUs = median(cpu.off);
      const onCpuUs = median(cpu.on);
      const pairRatio = median(cpu.on.map((us, i) => us / cpu.off[i]!));
      const bareRatio = median(cpu.on.map((us, i) => us / (cpu.off[i]! - requestIdUs)));
      const ratio = median(flat.on.map((r, i) => perSecond(r) / perSecond(flat.off[i]!)));
      const figures: RouteFigures = {
        route,
        offRps: rps(flat.off),
        onRps: rps(flat.on),
        offP99: median(flat.off.map((r) => r.p99)),
        onP99: median(flat.on.map((r) => r.p99)),
        overheadPercent: Math.round((1 - ratio) * 1000) / 10,
        offCpuUs: Math.round(offCpuUs),
        onCpuUs: Math.round(onCpuUs),
        cpuOverheadPercent: Math.round((pairRatio - 1) * 1000) / 10,
        rate,
        totalOverheadPercent: Math.round((bareRatio - 1) * 1000) / 10,
      };
      const non2xx = [...flat.off, ...flat.on, ...rounds.off, ...rounds.on].reduce((sum, r) => sum + r.non2xx, 0);
      const perRound = (list: Round[]) => list.map((r) => Math.round(perSecond(r))).join(', ');
      log(
        `${route}: flat out off ${figures.offRps}/s p99 ${figures.offP99} ms, on ${figures.onRps}/s p99 ` +
          `${figures.onP99} ms (throughput ${figures.overheadPercent} %); at ${rate}/s CPU per request off ` +
          `${figures.offCpuUs} µs, on ${figures.onCpuUs} µs: metrics ${figures.cpuOverheadPercent} %, with request ids ` +
          `${figures.totalOverheadPercent} % (fixed-rate rounds off ${perRound(rounds.off)}; on ${perRound(rounds.on)}; ` +
          `non-2xx ${non2xx}${route.startsWith('GET /l/') ? ': the redirects' : ''})`,
      );
      routes.push(figures);
    }
    const text = await scrape();
    const count = (route: string) =>
      [...text.matchAll(/^castbridge_http_request_duration_seconds_count\{([^}]*)\} (\S+)$/gm)]
        .filter((m) => m[1]!.includes(`route="${route}"`))
        .reduce((sum, m) => sum + Number(m[2]), 0);
    const scraped = {
      'GET /api/user': count('/api/user'),
      'GET /l/<code>': count('/l/:code'),
      'POST /api/overlay/heartbeat': count('/api/overlay/heartbeat'),
    };
    log(`the on server's scrape counted: ${JSON.stringify(scraped)}`);
    return { routes, scraped, requestIdUs: Math.round(requestIdUs * 10) / 10 };
  } finally {
    await stop(off.child);
    await stop(on.child);
    fs.rmSync(offDir, { recursive: true, force: true });
    fs.rmSync(onDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]!).href) {
  const result = await benchObservability();
  console.log(JSON.stringify(result, null, 2));
}
