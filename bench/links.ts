// Tracked links for `npm run bench -- links` (docs/product.md §Tracked links: GET /l/<code> ≥ 10,000 redirects/s with
// p99 ≤ 10 ms on SQLite, and at least half the rate of a bare Hono route answering the same 302 in the same run).
//
// Method: a server process on SQLite (TRUST_PROXY=1) with one accepted offer whose campaign has a link, and a bare
// Hono app on @hono/node-server in its own process answering the same 302 from the same route. autocannon from this
// process drives each at CONNECTIONS connections, in ROUNDS alternating rounds (LINK_SECONDS in all for each), after a
// warm-up; every request comes from the next of VISITORS synthetic visitors of that server (X-Forwarded-For), so that
// the first 100,000 are new visitors and the rest repeats — the whole path: the link from memory, the bot check, the
// limits, the visitor's HMAC, the buffer and its flushes every CLICK_FLUSH_MS (the link's limit raised so that the
// clicks are counted rather than refused). Afterwards the clicks written are read back: counted or refused, every
// redirect is there (the server writes what it still holds when it stops).
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { createApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { ensureLink } from '../server/deliverables/links.ts';
import { offerTotals } from '../server/deliverables/days.ts';
import { silentLogger } from '../server/log.ts';
import { campaignRow, insertUsers, SECRET, startServer } from './marketplace.ts';

/** autocannon's per-request hook (its options beyond what bench/autocannon.d.ts declares). */
interface VisitorRequests {
  requests: {
    method: string;
    setupRequest: (request: { headers?: Record<string, string> }) => unknown;
  }[];
}

export interface LinksBench {
  redirectsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  bareRedirectsPerSecond: number;
  bareP99Ms: number;
  /** redirectsPerSecond ÷ bareRedirectsPerSecond. */
  ratio: number;
  requests: number;
  /** Clicks written to offer_days: counted, and refused as repeats. */
  counted: number;
  repeats: number;
  /** Redirects answered but not written (counted or refused) once the server stopped: 0. */
  lost: number;
}

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const LINK_SECONDS = 10;
const ROUNDS = 5;
const CONNECTIONS = 32;
const VISITORS = 100_000;
const BROWSER =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';
const BRAND_URL = 'https://nova.example/energy';

/** The bare route: the same 302 with nothing else, on the same server the product uses. */
const BARE_SERVER = `
import { Hono } from 'hono';
import { serve } from '@hono/node-server';
const url = process.env.LOCATION;
const app = new Hono().get('/l/:code', (c) => c.redirect(url, 302));
serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
  process.stdout.write('ready at http://127.0.0.1:' + info.port + '\\n');
});
`;

function startBare(location: string): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--input-type=module', '-e', BARE_SERVER], {
    cwd: REPO_ROOT,
    env: { ...process.env, LOCATION: location, NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /ready at (http:\/\/\S+)/.exec(out);
      if (match) resolve({ url: match[1]!, child });
    });
    child.once('exit', (code) => reject(new Error(`the bare server exited with ${code}`)));
  });
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** The next visitor of each server: a server's first VISITORS requests are new visitors, the next ones repeats. */
const visitors = new Map<string, number>();

/** GET `url` from the next synthetic visitor each time (its own address), for `seconds`. */
async function drive(url: string, seconds: number) {
  let visitor = visitors.get(url) ?? 0;
  const options: Parameters<typeof autocannon>[0] & VisitorRequests = {
    url,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => {
          visitor = (visitor + 1) % VISITORS;
          request.headers = {
            ...request.headers,
            'user-agent': BROWSER,
            'x-forwarded-for': `10.${(visitor >> 16) & 255}.${(visitor >> 8) & 255}.${visitor & 255}`,
          };
          return request;
        },
      },
    ],
  };
  const result = await autocannon(options);
  visitors.set(url, visitor);
  // autocannon counts 3xx as non-2xx; an error or a timeout is what would be wrong (a 404 is checked before).
  if (result.errors > 0 || result.timeouts > 0)
    throw new Error(`GET ${url}: ${result.errors} errors, ${result.timeouts} timeouts`);
  return { total: result.requests.total, seconds: result.duration, p50: result.latency.p50, p99: result.latency.p99 };
}

interface Round {
  total: number;
  seconds: number;
  p50: number;
  p99: number;
}

/**
 * Rounds as one: requests over seconds, and the median round's percentiles. autocannon keeps no histogram across
 * runs, and on a shared machine one round in five may be slowed by something else altogether (the bare route's
 * worst round shows as much); every round's p99 is printed beside it.
 */
function combine(rounds: Round[]): Round & { perSecond: number } {
  const total = rounds.reduce((sum, round) => sum + round.total, 0);
  const seconds = rounds.reduce((sum, round) => sum + round.seconds, 0);
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  return {
    total,
    seconds,
    perSecond: Math.round(total / seconds),
    p50: median(rounds.map((round) => round.p50)),
    p99: median(rounds.map((round) => round.p99)),
  };
}

export async function benchLinks(log: (line: string) => void = console.log): Promise<LinksBench> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'castbridge-bench-links-'));
  const config = loadConfig({ DATA_DIR: dataDir, JWT_SECRET: SECRET });
  let code: string;
  let offerId: string;
  {
    const app = await createApp(config, { logger: silentLogger });
    const { db } = app;
    await app.services.jobs.stop();
    const [advertiserId] = await insertUsers(db, 1, 'advertiser', () => ({}));
    const [creatorId] = await insertUsers(db, 1, 'creator', () => ({ first_name: 'Creator', notify_email: 0 }));
    const campaign = { ...campaignRow(advertiserId!, 0, 1), overlay_required: 0, link_url: BRAND_URL, link_clicks: 1 };
    await db.insertInto('campaigns').values(campaign).execute();
    offerId = crypto.randomUUID();
    const stamp = new Date().toISOString();
    await db
      .insertInto('offers')
      .values({
        id: offerId,
        campaign_id: campaign.id,
        creator_id: creatorId!,
        status: 'accepted',
        reasons: '[]',
        score: 1,
        created_at: stamp,
        updated_at: stamp,
      })
      .execute();
    code = await ensureLink(db, { offerId, campaignId: campaign.id, creatorId: creatorId! });
    await app.close();
  }

  const server = await startServer(dataDir, {
    TRUST_PROXY: '1',
    // Counted rather than refused by the link's limit: the bench measures the whole counting path.
    CLICKS_PER_LINK_MINUTE: '10000000',
  });
  let link: ReturnType<typeof combine>;
  /** Redirects answered, as autocannon counted them: the check, the warm-up and the rounds. */
  let sent = 0;
  let bare: ReturnType<typeof combine>;
  try {
    const check = await fetch(`${server.url}/l/${code}`, { redirect: 'manual', headers: { 'user-agent': BROWSER } });
    if (check.status !== 302) throw new Error(`GET /l/${code} answered ${check.status}`);
    const location = check.headers.get('location')!;
    const bareServer = await startBare(location);
    try {
      sent += 1 + (await drive(`${server.url}/l/${code}`, 2)).total;
      await drive(`${bareServer.url}/l/${code}`, 2);
      // Alternating rounds, so that whatever else this machine is doing meanwhile weighs on both alike.
      const links: Round[] = [];
      const bares: Round[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        links.push(await drive(`${server.url}/l/${code}`, LINK_SECONDS / ROUNDS));
        bares.push(await drive(`${bareServer.url}/l/${code}`, LINK_SECONDS / ROUNDS));
      }
      link = combine(links);
      sent += link.total;
      bare = combine(bares);
      log(
        `p99 of each round: links ${links.map((r) => r.p99).join(', ')} ms; bare ${bares.map((r) => r.p99).join(', ')} ms`,
      );
    } finally {
      await stop(bareServer.child);
    }
  } finally {
    // SIGTERM: the server writes the clicks it still holds before it closes.
    await stop(server.child);
  }

  const app = await createApp(config, { logger: silentLogger });
  let totals;
  try {
    await app.services.jobs.stop();
    totals = (await offerTotals(app.db, [offerId])).get(offerId);
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const counted = totals?.clicks ?? 0;
  const repeats = totals?.clicks_repeat ?? 0;
  const ratio = Math.round((link.perSecond / bare.perSecond) * 100) / 100;
  log(
    `GET /l/<code> (${CONNECTIONS} connections, ${LINK_SECONDS} s, ${VISITORS} visitors): ${link.perSecond}/s, p50 ${link.p50} ms, p99 ${link.p99} ms (median of the rounds)`,
  );
  log(`bare Hono 302 (same settings): ${bare.perSecond}/s, p99 ${bare.p99} ms; ratio ${ratio}`);
  const written = totals
    ? totals.clicks + totals.clicks_repeat + totals.clicks_bot + totals.clicks_limited + totals.clicks_inactive
    : 0;
  // autocannon counts the answers it read; the requests still in flight when a run ends (up to one per connection)
  // were answered too, and written, so there may be more clicks written than answers counted, never fewer.
  const lost = Math.max(0, sent - written);
  log(
    `clicks written: ${counted} counted, ${repeats} repeats, ${written - counted - repeats} otherwise refused; ${written} written for ${sent} answers counted (${lost} missing)`,
  );
  return {
    redirectsPerSecond: link.perSecond,
    p50Ms: link.p50,
    p99Ms: link.p99,
    bareRedirectsPerSecond: bare.perSecond,
    bareP99Ms: bare.p99,
    ratio,
    requests: link.total,
    counted,
    repeats,
    lost,
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  benchLinks().then(
    (result) => process.stdout.write(`${JSON.stringify(result)}\n`),
    (error: unknown) => {
      process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exit(1);
    },
  );
}
