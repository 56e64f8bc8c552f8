// The archive tells the creator's open live streams when it grows (docs/product.md §Chat archive), on SQLite and PostgreSQL: a
// connected Twitch channel with archiving on is joined by the ingester on the stand-in chat server; once messages are
// written the creator's GET /api/events stream gets an `archive` event naming the platform (not stored, no id, throttled
// per channel), and another user's stream gets nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARCHIVE_SIGNAL_MS } from '../../contract/archive.ts';
import { createSealer, loadPayoutKey } from '../../server/money/sealing.ts';
import { throttle } from '../../server/archive/ingest.ts';
import { SYNTHETIC_SESSION, startTwitchChatStandIn, type TwitchChatStandIn } from '../../standins/twitch-chat.ts';
import { BACKENDS, makeBackend, startApp, type Backend, type Client } from './helpers.ts';
import { account, type Account } from './market.ts';
import { sseReader, type SseEvent } from './sse.ts';

async function connectTwitch(api: Client, creator: Account, login: string, channelId: string) {
  const { db, config } = api.castbridge.services;
  const sealer = createSealer(loadPayoutKey(config.payoutKey, config.dataDir));
  await db
    .insertInto('connected_accounts')
    .values({
      id: `ca-${login}`,
      user_id: creator.id,
      platform: 'twitch',
      platform_user_id: channelId,
      login,
      display_name: login,
      scopes: 'chat:read',
      tokens_sealed: sealer.seal({ accessToken: 'a', refreshToken: 'r' }),
      expires_at: Date.now() + 3_600_000,
      status: 'connected',
      stand_in: 1,
      created_at: new Date().toISOString(),
      updated_at: new Date().toISOString(),
    })
    .execute();
}

async function openStream(api: Client, who: Account) {
  const ticket = (await api.request('POST', '/api/events/ticket', { token: who.token })).body.ticket as string;
  const reader = sseReader(await api.castbridge.app.request(`/api/events?ticket=${encodeURIComponent(ticket)}`));
  expect((await reader.next(5000))?.event).toBe('ready');
  return reader;
}

/** The events that arrive within `ms`. */
async function during(reader: ReturnType<typeof sseReader>, ms: number): Promise<SseEvent[]> {
  const events: SseEvent[] = [];
  const deadline = Date.now() + ms;
  for (;;) {
    const event = await reader.next(Math.max(1, deadline - Date.now()));
    if (!event) return events;
    events.push(event);
  }
}

describe('the archive signal is throttled', () => {
  it('at once after a quiet spell, then at most once per wait, the last change always told', () => {
    let now = 0;
    const told: number[] = [];
    const timers: (() => void)[] = [];
    const realSetTimeout = globalThis.setTimeout;
    globalThis.setTimeout = ((fn: () => void) => {
      timers.push(fn);
      return { unref: () => {} };
    }) as never;
    try {
      const signal = throttle(
        () => told.push(now),
        ARCHIVE_SIGNAL_MS,
        () => now,
      );
      signal();
      now = 1000;
      signal();
      signal();
      expect(told).toEqual([0]);
      expect(timers).toHaveLength(1);
      now = ARCHIVE_SIGNAL_MS;
      timers.shift()!();
      expect(told).toEqual([0, ARCHIVE_SIGNAL_MS]);
      now = 3 * ARCHIVE_SIGNAL_MS;
      signal();
      expect(told).toEqual([0, ARCHIVE_SIGNAL_MS, 3 * ARCHIVE_SIGNAL_MS]);
    } finally {
      globalThis.setTimeout = realSetTimeout;
    }
  });
});

describe.each(BACKENDS)('the archive on the live stream on %s', (backendName) => {
  let backend: Backend;
  let api: Client;
  let chat: TwitchChatStandIn;
  let creator: Account;
  let other: Account;
  const channel = `live_${backendName}`;

  beforeAll(async () => {
    backend = await makeBackend(backendName);
    chat = await startTwitchChatStandIn();
    api = await startApp(backend, { TWITCH_CHAT_URL: `ws://127.0.0.1:${chat.port}` });
    creator = await account(api, 'creator');
    other = await account(api, 'creator');
    await connectTwitch(api, creator, channel, `8${backendName.length}002`);
  });
  afterAll(async () => {
    await api?.close();
    await chat?.close();
    await backend?.cleanup();
  });

  it('messages written: the creator’s stream gets an archive event for the platform; another user’s gets none', async () => {
    const mine = await openStream(api, creator);
    const theirs = await openStream(api, other);
    try {
      const on = await api.request('PUT', '/api/archive/settings', {
        token: creator.token,
        json: { platform: 'twitch', archiving: true },
      });
      expect(on.status, on.text).toBe(200);
      await chat.waitForJoin(channel);
      void chat.replay(channel, SYNTHETIC_SESSION);
      const events = await during(mine, ARCHIVE_SIGNAL_MS + 3000);
      const archive = events.filter((event) => event.event === 'archive');
      expect(archive.length).toBeGreaterThan(0);
      expect(JSON.parse(archive[0]!.data)).toEqual({ type: 'archive.updated', platform: 'twitch' });
      // Not stored: no id to resume from.
      expect(archive.every((event) => event.id === undefined)).toBe(true);
      // Throttled: a replayed session of 11 messages and a stream start make one or two signals, not one a message.
      expect(archive.length).toBeLessThanOrEqual(2);
      const days = await api.request('GET', '/api/archive/days?platform=twitch', { token: creator.token });
      expect((days.body.days as unknown[]).length).toBe(1);
      expect((await during(theirs, 500)).filter((event) => event.event === 'archive')).toEqual([]);
    } finally {
      await mine.close();
      await theirs.close();
    }
  });
});
