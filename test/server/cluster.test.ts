// Several instances, one product (docs/product.md §Several instances): two server processes over one PostgreSQL — with Redis (pub/sub, BullMQ on
// Redis, Redis leases) and without it (LISTEN/NOTIFY, BullMQ on PostgreSQL, advisory locks) — behind the cluster's
// proxy. A notification raised on A reaches an SSE stream held by B within a second; notifications raised on both at
// once all reach it, and so does one raised while B's transport is disconnected; a password changed through A ends
// the stream B holds, and a ticket opens one stream on either instance, once; 200 withdrawals split across both
// leave the ledger sound with exactly the affordable ones paid; matching started on both at once makes no duplicate
// offer; the instance that ingests a channel is killed and the other takes over within 30 s, records the gap and
// stores nothing twice; an instance killed with -9 under load loses no acknowledged write.
import crypto from 'node:crypto';
import net from 'node:net';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import autocannon from 'autocannon';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenService } from '../../server/accounts/tokens.ts';
import { namespaceOf } from '../../server/cluster/index.ts';
import { startProxy, type ClusterProxy } from '../../server/cluster/proxy.ts';
import { openDatabase } from '../../server/db/connect.ts';
import type { Database } from '../../server/db/types.ts';
import { checkLedger } from '../../server/money/ledger.ts';
import { createSealer, loadPayoutKey } from '../../server/money/sealing.ts';
import { SYNTHETIC_SESSION, startTwitchChatStandIn, type TwitchChatStandIn } from '../../standins/twitch-chat.ts';
import { createUserStore } from '../../server/accounts/users.ts';
import {
  makeBackend,
  spawnServer,
  STRONG_PASSWORD,
  TEST_JWT_SECRET,
  testConfig,
  until,
  type Backend,
  type RunningServer,
} from './helpers.ts';
import { campaignInput, connectChannel, W9_FORM } from './market.ts';
import { sseReader } from './sse.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

interface Who {
  id: string;
  token: string;
}

/**
 * A TCP relay to Redis for one instance: `cut()` drops its connections and refuses new ones until `restore()` — that
 * instance loses Redis (its pub/sub with it) while the others keep it.
 */
async function redisRelay(url: string) {
  const target = new URL(url);
  const sockets = new Set<net.Socket>();
  let down = false;
  const server = net.createServer((client) => {
    if (down) {
      client.destroy();
      return;
    }
    const upstream = net.connect(Number(target.port || 6379), target.hostname);
    const close = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', close);
      socket.on('close', close);
    }
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `redis://127.0.0.1:${port}${target.pathname}`,
    cut() {
      down = true;
      for (const socket of sockets) socket.destroy();
    },
    restore() {
      down = false;
    },
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe.each(['redis', 'postgres'] as const)(
  'two instances over PostgreSQL (%s for pushes, jobs and locks)',
  (transport) => {
    let backend: Backend;
    let chat: TwitchChatStandIn;
    let a: RunningServer;
    let b: RunningServer;
    let proxy: ClusterProxy;
    let db: Kysely<Database>;
    let operator: Who;
    let relay: Awaited<ReturnType<typeof redisRelay>>;
    let seq = 0;
    // The instances' ids (in locks, and in the name of their LISTEN connection): unique, as PostgreSQL and Redis are
    // shared with other runs.
    const tag = crypto.randomBytes(3).toString('hex');
    const ids = { a: `a-${tag}`, b: `b-${tag}` };

    const env = (name: 'a' | 'b') => ({
      ...backend.env,
      JWT_SECRET: TEST_JWT_SECRET,
      SEED_DEMO: '0',
      RATE_LIMIT_SCALE: '1000',
      TRUST_PROXY: '1',
      CONTRACT_CHECK: '1',
      STANDINS: '0',
      TWITCH_CHAT_URL: `ws://127.0.0.1:${chat.port}`,
      INSTANCE_ID: ids[name],
      // B reaches Redis through a relay the tests can cut.
      ...(transport === 'redis' ? { REDIS_URL: name === 'b' ? relay.url : REDIS_URL } : {}),
    });
    const call = async (
      base: string,
      method: string,
      path: string,
      init: { token?: string; json?: unknown; headers?: Record<string, string> } = {},
    ) => {
      const response = await fetch(`${base}${path}`, {
        method,
        headers: {
          ...(init.json !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
          ...init.headers,
        },
        ...(init.json !== undefined ? { body: JSON.stringify(init.json) } : {}),
      });
      const text = await response.text();
      return { status: response.status, body: (text ? JSON.parse(text) : {}) as Record<string, unknown>, text };
    };
    /** An account written straight into the shared database, with a token. */
    async function account(
      role: 'creator' | 'advertiser' | 'operator',
      profile: Record<string, unknown> = {},
    ): Promise<Who> {
      seq += 1;
      const id = await createUserStore(db).create({
        email: `${transport}-${role}${seq}-${Date.now()}@example.com`,
        passwordHash: null,
        typeAccount: role === 'advertiser' ? 'Advertiser' : 'Influencer',
        role,
      });
      if (Object.keys(profile).length) await db.updateTable('users').set(profile).where('id', '=', id).execute();
      const tokens = await createTokenService(new TextEncoder().encode(TEST_JWT_SECRET));
      return { id, token: await tokens.issue(id, 0) };
    }
    async function advertiserWithFunds(): Promise<Who> {
      const advertiser = await account('advertiser');
      expect(
        (
          await call(a.url, 'PUT', '/api/advertiser/profile', {
            token: advertiser.token,
            json: {
              companyName: 'Nova Energy',
              website: 'https://nova.example',
              contactName: 'Nora',
              contactEmail: 'nora@nova.example',
            },
          })
        ).status,
      ).toBe(200);
      expect(
        (await call(b.url, 'POST', `/api/admin/advertisers/${advertiser.id}/approve`, { token: operator.token }))
          .status,
      ).toBe(200);
      expect(
        (
          await call(a.url, 'POST', '/api/admin/deposits', {
            token: operator.token,
            json: { advertiserId: advertiser.id, amountCents: 100_000_000, reference: 'WIRE' },
          })
        ).status,
      ).toBe(201);
      return advertiser;
    }
    const campaign = async (advertiser: Who, country: string, overrides: Record<string, unknown> = {}) => {
      const created = await call(a.url, 'POST', '/api/campaigns', {
        token: advertiser.token,
        json: campaignInput({ targeting: { ...campaignInput().targeting, countries: [country] }, ...overrides }),
      });
      expect(created.status, created.text).toBe(201);
      return (created.body.campaign as { id: string }).id;
    };
    const offersOf = (campaignId: string) =>
      db.selectFrom('offers').select(['id', 'creator_id', 'status']).where('campaign_id', '=', campaignId).execute();
    /** A deposit recorded through `server` (by the operator): the advertiser gets a notification from that instance. */
    const depositThrough = async (server: RunningServer, advertiser: Who, reference: string) => {
      const answer = await call(server.url, 'POST', '/api/admin/deposits', {
        token: operator.token,
        json: { advertiserId: advertiser.id, amountCents: 100, reference },
      });
      expect(answer.status, answer.text).toBe(201);
    };
    const notificationIds = async (userId: string) =>
      (await db.selectFrom('notifications').select('id').where('user_id', '=', userId).orderBy('id').execute()).map(
        (row) => Number(row.id),
      );
    /** `who`'s SSE stream held by `server` itself (not through the proxy), once it is ready. */
    async function streamOn(server: RunningServer, who: Who) {
      const ticket = (await call(server.url, 'POST', '/api/events/ticket', { token: who.token })).body.ticket as string;
      const reader = sseReader(
        await fetch(`${server.url}/api/events?ticket=${encodeURIComponent(ticket)}&lastEventId=0`),
      );
      expect((await reader.next(5000))?.event).toBe('ready');
      return {
        reader,
        /** The notifications' ids in the order they come, until `done` holds for them (or `timeoutMs` passed). */
        async until(done: (ids: number[]) => boolean, timeoutMs: number): Promise<number[]> {
          const got: number[] = [];
          const deadline = Date.now() + timeoutMs;
          while (!done(got)) {
            const event = await reader.next(Math.max(0, deadline - Date.now()));
            if (!event) break;
            if (event.event === 'notification') got.push((JSON.parse(event.data) as { id: number }).id);
          }
          return got;
        },
      };
    }

    beforeAll(async () => {
      backend = await makeBackend('postgres');
      chat = await startTwitchChatStandIn();
      relay = await redisRelay(REDIS_URL);
      a = await spawnServer(env('a'));
      b = await spawnServer(env('b'));
      proxy = await startProxy({ upstreams: [a.url, b.url] });
      db = openDatabase(testConfig(backend)).db;
      operator = await account('operator');
    }, 120_000);
    afterAll(async () => {
      await proxy?.close();
      await Promise.all([a?.stop(), b?.stop()]);
      await db?.destroy();
      await chat?.close();
      await relay?.close();
      if (transport === 'redis' && backend) {
        const redis = new Redis(REDIS_URL);
        const keys = await redis.keys(`${namespaceOf(testConfig(backend))}*`);
        if (keys.length) await redis.del(...keys);
        await redis.quit();
      }
      await backend?.cleanup();
    }, 60_000);

    // How fast it arrives is the bench's figure (bench/cluster.ts), not a bound here: a busy machine would fail it.
    it('a notification raised through instance A reaches the SSE stream held by instance B', async () => {
      const advertiser = await account('advertiser');
      const stream = await streamOn(b, advertiser);
      try {
        // Raised by a request that A handles (not a job, which either instance may run): it can only come through B's
        // transport.
        await depositThrough(a, advertiser, 'RAISED-ON-A');
        const [id] = await notificationIds(advertiser.id);
        expect(await stream.until((got) => got.length > 0, 5_000)).toEqual([id]);
      } finally {
        await stream.reader.close();
      }
    }, 60_000);

    it('notifications raised on both instances at once all reach the stream held by B, each once', async () => {
      const advertiser = await account('advertiser');
      const stream = await streamOn(b, advertiser);
      try {
        // B sends its own at once and A's a moment later, so a lower id often arrives after a higher one.
        await Promise.all(Array.from({ length: 40 }, (_, i) => depositThrough(i % 2 ? a : b, advertiser, `BOTH-${i}`)));
        const made = await notificationIds(advertiser.id);
        expect(made).toHaveLength(40);
        const got = await stream.until((ids) => made.every((id) => ids.includes(id)), 15_000);
        expect([...got].sort((x, y) => x - y)).toEqual(made);
      } finally {
        await stream.reader.close();
      }
    }, 60_000);

    it("a notification raised while B's transport is disconnected reaches B's stream once it is back", async () => {
      const advertiser = await account('advertiser');
      const stream = await streamOn(b, advertiser);
      try {
        await depositThrough(a, advertiser, 'BEFORE');
        const [before] = await notificationIds(advertiser.id);
        expect(await stream.until((got) => got.includes(before!), 5_000)).toEqual([before]);

        // B stops receiving: its Redis is cut (until restored), or its LISTEN connection is ended (it listens again after
        // a backoff of 500 ms).
        if (transport === 'redis') relay.cut();
        else {
          const { rows } = await sql<{
            cut: boolean;
          }>`select pg_terminate_backend(pid, 5000) as cut from pg_stat_activity where application_name = ${`castbridge-events-${ids.b}`}`.execute(
            db,
          );
          expect(rows.map((row) => row.cut)).toEqual([true]);
        }
        await depositThrough(a, advertiser, 'WHILE-CUT');
        const missed = (await notificationIds(advertiser.id)).at(-1)!;
        if (transport === 'postgres') {
          // Still not listening: A's NOTIFY went by without B.
          const { rows } = await sql<{
            n: string;
          }>`select count(*) as n from pg_stat_activity where application_name = ${`castbridge-events-${ids.b}`}`.execute(
            db,
          );
          expect(Number(rows[0]!.n)).toBe(0);
        } else {
          await new Promise((resolve) => setTimeout(resolve, 500));
          relay.restore();
        }
        expect(await stream.until((got) => got.includes(missed), 15_000)).toEqual([missed]);
      } finally {
        relay.restore();
        await stream.reader.close();
      }
    }, 60_000);

    it('a password changed through A ends the stream B holds, and it receives nothing after', async () => {
      const email = `${transport}-stream-${Date.now()}@example.com`;
      const registered = await call(a.url, 'POST', '/api/auth/register', {
        json: { email, password: STRONG_PASSWORD, type_account: 'Advertiser' },
      });
      expect(registered.status, registered.text).toBe(201);
      const row = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
      const who = { id: row.id, token: registered.body.token as string };
      const stream = await streamOn(b, who);
      try {
        const changed = await call(a.url, 'POST', '/api/auth/change-password', {
          token: who.token,
          json: { currentPassword: STRONG_PASSWORD, newPassword: 'Copper-Lantern-Meadow-77' },
        });
        expect(changed.status, changed.text).toBe(200);
        const ended = Date.now();
        await depositThrough(a, who, 'AFTER-THE-CHANGE');
        const got: string[] = [];
        while (Date.now() - ended < 5_000) {
          const event = await stream.reader.next(Math.max(0, 5_000 - (Date.now() - ended)));
          if (event) got.push(event.event);
          else if (stream.reader.ended) break;
        }
        expect(stream.reader.ended).toBe(true);
        expect(got).toEqual([]);
      } finally {
        await stream.reader.close();
      }
    }, 60_000);

    it('a ticket opens one stream: used on A, it is refused on B', async () => {
      const who = await account('creator');
      const ticket = (await call(a.url, 'POST', '/api/events/ticket', { token: who.token })).body.ticket as string;
      const first = await fetch(`${a.url}/api/events?ticket=${encodeURIComponent(ticket)}`);
      const reader = sseReader(first);
      try {
        expect((await reader.next(5000))?.event).toBe('ready');
        const second = await fetch(`${b.url}/api/events?ticket=${encodeURIComponent(ticket)}`);
        await second.body?.cancel();
        expect(second.status).toBe(401);
      } finally {
        await reader.close();
      }
    }, 60_000);

    it('200 concurrent withdrawals split across both instances: exactly the affordable 10 succeed, the ledger holds', async () => {
      const advertiser = await advertiserWithFunds();
      const creator = await account('creator', {
        language: 'English',
        country: 'Nauru',
        type_content: 'Speedruns on Twitch',
      });
      await connectChannel({ db, payoutKey: null, dataDir: backend.dataDir }, creator);
      const campaignId = await campaign(advertiser, 'Nauru', { payCents: 50_000, spots: 1 });
      expect(
        (await call(a.url, 'POST', `/api/campaigns/${campaignId}/launch`, { token: advertiser.token })).status,
      ).toBe(200);
      const [offer] = await until(
        () => offersOf(campaignId),
        (rows) => rows.length === 1,
        20_000,
      );
      expect((await call(b.url, 'POST', `/api/offers/${offer!.id}/accept`, { token: creator.token })).status).toBe(200);
      expect(
        (await call(a.url, 'POST', `/api/offers/${offer!.id}/confirm-delivery`, { token: advertiser.token })).status,
      ).toBe(200);
      expect(
        (
          await call(b.url, 'POST', '/api/payout-methods', {
            token: creator.token,
            json: { kind: 'paypal', email: 'ana@example.com' },
          })
        ).status,
      ).toBe(201);
      // A withdrawal needs a tax form on file (docs/product.md §Self-serve money).
      expect((await call(b.url, 'PUT', '/api/tax-form', { token: creator.token, json: W9_FORM })).status).toBe(200);

      const answers = await Promise.all(
        Array.from({ length: 200 }, (_, i) =>
          call(i % 2 ? a.url : b.url, 'POST', '/api/payouts', {
            token: creator.token,
            headers: { 'idempotency-key': `cluster-${transport}-${i}` },
            json: { amount_cents: 5_000 },
          }),
        ),
      );
      expect(answers.filter((answer) => answer.status === 201)).toHaveLength(10);
      for (const answer of answers.filter((x) => x.status !== 201))
        expect(answer.status, answer.text).toBeGreaterThanOrEqual(400);
      expect(answers.every((answer) => answer.status < 500)).toBe(true);
      const earnings = await call(a.url, 'GET', '/api/earnings', { token: creator.token });
      expect(earnings.body).toMatchObject({ availableCents: 0, inPayoutCents: 50_000 });
      expect((await checkLedger(db)).breaches).toEqual([]);
    }, 120_000);

    it('matching started on both instances at once creates no duplicate offer', async () => {
      const creators = await Promise.all(
        Array.from({ length: 12 }, () =>
          account('creator', { language: 'English', country: 'Palau', type_content: 'Speedruns on Twitch' }),
        ),
      );
      const advertiser = await advertiserWithFunds();
      const campaignId = await campaign(advertiser, 'Palau', { spots: 10 });
      // A launch on A, and every creator's profile change on B (each starts matching for that creator) at the same time.
      await Promise.all([
        call(a.url, 'POST', `/api/campaigns/${campaignId}/launch`, { token: advertiser.token }),
        ...creators.map((creator) =>
          call(b.url, 'PUT', '/api/profile', { token: creator.token, json: { about: 'Speedruns every night' } }),
        ),
      ]);
      const offers = await until(
        () => offersOf(campaignId),
        (rows) => rows.length === 12,
        30_000,
      );
      expect(new Set(offers.map((offer) => offer.creator_id)).size).toBe(offers.length);
      // Settled: no more offers come.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(await offersOf(campaignId)).toHaveLength(12);
    }, 60_000);

    it('the archive grew on the instance that ingests: the creator’s streams on both instances get the archive event', async () => {
      const creator = await account('creator');
      const channel = `signal_${transport}`;
      const sealer = createSealer(loadPayoutKey(null, backend.dataDir));
      const stamp = new Date().toISOString();
      const [onA, onB] = [await streamOn(a, creator), await streamOn(b, creator)];
      try {
        await db
          .insertInto('connected_accounts')
          .values({
            id: `ca-${channel}`,
            user_id: creator.id,
            platform: 'twitch',
            platform_user_id: `66${transport.length}0001`,
            login: channel,
            display_name: channel,
            scopes: 'chat:read',
            tokens_sealed: sealer.seal({ accessToken: 'a', refreshToken: 'r' }),
            expires_at: Date.now() + 3_600_000,
            status: 'connected',
            stand_in: 1,
            archiving: 1,
            created_at: stamp,
            updated_at: stamp,
          })
          .execute();
        // Picked up by one instance's reconciliation (every 5 s); the other hears of the archive through the transport.
        await chat.waitForJoin(channel, 20_000);
        await chat.replay(channel, SYNTHETIC_SESSION.slice(0, 4), 20);
        const archiveEvent = async (stream: Awaited<ReturnType<typeof streamOn>>) => {
          const deadline = Date.now() + 15_000;
          for (;;) {
            const event = await stream.reader.next(Math.max(1, deadline - Date.now()));
            if (!event) return null;
            if (event.event === 'archive') return { id: event.id, data: JSON.parse(event.data) as unknown };
          }
        };
        const expected = { id: undefined, data: { type: 'archive.updated', platform: 'twitch' } };
        expect(await archiveEvent(onA)).toEqual(expected);
        expect(await archiveEvent(onB)).toEqual(expected);
      } finally {
        await onA.reader.close();
        await onB.reader.close();
        // Off again, so that the next test's channel is the only one ingested.
        await db.updateTable('connected_accounts').set({ archiving: 0 }).where('id', '=', `ca-${channel}`).execute();
      }
    }, 60_000);

    it('the instance that ingests a channel dies: the other takes over within 30 s, records the gap, stores nothing twice', async () => {
      const creator = await account('creator');
      const channel = `cluster_${transport}`;
      const channelId = `77${transport.length}0001`;
      const sealer = createSealer(loadPayoutKey(null, backend.dataDir));
      const stamp = new Date().toISOString();
      await db
        .insertInto('connected_accounts')
        .values({
          id: `ca-${channel}`,
          user_id: creator.id,
          platform: 'twitch',
          platform_user_id: channelId,
          login: channel,
          display_name: channel,
          scopes: 'chat:read',
          tokens_sealed: sealer.seal({ accessToken: 'a', refreshToken: 'r' }),
          expires_at: Date.now() + 3_600_000,
          status: 'connected',
          stand_in: 1,
          archiving: 1,
          created_at: stamp,
          updated_at: stamp,
        })
        .execute();
      const stored = async () =>
        Number(
          (
            await db
              .selectFrom('chat_messages')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .where('user_id', '=', creator.id)
              .executeTakeFirstOrThrow()
          ).n,
        );
      const owner = async (): Promise<string | null> => {
        if (transport === 'redis') {
          const redis = new Redis(REDIS_URL);
          try {
            return await redis.get(`${namespaceOf(testConfig(backend))}:lock:ingest:twitch:${channelId}`);
          } finally {
            await redis.quit();
          }
        }
        const { rows } = await sql<{
          name: string;
        }>`select a.application_name as name from pg_locks l join pg_stat_activity a on a.pid = l.pid where l.locktype = 'advisory' and a.application_name like 'castbridge-locks-%' and l.objid = (hashtextextended(${`${namespaceOf(testConfig(backend))}:ingest:twitch:${channelId}`}, 0) & 4294967295)::oid`.execute(
          db,
        );
        return rows[0]?.name.replace('castbridge-locks-', '') ?? null;
      };
      // Picked up by one instance's reconciliation (every 5 s), not both.
      await chat.waitForJoin(channel, 20_000);
      const first = await until(owner, (id) => id === ids.a || id === ids.b, 10_000);
      // The other instance has looked for channels nobody ingests since (every 5 s) and found this one taken: one
      // connection reads the chat, not two.
      await new Promise((resolve) => setTimeout(resolve, 6_000));
      expect(chat.connections()).toBe(1);
      expect(await owner()).toBe(first);
      const lines = SYNTHETIC_SESSION.slice(0, 6);
      const messages = lines.filter((line) => / (PRIVMSG|USERNOTICE) /.test(line)).length;
      await chat.replay(channel, lines, 20);
      await until(stored, (n) => n === messages, 10_000);

      const killedAt = Date.now();
      await (first === ids.a ? a : b).kill();
      const takenBy = await until(owner, (id) => id !== null && id !== first, 30_000);
      expect(Date.now() - killedAt).toBeLessThanOrEqual(30_000);
      expect(takenBy).toBe(first === ids.a ? ids.b : ids.a);
      await chat.waitForJoin(channel, 10_000);
      // The synthetic lines again (the stand-in gives them fresh ids): stored once each, after the first ones.
      await chat.replay(channel, lines, 20);
      await until(stored, (n) => n === 2 * messages, 15_000);
      // The survivor recorded the takeover as a gap: from the last moment the dead one was known to receive, until then.
      const gaps = await db
        .selectFrom('chat_events')
        .selectAll()
        .where('user_id', '=', creator.id)
        .where('kind', '=', 'gap')
        .execute();
      const takeover = gaps.find(
        (gap) => gap.detail === 'taken over' && Number(gap.at) <= killedAt && Number(gap.until) > killedAt,
      );
      expect(takeover, JSON.stringify(gaps)).toBeDefined();
      const duplicates = await db
        .selectFrom('chat_messages')
        .select((eb) => ['msg_id', eb.fn.countAll<number>().as('n')])
        .where('user_id', '=', creator.id)
        .groupBy('msg_id')
        .having(sql`count(*)`, '>', 1)
        .execute();
      expect(duplicates).toEqual([]);
      // Bring the killed instance back for the next test.
      if (first === ids.a) a = await spawnServer(env('a'));
      else b = await spawnServer(env('b'));
      await proxy.close();
      proxy = await startProxy({ upstreams: [a.url, b.url] });
    }, 120_000);

    it('kill -9 of one instance under load through the proxy: requests fail over, no acknowledged write is lost', async () => {
      const advertiser = await advertiserWithFunds();
      const creator = await account('creator', {
        language: 'English',
        country: 'Kiribati',
        type_content: 'Speedruns on Twitch',
      });
      const campaignId = await campaign(advertiser, 'Kiribati');
      expect(
        (await call(proxy.url, 'POST', `/api/campaigns/${campaignId}/launch`, { token: advertiser.token })).status,
      ).toBe(200);
      const [offer] = await until(
        () => offersOf(campaignId),
        (rows) => rows.length === 1,
        20_000,
      );
      const acknowledged: string[] = [];
      let n = 0;
      // When B was gone (its process exited), and what the survivor answered to requests sent after that.
      let killedAt = Infinity;
      let servedAfter = 0;
      let sentToA = 0;
      const retriedBefore = proxy.stats().retried;
      // B is killed once 40 writes are acknowledged (not after a time, which a busy machine stretches), and the load
      // goes on to 400 requests in all.
      const killAfter = 40;
      const kill = () =>
        void b.kill().then(() => {
          killedAt = Date.now();
          sentToA = proxy.stats().sent[a.url] ?? 0;
        });
      const load = autocannon({
        url: proxy.url,
        connections: 16,
        amount: 400,
        requests: [
          {
            method: 'POST',
            path: `/api/offers/${offer!.id}/messages`,
            headers: { 'content-type': 'application/json', authorization: `Bearer ${creator.token}` },
            setupRequest: (request: Record<string, unknown>, context: Record<string, unknown>) => {
              context.text = `load ${transport} ${(n += 1)}`;
              context.sentAt = Date.now();
              return { ...request, body: JSON.stringify({ body: context.text }) };
            },
            onResponse: (status: number, _body: string, context: Record<string, unknown>) => {
              if (status !== 201 && status !== 200) return;
              acknowledged.push(String(context.text));
              if (acknowledged.length === killAfter) kill();
              if (Number(context.sentAt) > killedAt) servedAfter += 1;
            },
          },
        ],
      } as never);
      const result = (await load) as unknown as { non2xx: number; requests: { total: number } };
      const stored = await db.selectFrom('offer_messages').select('body').where('offer_id', '=', offer!.id).execute();
      const bodies = new Set(stored.map((row) => row.body));
      expect(acknowledged.length).toBeGreaterThan(killAfter);
      expect(acknowledged.filter((text) => !bodies.has(text))).toEqual([]);
      // Each stored once.
      expect(stored.length).toBe(bodies.size);
      // The load went on after the kill: the proxy sent requests to A, which acknowledged writes sent after B was gone,
      // and requests that found B's port closed were sent to A instead.
      expect(killedAt).toBeLessThan(Infinity);
      expect(proxy.stats().sent[a.url]).toBeGreaterThan(sentToA);
      expect(servedAfter).toBeGreaterThan(0);
      expect(proxy.stats().retried).toBeGreaterThan(retriedBefore);
      // Failures are only the requests that were inside B, or on a connection to it, when it died.
      expect(result.non2xx).toBeLessThanOrEqual(32);
    }, 60_000);
  },
);
