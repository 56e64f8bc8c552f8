// Marketplace figures for `npm run bench` (docs/product.md §Marketplace), on SQLite:
// - matching 10,000 creators against 100 active campaigns, and one creator against 100 campaigns (in process);
// - GET /api/offers for a creator with 200 offers at 50 connections (a server process, autocannon from here);
// - 2,000 open SSE connections: a launch that matches all their creators reaches every one (latency from the
//   launch request to each connection's event), and the server's RSS.
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { createApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { silentLogger } from '../server/log.ts';
import { advertiserBalance, EXTERNAL, postTransfer } from '../server/money/ledger.ts';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SECRET = crypto.randomBytes(32).toString('hex');

export interface MarketplaceBench {
  matchAllMs: number;
  matchOneMs: number;
  offersRps: number;
  offersP99: number;
  /** The same server's GET /api/health (no session, no database) at 50 connections: this machine's ceiling. */
  healthRps: number;
  sseConnections: number;
  sseReached: number;
  sseP99Ms: number;
  sseRssMb: number;
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** An active campaign row paying $100 per creator (also the money bench's). */
export function campaignRow(advertiserId: string, i: number, spots: number, countries: string[] = []) {
  const stamp = new Date().toISOString();
  return {
    id: crypto.randomUUID(),
    advertiser_id: advertiserId,
    brand: `Brand ${i}`,
    title: `Campaign ${i}`,
    description: 'Bench',
    image: null,
    pay_cents: 10_000,
    spots,
    platforms: JSON.stringify(['Twitch', 'YouTube']),
    languages: JSON.stringify(i % 2 ? ['English'] : ['English', 'Spanish']),
    countries: JSON.stringify(countries),
    categories: JSON.stringify(i % 3 === 0 ? ['gaming'] : []),
    min_avg_viewers: null,
    deliverable_minutes: 60,
    starts_on: day(0),
    ends_on: day(30),
    disclosure: 'Sponsored',
    status: 'active' as const,
    created_at: stamp,
    updated_at: stamp,
    launched_at: stamp,
  };
}

export async function insertUsers(
  db: Awaited<ReturnType<typeof createApp>>['db'],
  count: number,
  role: 'creator' | 'advertiser',
  profile: (i: number) => Record<string, unknown>,
) {
  const stamp = new Date().toISOString();
  const ids: string[] = [];
  for (let start = 0; start < count; start += 500) {
    const rows = Array.from({ length: Math.min(500, count - start) }, (_, k) => {
      const i = start + k;
      const id = crypto.randomUUID();
      ids.push(id);
      return {
        id,
        email: `${role}${i}-${id.slice(0, 8)}@bench.example`,
        password_hash: null,
        firebase_uid: null,
        type_account: role === 'advertiser' ? ('Advertiser' as const) : ('Influencer' as const),
        role,
        created_at: stamp,
        updated_at: stamp,
        ...profile(i),
      };
    });
    await db.insertInto('users').values(rows).execute();
  }
  return ids;
}

// Notification e-mails off: the figure is matching's, not the outbox's (e-mail becomes a job in docs/product.md §Several instances).
const creatorProfile = (i: number) => ({
  notify_email: 0,
  first_name: `Creator${i}`,
  language: i % 4 === 0 ? 'Spanish' : 'English',
  country: ['Canada', 'Mexico', 'Ghana', 'Japan'][i % 4],
  type_content: i % 2 ? 'Gaming on Twitch' : 'Cooking on YouTube',
  tier: (i % 3) + 1,
});

export async function startServer(
  dataDir: string,
  extraEnv: Record<string, string> = {},
): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'server', 'main.ts')], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      JWT_SECRET: SECRET,
      SEED_DEMO: '0',
      NODE_ENV: 'production',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /ready at (http:\/\/\S+)/.exec(out);
      if (match) resolve(match[1]!);
    });
    child.once('exit', (code) => reject(new Error(`the server exited with ${code}`)));
  });
  return { url, child };
}

export const rssMb = (pid: number) => {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024);
};
export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};

export async function benchMarketplace(
  log: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
): Promise<MarketplaceBench> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'castbridge-bench-market-'));
  try {
    // 1. Matching, in process.
    const app = await createApp(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: SECRET }), { logger: silentLogger });
    const { db, services } = app;
    await services.jobs.stop();
    const [advertiserId] = await insertUsers(db, 1, 'advertiser', () => ({}));
    await insertUsers(db, 10_000, 'creator', creatorProfile);
    const campaigns = Array.from({ length: 100 }, (_, i) => campaignRow(advertiserId!, i, 100));
    await db.insertInto('campaigns').values(campaigns).execute();
    // One newcomer first, while every campaign still has room; then every creator against every campaign.
    const [newcomer] = await insertUsers(db, 1, 'creator', () => creatorProfile(1));
    let started = performance.now();
    const one = await services.matcher.matchCreator(newcomer!);
    const matchOneMs = Math.round((performance.now() - started) * 10) / 10;
    log(`one creator × 100 campaigns: ${matchOneMs} ms, ${one} offers`);
    started = performance.now();
    const offers = await services.matcher.matchCampaigns(campaigns.map((campaign) => campaign.id));
    const matchAllMs = Math.round(performance.now() - started);
    log(`matching 10,000 creators × 100 campaigns: ${matchAllMs} ms, ${offers} offers`);

    // A creator with 200 offers (200 more campaigns aimed only at them), and 2,000 creators for the SSE run.
    const [busy] = await insertUsers(db, 1, 'creator', () => ({ ...creatorProfile(1), country: 'Nepal' }));
    const busyCampaigns = Array.from({ length: 200 }, (_, i) => campaignRow(advertiserId!, 1000 + i, 1, ['Nepal']));
    await db.insertInto('campaigns').values(busyCampaigns).execute();
    await services.matcher.matchCreator(busy!);
    const listeners = await insertUsers(db, 2000, 'creator', () => ({ ...creatorProfile(1), country: 'Iceland' }));
    const stamp = new Date().toISOString();
    await db
      .insertInto('advertiser_profiles')
      .values({
        user_id: advertiserId!,
        company_name: 'Bench',
        website: 'https://bench.example',
        contact_name: 'B',
        contact_email: 'b@bench.example',
        status: 'approved',
        rejection_reason: null,
        reviewed_at: stamp,
        reviewed_by: null,
        created_at: stamp,
        updated_at: stamp,
      })
      .execute();
    // Launching reserves pay × spots (docs/product.md §Money): the advertiser's deposit.
    await db.transaction().execute((trx) =>
      postTransfer(trx, {
        kind: 'deposit',
        memo: 'Bench deposit',
        legs: [
          { account: EXTERNAL, amountCents: -1_000_000_000 },
          { account: advertiserBalance(advertiserId!), amountCents: 1_000_000_000 },
        ],
      }),
    );
    const busyToken = await services.tokens.issue(busy!, 0);
    const advertiserToken = await services.tokens.issue(advertiserId!, 0);
    const listenerTokens = await Promise.all(listeners.map((id) => services.tokens.issue(id, 0)));
    await app.close();

    // 2. GET /api/offers and 3. SSE, against a server process.
    const { url, child } = await startServer(dataDir);
    try {
      const authorization = `Bearer ${busyToken}`;
      const check = (await (await fetch(`${url}/api/offers`, { headers: { authorization } })).json()) as {
        offers: unknown[];
      };
      log(`the creator has ${check.offers.length} offers`);
      // As a browser asks: it always accepts a compressed answer.
      const headers = { authorization, 'accept-encoding': 'gzip, deflate, br, zstd' };
      await autocannon({ url: `${url}/api/offers`, connections: 10, duration: 1, headers });
      const run = await autocannon({ url: `${url}/api/offers`, connections: 50, duration: 10, headers });
      const offersRps = Math.round(run.requests.average);
      const offersP99 = run.latency.p99;
      log(
        `GET /api/offers: ${offersRps} req/s, p50 ${run.latency.p50} ms, p99 ${offersP99} ms, ${run.non2xx} non-2xx, ${Math.round(run.throughput.average / Math.max(1, run.requests.average))} bytes each`,
      );
      const ceiling = await autocannon({ url: `${url}/api/health`, connections: 50, duration: 5 });
      const healthRps = Math.round(ceiling.requests.average);
      log(
        `GET /api/health (this machine's ceiling for one process): ${healthRps} req/s, p99 ${ceiling.latency.p99} ms`,
      );

      const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
      const tickets = await Promise.all(
        listenerTokens.map(async (token) => {
          const answer = await fetch(`${url}/api/events/ticket`, {
            method: 'POST',
            headers: { authorization: `Bearer ${token}` },
          });
          return ((await answer.json()) as { ticket: string }).ticket;
        }),
      );
      let launchAt = 0;
      const latencies: number[] = [];
      const requests: http.ClientRequest[] = [];
      let open = 0;
      await new Promise<void>((resolve, reject) => {
        for (const ticket of tickets) {
          const req = http.get(`${url}/api/events?ticket=${encodeURIComponent(ticket)}`, { agent }, (res) => {
            let buffer = '';
            let counted = false;
            res.on('data', (chunk: Buffer) => {
              buffer += chunk.toString();
              if (buffer.includes('event: ready') && !counted) {
                counted = true;
                open += 1;
                if (open === tickets.length) resolve();
              }
              if (launchAt && buffer.includes('event: notification')) {
                latencies.push(performance.now() - launchAt);
                buffer = '';
              }
            });
          });
          req.on('error', reject);
          requests.push(req);
        }
      });
      const rssBefore = rssMb(child.pid!);
      log(`${open} SSE connections open, server RSS ${rssBefore} MB`);
      const created = await fetch(`${url}/api/campaigns`, {
        method: 'POST',
        headers: { authorization: `Bearer ${advertiserToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          brand: 'Bench',
          title: 'Everyone in Iceland',
          description: 'Bench',
          payCents: 1000,
          spots: 700,
          targeting: {
            platforms: ['Twitch', 'YouTube'],
            languages: ['English'],
            countries: ['Iceland'],
            categories: [],
            minAvgViewers: null,
          },
          deliverable: { minutes: 10, startsOn: day(0), endsOn: day(10), disclosure: 'Sponsored' },
        }),
      });
      const { campaign } = (await created.json()) as { campaign: { id: string } };
      launchAt = performance.now();
      await fetch(`${url}/api/campaigns/${campaign.id}/launch`, {
        method: 'POST',
        headers: { authorization: `Bearer ${advertiserToken}` },
      });
      const deadline = Date.now() + 15_000;
      while (latencies.length < tickets.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      const sseRssMb = Math.max(rssBefore, rssMb(child.pid!));
      for (const req of requests) req.destroy();
      agent.destroy();
      const sseP99Ms = Math.round(percentile(latencies, 99));
      log(
        `launch → notification on ${latencies.length}/${tickets.length} connections: p50 ${Math.round(percentile(latencies, 50))} ms, p99 ${sseP99Ms} ms; RSS ${sseRssMb} MB`,
      );
      return {
        matchAllMs,
        matchOneMs,
        offersRps,
        offersP99,
        healthRps,
        sseConnections: open,
        sseReached: latencies.length,
        sseP99Ms,
        sseRssMb,
      };
    } finally {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  benchMarketplace().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
