// What metrics cost on the hottest routes, for `npm run bench -- observability` (issue 47 item 2: under 5 %).
//
// Method: one world set up on SQLite (an advertiser, OVERLAYS creators each with an accepted offer of one active
// campaign with a tracked link, and their overlays), copied into two data directories; two server processes
// (server/main.ts) run side by side on them: `off` without METRICS_PORT or METRICS_TOKEN (nothing measured: the
// switch), `on` with METRICS_TOKEN (the HTTP histogram's middleware, the /l/<code> wrapper, the job wrappers, the
// product collectors; a scrape is taken once per round, as Prometheus would). Request ids (server/http/request-id.ts)
// are on in both: they have no switch. autocannon from this process drives each route at CONNECTIONS connections in
// ROUNDS pairs of rounds of SECONDS (off then on, on then off, …) after a warm-up, so that what else runs on the
// machine falls on both alike:
// - GET /api/user with a creator's bearer token;
// - GET /l/<code> from a new visitor each time (X-Forwarded-For, TRUST_PROXY=1): the whole counting path;
// - POST /api/overlay/heartbeat rotating over the overlays, a new beat id each time.
// Requests per second are summed over the rounds; p99 is the median round's; the throughput overhead is 1 − the median
// pair's on ÷ off (a pair's two rounds ran back to back). On a machine whose cores other work shares, throughput
// swings by several times from one round to the next, so the target is held to what a request costs: the server
// process's CPU time (user + system, /proc/<pid>/stat) over its rounds divided by the requests it answered, on ÷ off
// − 1, which other processes' load barely moves.
import { type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { createApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { ensureLink } from '../server/deliverables/links.ts';
import { silentLogger } from '../server/log.ts';
import { campaignRow, insertUsers, SECRET, startServer } from './marketplace.ts';

const OVERLAYS = 50;
const CONNECTIONS = 16;
const ROUNDS = 6;
const SECONDS = 2;
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
  /** onCpuUs ÷ offCpuUs − 1, in per cent. */
  cpuOverheadPercent: number;
}

export interface ObservabilityBench {
  routes: RouteFigures[];
  /** What the `on` server's scrape counted for each route: proof its middleware ran. */
  scraped: Record<string, number>;
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

async function drive(load: Load, seconds: number) {
  const options: Parameters<typeof autocannon>[0] & SetupRequests = {
    url: load.url,
    connections: CONNECTIONS,
    duration: seconds,
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

/** A process's CPU time so far (user + system), in seconds (Linux: /proc/<pid>/stat, clock ticks of 1/100 s). */
function cpuSeconds(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // Fields 14 and 15 of the file (utime, stime) are the 12th and 13th after the command's closing parenthesis.
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function benchObservability(
  log: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
): Promise<ObservabilityBench> {
  const offDir = fs.mkdtempSync(path.join(os.tmpdir(), 'castbridge-bench-observability-'));
  const onDir = `${offDir}-on`;
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
      const rounds: Record<'off' | 'on', Awaited<ReturnType<typeof drive>>[]> = { off: [], on: [] };
      const cpu = { off: 0, on: 0 };
      const run = async (side: 'off' | 'on') => {
        const pid = (side === 'off' ? off : on).child.pid!;
        const before = cpuSeconds(pid);
        rounds[side].push(await drive((side === 'off' ? offLoads : onLoads)[route]!, SECONDS));
        // The scrape Prometheus would take meanwhile is the on server's cost too.
        if (side === 'on') await scrape();
        cpu[side] += cpuSeconds(pid) - before;
      };
      for (let round = 0; round < ROUNDS; round += 1) {
        // Each side goes first in every other pair.
        for (const side of round % 2 === 0 ? (['off', 'on'] as const) : (['on', 'off'] as const)) await run(side);
      }
      const rps = (list: typeof rounds.off) =>
        Math.round(list.reduce((sum, r) => sum + r.total, 0) / list.reduce((sum, r) => sum + r.seconds, 0));
      const figures: RouteFigures = {
        route,
        offRps: rps(rounds.off),
        onRps: rps(rounds.on),
        offP99: median(rounds.off.map((r) => r.p99)),
        onP99: median(rounds.on.map((r) => r.p99)),
        overheadPercent: 0,
        offCpuUs: Math.round((cpu.off / rounds.off.reduce((sum, r) => sum + r.total, 0)) * 1e6),
        onCpuUs: Math.round((cpu.on / rounds.on.reduce((sum, r) => sum + r.total, 0)) * 1e6),
        cpuOverheadPercent: 0,
      };
      figures.cpuOverheadPercent = Math.round((figures.onCpuUs / figures.offCpuUs - 1) * 1000) / 10;
      const perSecond = (r: (typeof rounds.off)[number]) => r.total / r.seconds;
      const ratio = median(rounds.on.map((r, i) => perSecond(r) / perSecond(rounds.off[i]!)));
      figures.overheadPercent = Math.round((1 - ratio) * 1000) / 10;
      const non2xx = [...rounds.off, ...rounds.on].reduce((sum, r) => sum + r.non2xx, 0);
      const perRound = (list: typeof rounds.off) => list.map((r) => Math.round(perSecond(r))).join(', ');
      log(
        `${route}: off ${figures.offRps}/s p99 ${figures.offP99} ms, on ${figures.onRps}/s p99 ${figures.onP99} ms, ` +
          `throughput overhead ${figures.overheadPercent} %; CPU per request off ${figures.offCpuUs} µs, on ` +
          `${figures.onCpuUs} µs: ${figures.cpuOverheadPercent} % (rounds off ${perRound(rounds.off)}; on ${perRound(rounds.on)}; ` +
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
    return { routes, scraped };
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
