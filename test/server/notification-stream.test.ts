// The live stream (GET /api/events) when notifications do not come in id order (docs/product.md §Several instances): on PostgreSQL a
// transaction that took a lower id can commit after a higher one was sent, and a stream must still send it — live,
// and to a client resuming with Last-Event-ID. When the cluster's transport loses its connection (LISTEN/NOTIFY, Redis
// pub/sub), what was pushed meanwhile never arrives: every open stream reads what it missed once it is back. And a
// stream lives no longer than its session (a password change, a reset or the account's deletion ends it), and a ticket
// opens one stream once.
import crypto from 'node:crypto';
import { sql } from 'kysely';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { namespaceOf } from '../../server/cluster/index.ts';
import { SESSION_RECHECK_MS } from '../../server/notifications/routes.ts';
import {
  BACKENDS,
  makeBackend,
  startApp,
  STRONG_PASSWORD,
  testConfig,
  uniqueEmail,
  type Backend,
  type Client,
} from './helpers.ts';
import { account, type Account } from './market.ts';
import { sseReader } from './sse.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

interface Sent {
  id: number;
  title: string;
}

async function openStream(api: Client, who: Account, lastEventId?: number) {
  const ticket = (await api.request('POST', '/api/events/ticket', { token: who.token })).body.ticket as string;
  const response = await api.castbridge.app.request(
    `/api/events?ticket=${encodeURIComponent(ticket)}`,
    lastEventId === undefined ? {} : { headers: { 'Last-Event-ID': String(lastEventId) } },
  );
  const reader = sseReader(response);
  expect((await reader.next(5000))?.event).toBe('ready');
  return {
    reader,
    /** The notifications that arrive within `timeoutMs`, until one titled `until` came. */
    async until(title: string, timeoutMs = 5000): Promise<Sent[]> {
      const got: Sent[] = [];
      const deadline = Date.now() + timeoutMs;
      while (!got.some((n) => n.title === title)) {
        const event = await reader.next(Math.max(0, deadline - Date.now()));
        if (!event) break;
        if (event.event === 'notification') got.push(JSON.parse(event.data) as Sent);
      }
      return got;
    },
  };
}

/** A notification made by `api` in a transaction held open until `commit()`: its id is taken now, its commit later. */
async function heldNotification(api: Client, who: Account, title: string) {
  const { db, services } = api.castbridge;
  let commit!: () => void;
  const committing = new Promise<void>((resolve) => (commit = resolve));
  let done: Promise<void> = Promise.resolve();
  const { id, announce } = await new Promise<{ id: number; announce: () => void }>((resolve, reject) => {
    done = db
      .transaction()
      .execute(async (trx) => {
        const announce = await services.notifier.create(trx, [{ userId: who.id, type: 'offer.new', title, text: 'x' }]);
        const row = await trx
          .selectFrom('notifications')
          .select('id')
          .where('user_id', '=', who.id)
          .where('title', '=', title)
          .executeTakeFirstOrThrow();
        resolve({ id: Number(row.id), announce });
        await committing;
      })
      .catch(reject);
  });
  return {
    id,
    /** Commits, then announces (what the caller of create does). */
    async commit() {
      commit();
      await done;
      announce();
    },
  };
}

async function notify(api: Client, who: Account, title: string): Promise<number> {
  const { db, services } = api.castbridge;
  const announce = await db
    .transaction()
    .execute((trx) => services.notifier.create(trx, [{ userId: who.id, type: 'offer.new', title, text: 'x' }]));
  announce();
  const row = await db
    .selectFrom('notifications')
    .select('id')
    .where('user_id', '=', who.id)
    .where('title', '=', title)
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

describe.each(BACKENDS)('a live stream and its session on %s', (backendName) => {
  let api: Client;
  let backend: Backend;

  beforeAll(async () => {
    backend = await makeBackend(backendName);
    api = await startApp(backend);
  }, 60_000);
  afterAll(async () => {
    await api?.close();
    await backend?.cleanup();
  });

  /** An account with a password (registered through the API), its id and token. */
  async function registered(): Promise<Account & { email: string }> {
    const email = uniqueEmail('stream');
    const answer = await api.request('POST', '/api/auth/register', {
      json: { email, password: STRONG_PASSWORD, type_account: 'Influencer' },
    });
    expect(answer.status, answer.text).toBe(201);
    const id = (await api.castbridge.services.users.idByEmail(email))!;
    return { id, email, token: answer.body.token as string };
  }

  /** Reads until the stream ends (true) or `timeoutMs` passes (false); notifications read meanwhile go to `got`. */
  async function ends(reader: ReturnType<typeof sseReader>, got: string[], timeoutMs = 3000): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const event = await reader.next(Math.max(0, deadline - Date.now()));
      if (event?.event === 'notification') got.push((JSON.parse(event.data) as Sent).title);
      if (!event && reader.ended) return true;
    }
    return false;
  }

  it('a stream opened before a password change ends, and receives nothing after it', async () => {
    const user = await registered();
    const stream = await openStream(api, user, 0);
    try {
      const changed = await api.request('POST', '/api/auth/change-password', {
        token: user.token,
        json: { currentPassword: STRONG_PASSWORD, newPassword: 'Copper-Lantern-Meadow-77' },
      });
      expect(changed.status, changed.text).toBe(200);
      await notify(api, user, 'After the change');
      const got: string[] = [];
      expect(await ends(stream.reader, got)).toBe(true);
      expect(got).toEqual([]);
    } finally {
      await stream.reader.close();
    }
    expect(api.castbridge.services.bus.size()).toBe(0);
  });

  it("deleting the account ends its streams; another account's stream stays open", async () => {
    const user = await registered();
    const bystander = await account(api, 'creator');
    const stream = await openStream(api, user, 0);
    const other = await openStream(api, bystander, 0);
    try {
      const deleted = await api.request('DELETE', '/api/user', {
        token: user.token,
        json: { password: STRONG_PASSWORD },
      });
      expect(deleted.status, deleted.text).toBe(200);
      expect(await ends(stream.reader, [])).toBe(true);
      await notify(api, bystander, 'Still here');
      expect((await other.until('Still here')).map((n) => n.title)).toEqual(['Still here']);
    } finally {
      await stream.reader.close();
      await other.reader.close();
    }
  });

  it('a stream whose session ended unannounced (the news was lost) ends at its next periodic check', async () => {
    const user = await account(api, 'creator');
    // Only the periodic check's clock is faked; the stream's own timers run as usual.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const stream = await openStream(api, user, 0);
      try {
        // What a password change does to the row, without telling anyone.
        await api.castbridge.db
          .updateTable('users')
          .set((eb) => ({ token_version: eb('token_version', '+', 1) }))
          .where('id', '=', user.id)
          .execute();
        expect(await ends(stream.reader, [], 500)).toBe(false);
        vi.advanceTimersByTime(SESSION_RECHECK_MS);
        expect(await ends(stream.reader, [])).toBe(true);
      } finally {
        await stream.reader.close();
      }
    } finally {
      vi.useRealTimers();
    }
  });

  it('a ticket opens one stream, once', async () => {
    const user = await account(api, 'creator');
    const ticket = (await api.request('POST', '/api/events/ticket', { token: user.token })).body.ticket as string;
    const first = await api.castbridge.app.request(`/api/events?ticket=${encodeURIComponent(ticket)}`);
    expect(first.status).toBe(200);
    const reader = sseReader(first);
    try {
      expect((await reader.next(5000))?.event).toBe('ready');
      const second = await api.castbridge.app.request(`/api/events?ticket=${encodeURIComponent(ticket)}`);
      await second.body?.cancel();
      expect(second.status).toBe(401);
      // Two at once: one opens, the other is refused.
      const fresh = (await api.request('POST', '/api/events/ticket', { token: user.token })).body.ticket as string;
      const both = await Promise.all(
        [0, 1].map(() => api.castbridge.app.request(`/api/events?ticket=${encodeURIComponent(fresh)}`)),
      );
      expect(both.map((response) => response.status).sort()).toEqual([200, 401]);
      await Promise.all(both.map((response) => response.body?.cancel()));
    } finally {
      await reader.close();
    }
  });
});

describe('the live stream on PostgreSQL, notifications committed out of id order', () => {
  let backend: Backend;
  let api: Client;

  beforeAll(async () => {
    backend = await makeBackend('postgres');
    api = await startApp(backend);
  }, 60_000);
  afterAll(async () => {
    await api?.close();
    await backend?.cleanup();
  });

  it('a lower id that commits after a higher one was sent still reaches the open stream', async () => {
    const creator = await account(api, 'creator');
    const stream = await openStream(api, creator, 0);
    try {
      const late = await heldNotification(api, creator, 'Late');
      const early = await notify(api, creator, 'Early');
      expect(early).toBeGreaterThan(late.id);
      expect((await stream.until('Early')).map((n) => n.title)).toEqual(['Early']);
      await late.commit();
      expect((await stream.until('Late')).map((n) => n.id)).toEqual([late.id]);
    } finally {
      await stream.reader.close();
    }
  });

  it('a client resuming after the higher id gets the lower one committed while it was away, each id once', async () => {
    const creator = await account(api, 'creator');
    const first = await openStream(api, creator, 0);
    const late = await heldNotification(api, creator, 'Late');
    const early = await notify(api, creator, 'Early');
    expect((await first.until('Early')).map((n) => n.id)).toEqual([early]);
    await first.reader.close();
    // Committed (and pushed to nobody) while the client is away.
    await late.commit();
    const again = await openStream(api, creator, early);
    try {
      const after = await notify(api, creator, 'After');
      const got = await again.until('After');
      expect(got.map((n) => n.id)).toEqual([late.id, after]);
    } finally {
      await again.reader.close();
    }
  });

  it('a resuming client is not sent notifications made long before the one it names', async () => {
    const creator = await account(api, 'creator');
    const { db } = api.castbridge;
    const old = await notify(api, creator, 'Old');
    await db
      .updateTable('notifications')
      .set({ created_at: new Date(Date.now() - 3_600_000).toISOString() })
      .where('id', '=', old)
      .execute();
    const newest = await notify(api, creator, 'Newest');
    const stream = await openStream(api, creator, newest);
    try {
      await notify(api, creator, 'Next');
      expect((await stream.until('Next')).map((n) => n.title)).toEqual(['Next']);
    } finally {
      await stream.reader.close();
    }
  });
});

describe.each(['postgres', 'redis'] as const)(
  'open streams after the cluster transport (%s) lost its connection',
  (transport) => {
    let backend: Backend;
    let api: Client;
    const instanceId = `stream-${transport}-${crypto.randomBytes(3).toString('hex')}`;

    beforeAll(async () => {
      backend = await makeBackend('postgres');
      api = await startApp(backend, { INSTANCE_ID: instanceId, ...(transport === 'redis' ? { REDIS_URL } : {}) });
    }, 60_000);
    afterAll(async () => {
      await api?.close();
      if (transport === 'redis' && backend) {
        const redis = new Redis(REDIS_URL);
        const keys = await redis.keys(`${namespaceOf(testConfig(backend))}*`);
        if (keys.length) await redis.del(...keys);
        await redis.quit();
      }
      await backend?.cleanup();
    });

    /** Cuts the connection this instance receives cluster messages on; resolves once it was cut. */
    async function cutTransport() {
      const name = `castbridge-events-${instanceId}`;
      if (transport === 'postgres') {
        const { rows } = await sql<{
          cut: boolean;
        }>`select pg_terminate_backend(pid, 5000) as cut from pg_stat_activity where application_name = ${name}`.execute(
          api.castbridge.db,
        );
        expect(rows.map((row) => row.cut)).toEqual([true]);
        return;
      }
      const redis = new Redis(REDIS_URL);
      try {
        const clients = String(await redis.client('LIST'))
          .split('\n')
          .filter((line) => line.includes(` name=${name} `));
        expect(clients).toHaveLength(1);
        const id = /(?:^| )id=(\d+)/.exec(clients[0]!)![1]!;
        expect(await redis.client('KILL', 'ID', id)).toBe(1);
      } finally {
        await redis.quit();
      }
    }

    it('a notification whose push was lost meanwhile reaches the open stream once the transport is back', async () => {
      const creator = await account(api, 'creator');
      const stream = await openStream(api, creator, 0);
      try {
        const seen = await notify(api, creator, 'Before');
        expect((await stream.until('Before')).map((n) => n.id)).toEqual([seen]);
        // Another instance stored this one and pushed it while this instance was not listening: the push is lost (here
        // it is never sent at all), only the database has it.
        const stamp = new Date().toISOString();
        await api.castbridge.db
          .insertInto('notifications')
          .values({
            user_id: creator.id,
            type: 'offer.new',
            title: 'Missed',
            text: 'x',
            offer_id: null,
            link: null,
            created_at: stamp,
          })
          .execute();
        await cutTransport();
        const got = await stream.until('Missed', 15_000);
        expect(got.map((n) => n.title)).toEqual(['Missed']);
      } finally {
        await stream.reader.close();
      }
    }, 30_000);
  },
);
