// Cluster figures for `npm run bench -- cluster` (docs/product.md §Several instances), on the local PostgreSQL (+ Redis when it answers):
// one instance alone against two behind the cluster's proxy, in the same run — GET /api/user and an offer action
// (a message in an offer's thread: a transaction, a notification, an e-mail job) at 50 connections for 8 s each —
// and the delivery of notifications raised on instance A to 200 SSE streams held by instance B (p99).
// On this 2-core machine two instances share the cores with the proxy and the load generator, so the ratio cannot
// show linear scaling; what it shows is whether anything serialises across instances that one would not need.
import type { ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { createTokenService } from '../server/accounts/tokens.ts';
import { startProxy } from '../server/cluster/proxy.ts';
import { loadConfig } from '../server/config.ts';
import { migrate, openDatabase } from '../server/db/connect.ts';
import { percentile, startServer } from './marketplace.ts';
import { createUserStore } from '../server/accounts/users.ts';

export interface ClusterBench {
  transport: 'redis' | 'postgres';
  /** One instance without the proxy, one behind it, two behind it. */
  userRps: { direct: number; one: number; two: number };
  offerRps: { direct: number; one: number; two: number };
  sseP99Ms: number;
  sseReached: number;
  sseStreams: number;
}

const SECRET = crypto.randomBytes(32).toString('hex');
const POSTGRES = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function redisAnswers(): Promise<boolean> {
  try {
    const { Redis } = await import('ioredis');
    const redis = new Redis(REDIS, { maxRetriesPerRequest: 1, connectTimeout: 1000, lazyConnect: true });
    await redis.connect();
    await redis.ping();
    redis.disconnect();
    return true;
  } catch {
    return false;
  }
}

async function load(url: string, options: Record<string, unknown>): Promise<number> {
  const result = (await autocannon({ url, connections: 50, duration: 8, ...options } as never)) as unknown as {
    requests: { average: number };
    non2xx: number;
  };
  if (result.non2xx > 0) throw new Error(`${result.non2xx} requests failed`);
  return Math.round(result.requests.average);
}

export async function benchCluster(
  log: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
): Promise<ClusterBench> {
  const transport = (await redisAnswers()) ? 'redis' : 'postgres';
  const schema = `castbridge_bench_${crypto.randomBytes(4).toString('hex')}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'castbridge-bench-cluster-'));
  const env = {
    DATABASE_URL: POSTGRES,
    DATABASE_SCHEMA: schema,
    JWT_SECRET: SECRET,
    SEED_DEMO: '0',
    RATE_LIMIT_SCALE: '1000000',
    TRUST_PROXY: '1',
    STANDINS: '0',
    TWITCH_CHAT_URL: 'ws://127.0.0.1:9',
    ...(transport === 'redis' ? { REDIS_URL: REDIS } : {}),
  };
  const config = loadConfig({ ...env, DATA_DIR: dataDir });
  const handle = openDatabase(config);
  await migrate(handle, schema);
  const { db } = handle;
  const children: { child: ChildProcess }[] = [];
  try {
    const users = createUserStore(db);
    const tokens = await createTokenService(new TextEncoder().encode(SECRET));
    const account = async (role: 'creator' | 'advertiser' | 'operator', profile: Record<string, unknown> = {}) => {
      const id = await users.create({
        email: `${role}-${crypto.randomBytes(5).toString('hex')}@bench.example`,
        passwordHash: null,
        typeAccount: role === 'advertiser' ? 'Advertiser' : 'Influencer',
        role,
      });
      if (Object.keys(profile).length)
        await db
          .updateTable('users')
          .set({ ...profile, notify_email: 0 })
          .where('id', '=', id)
          .execute();
      else await db.updateTable('users').set({ notify_email: 0 }).where('id', '=', id).execute();
      return { id, token: await tokens.issue(id, 0) };
    };

    const a = await startServer(dataDir, { ...env, INSTANCE_ID: 'a' });
    children.push(a);
    const json = async (base: string, method: string, p: string, token: string, body?: unknown) => {
      const response = await fetch(`${base}${p}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      const text = await response.text();
      if (!response.ok) throw new Error(`${method} ${p}: ${response.status} ${text}`);
      return JSON.parse(text) as Record<string, unknown>;
    };

    // The world: an operator, a funded advertiser, 200 creators matched by one campaign (their offers carry messages).
    const operator = await account('operator');
    const advertiser = await account('advertiser');
    await json(a.url, 'PUT', '/api/advertiser/profile', advertiser.token, {
      companyName: 'Nova Energy',
      website: 'https://nova.example',
      contactName: 'Nora',
      contactEmail: 'nora@nova.example',
    });
    await json(a.url, 'POST', `/api/admin/advertisers/${advertiser.id}/approve`, operator.token);
    await json(a.url, 'POST', '/api/admin/deposits', operator.token, {
      advertiserId: advertiser.id,
      amountCents: 1_000_000_000,
      reference: 'BENCH',
    });
    const creators = await Promise.all(
      Array.from({ length: 200 }, () =>
        account('creator', { language: 'English', country: 'Tonga', type_content: 'Speedruns on Twitch' }),
      ),
    );
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const created = await json(a.url, 'POST', '/api/campaigns', advertiser.token, {
      brand: 'Nova Energy',
      title: 'Cluster bench',
      description: 'Our can on stream for 30 seconds each hour.',
      payCents: 25_000,
      spots: 100,
      targeting: {
        platforms: ['Twitch', 'YouTube'],
        languages: ['English'],
        countries: ['Tonga'],
        categories: [],
        minAvgViewers: null,
      },
      deliverable: { minutes: 120, startsOn: day(0), endsOn: day(30), disclosure: 'Sponsored by Nova Energy' },
    });
    const campaignId = (created.campaign as { id: string }).id;
    await json(a.url, 'POST', `/api/campaigns/${campaignId}/launch`, advertiser.token);
    let offers: { id: string; creator_id: string }[] = [];
    for (let i = 0; i < 200 && offers.length < 200; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      offers = await db
        .selectFrom('offers')
        .select(['id', 'creator_id'])
        .where('campaign_id', '=', campaignId)
        .execute();
    }
    if (offers.length < 200) throw new Error(`matching made ${offers.length} offers of 200`);
    const someone = creators[0]!;
    const offer = offers.find((row) => row.creator_id === someone.id)!;
    const userLoad = (url: string) =>
      load(url, { url: `${url}/api/user`, headers: { authorization: `Bearer ${someone.token}` } });
    let n = 0;
    const offerLoad = (url: string) =>
      load(url, {
        url,
        requests: [
          {
            method: 'POST',
            path: `/api/offers/${offer.id}/messages`,
            headers: { 'content-type': 'application/json', authorization: `Bearer ${someone.token}` },
            setupRequest: (request: Record<string, unknown>) => ({
              ...request,
              body: JSON.stringify({ body: `bench ${(n += 1)}` }),
            }),
          },
        ],
      });

    log(`transport: ${transport}; one instance, directly`);
    const userDirect = await userLoad(a.url);
    const offerDirect = await offerLoad(a.url);
    log(`  GET /api/user ${userDirect} req/s; POST a thread message ${offerDirect} req/s`);
    // The same instance behind the proxy: the proxy's own cost, so that one and two instances compare like for like.
    const alone = await startProxy({ upstreams: [a.url] });
    const userOne = await userLoad(alone.url);
    const offerOne = await offerLoad(alone.url);
    await alone.close();
    log(`one instance behind the proxy`);
    log(`  GET /api/user ${userOne} req/s; POST a thread message ${offerOne} req/s`);

    const b = await startServer(dataDir, { ...env, INSTANCE_ID: 'b' });
    children.push(b);
    const proxy = await startProxy({ upstreams: [a.url, b.url] });
    try {
      log('two instances behind the proxy');
      const userTwo = await userLoad(proxy.url);
      const offerTwo = await offerLoad(proxy.url);
      log(`  GET /api/user ${userTwo} req/s; POST a thread message ${offerTwo} req/s`);

      // SSE across instances: every creator listens on B; the advertiser writes to each offer's thread through A.
      const arrivals: number[] = [];
      const streams = await Promise.all(
        creators.map(async (creator) => {
          const { ticket } = await json(b.url, 'POST', '/api/events/ticket', creator.token);
          const controller = new AbortController();
          const response = await fetch(`${b.url}/api/events?ticket=${encodeURIComponent(String(ticket))}`, {
            signal: controller.signal,
          });
          const reader = response.body!.getReader();
          const decoder = new TextDecoder();
          let buffer = '';
          const done = (async () => {
            for (;;) {
              const chunk = await reader.read().catch(() => ({ done: true, value: undefined }));
              if (chunk.done) return;
              buffer += decoder.decode(chunk.value, { stream: true });
              const block = buffer.split('\n\n').find((part) => part.includes('event: notification'));
              const data = block?.split('\n').find((line) => line.startsWith('data: '));
              if (data) {
                const createdAt = Date.parse((JSON.parse(data.slice(6)) as { createdAt: string }).createdAt);
                arrivals.push(Date.now() - createdAt);
                return;
              }
            }
          })();
          return { controller, done };
        }),
      );
      await new Promise((resolve) => setTimeout(resolve, 500));
      await Promise.all(
        offers
          .slice(0, 200)
          .map((row) =>
            json(a.url, 'POST', `/api/offers/${row.id}/messages`, advertiser.token, { body: 'Hello from instance A' }),
          ),
      );
      await Promise.race([
        Promise.all(streams.map((stream) => stream.done)),
        new Promise((resolve) => setTimeout(resolve, 10_000)),
      ]);
      for (const stream of streams) stream.controller.abort();
      const p99 = Math.round(percentile(arrivals, 99));
      log(`  SSE across instances: ${arrivals.length}/${streams.length} streams reached, p99 ${p99} ms`);
      return {
        transport,
        userRps: { direct: userDirect, one: userOne, two: userTwo },
        offerRps: { direct: offerDirect, one: offerOne, two: offerTwo },
        sseP99Ms: p99,
        sseReached: arrivals.length,
        sseStreams: streams.length,
      };
    } finally {
      await proxy.close();
    }
  } finally {
    // The instances stop first (their jobs and ingesters use the schema dropped below).
    await Promise.all(
      children.map(
        ({ child }) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            child.once('exit', () => resolve());
            child.kill('SIGTERM');
            setTimeout(() => {
              child.kill('SIGKILL');
              resolve();
            }, 10_000).unref();
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
  console.log(JSON.stringify(await benchCluster()));
}
