// Twitch chat through EventSub (docs/product.md §Chat archive), against the EventSub stand-in (standins/eventsub.ts) and the
// Twitch stand-in serving its Helix routes: messages, notices and moderation archived as the IRC path archives them;
// Twitch moving a connection (session_reconnect) without a gap; a lost connection is a gap until the subscriptions are
// made again; a revocation ends the channel's reading with its reason on the screen; 200 channels on one instance
// within 300 subscriptions a connection and 3 connections; a conduit's shards shared by two instances on one
// PostgreSQL database and taken over when one stops; IRC as the fallback, its JOINs paced.
import type { ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emotesOf, eventSubLine, eventSubModeration } from '../../server/archive/eventsub-source.ts';
import {
  MAX_CONNECTIONS_PER_TOKEN,
  MAX_SUBSCRIPTIONS_PER_CONNECTION,
  WEBSOCKET_TYPES,
} from '../../server/archive/eventsub.ts';
import { joinPacer } from '../../server/archive/twitch-source.ts';
import { createOAuthStandIn, type OAuthStandIn } from '../../standins/oauth.ts';
import { STANDIN_BOT, startEventSubStandIn, type EventSubStandIn } from '../../standins/eventsub.ts';
import { SYNTHETIC_SESSION, startTwitchChatStandIn, type TwitchChatStandIn } from '../../standins/twitch-chat.ts';
import crypto from 'node:crypto';
import { createSealer, loadPayoutKey } from '../../server/money/sealing.ts';
import { twitchUserId } from '../../standins/eventsub.ts';
import { BACKENDS, makeBackend, startApp, until, type Backend, type Client } from './helpers.ts';
import { account, type Account } from './market.ts';
import { connect, serveStandIn, standInSettings, testClient } from './oauth-flow.ts';

const today = () => new Date().toISOString().slice(0, 10);

interface World {
  irc: TwitchChatStandIn;
  eventSub: EventSubStandIn;
  standIn: OAuthStandIn;
  server: ServerType;
  base: string;
  close(): Promise<void>;
}

async function world(
  options: Parameters<typeof startEventSubStandIn>[0] = {},
  helixPointsPerMinute?: number,
): Promise<World> {
  const irc = await startTwitchChatStandIn();
  const eventSub = await startEventSubStandIn({ irc, ...options });
  const standIn = createOAuthStandIn({
    ...testClient,
    eventSub,
    ...(helixPointsPerMinute ? { helixPointsPerMinute } : {}),
  });
  const { base, server } = await serveStandIn(standIn);
  return {
    irc,
    eventSub,
    standIn,
    server,
    base,
    async close() {
      server.close();
      await eventSub.close();
      await irc.close();
      standIn.close();
    },
  };
}

const settings = (w: World, extra: Record<string, string> = {}) => ({
  ...standInSettings(w.base),
  TWITCH_CHAT_URL: `ws://127.0.0.1:${w.irc.port}`,
  TWITCH_EVENTSUB_URL: w.eventSub.url,
  TWITCH_BOT_REFRESH_TOKEN: STANDIN_BOT.refreshToken,
  ...extra,
});

describe.each(BACKENDS)('Twitch chat through EventSub on %s', (backendName) => {
  let backend: Backend;
  let w: World;
  let api: Client;
  let creator: Account;
  const channel = `es_${backendName}`;
  const get = (path: string, who: Account = creator) => api.request('GET', path, { token: who.token });
  const written = () =>
    get(`/api/archive/days?platform=twitch&date=${today()}`).then(
      (a) => (a.body.days as { messages: number }[])[0]?.messages ?? 0,
    );
  const chatSubs = () =>
    w.eventSub
      .subscriptions()
      .filter((s) => s.status === 'enabled' && s.type.startsWith('channel.chat.'))
      .filter((s) => s.condition.broadcaster_user_id === creatorChannelId);
  let creatorChannelId = '';

  beforeAll(async () => {
    backend = await makeBackend(backendName);
    w = await world({ secondMs: 100 });
    // One instance: WebSocket (the conduit has its own test below).
    api = await startApp(backend, settings(w, { TWITCH_EVENTSUB_TRANSPORT: 'websocket' }));
    creator = await account(api, 'creator');
    expect((await connect(api, creator, 'twitch', channel)).get('connected')).toBe('twitch');
    creatorChannelId = (await api.castbridge.services.connections.account(creator.id, 'twitch'))!.platform_user_id;
  });
  afterAll(async () => {
    await api?.close();
    await w?.close();
    await backend?.cleanup();
  });

  it('archiving on subscribes the channel over EventSub; the synthetic session is stored as over IRC', async () => {
    expect(api.castbridge.services.eventSub?.transport).toBe('websocket');
    const on = await api.request('PUT', '/api/archive/settings', {
      token: creator.token,
      json: { platform: 'twitch', archiving: true },
    });
    expect(on.status, on.text).toBe(200);
    await until(
      async () => chatSubs().length,
      (n) => n === WEBSOCKET_TYPES.length,
    );
    await until(
      async () => api.castbridge.services.ingest.status(creator.id, 'twitch')?.connected,
      (c) => c === true,
    );
    // Nothing was read over IRC.
    expect(w.irc.joined()).not.toContain(channel);
    for (const line of SYNTHETIC_SESSION) w.eventSub.chat.line(channel, line);
    await until(written, (count) => count === 11);
    const page = await get(`/api/archive/messages?platform=twitch&date=${today()}`);
    const messages = page.body.messages as Record<string, unknown>[];
    expect(messages).toHaveLength(11);
    expect(messages[0]).toMatchObject({
      login: 'pixelpaladin',
      displayName: 'PixelPaladin',
      badges: 'subscriber/12,premium/1',
      color: '#1E90FF',
      kind: 'privmsg',
    });
    expect(messages.find((m) => m.login === 'cheerfulchen')).toMatchObject({ bits: 100 });
    expect(messages.find((m) => m.login === 'novafan')).toMatchObject({ kind: 'sub' });
    expect(messages.find((m) => m.login === 'unicode_uma')).toMatchObject({ text: 'ça va? これはテストです 🎮' });
    expect(messages.find((m) => m.login === 'spamsam')).toMatchObject({ moderated: true });
    expect((page.body.events as { kind: string }[]).map((e) => e.kind)).toEqual(['clearmsg', 'clearchat']);
  });

  const gaps = () =>
    get(`/api/archive/days?platform=twitch&date=${today()}`).then(
      (a) => (a.body.days as { gaps: number }[])[0]?.gaps ?? 0,
    );
  const status = () => api.castbridge.services.ingest.status(creator.id, 'twitch');
  const say = (text: string) => w.eventSub.chat.message(channel, { user: 'steady_sam', text });

  it('Twitch moving the connection (session_reconnect) keeps the subscriptions and loses nothing: no gap', async () => {
    const before = await written();
    const sessions = w.eventSub.sessions();
    const subs = chatSubs().map((s) => s.id);
    const welcomes = () => w.eventSub.stats.sent.session_welcome ?? 0;
    const welcomed = welcomes();
    w.eventSub.reconnect();
    // Messages while the client moves: on the old socket, then the new one.
    for (let i = 0; i < 5; i += 1) say(`moving ${i}`);
    // Moved: each session's reconnect_url was opened and welcomed (the stand-in sends the session's messages there now).
    await until(
      async () => welcomes(),
      (n) => n === welcomed + sessions.length,
    );
    for (let i = 0; i < 5; i += 1) say(`moved ${i}`);
    await until(written, (count) => count === before + 10);
    expect(w.eventSub.sessions()).toEqual(sessions);
    expect(chatSubs().map((s) => s.id)).toEqual(subs);
    expect(w.eventSub.stats.closed[4004] ?? 0).toBe(0);
    expect(status()).toMatchObject({ connected: true, gaps: 0 });
    expect(await gaps()).toBe(0);
  });

  it('a lost connection is a gap until the subscriptions are made again on a new one', async () => {
    const before = await written();
    w.eventSub.dropAll();
    await until(
      async () => status()?.connected,
      (c) => c === false,
    );
    // Twitch ended the old session's subscriptions with it; new ones on the new session.
    await until(
      async () => chatSubs().length,
      (n) => n === WEBSOCKET_TYPES.length,
    );
    await until(
      async () => status()?.connected,
      (c) => c === true,
    );
    say('after the loss');
    await until(written, (count) => count === before + 1);
    await until(gaps, (n) => n === 1);
    expect(status()?.gaps).toBe(1);
  });

  it('the bot’s grant revoked: Twitch revokes its subscriptions, reading ends with the reason shown, nothing retried', async () => {
    w.eventSub.revokeUser(STANDIN_BOT.login);
    await until(
      async () => (await get('/api/archive/days?platform=twitch')).body.channel as { problem: string | null },
      (c) => c.problem !== null,
    );
    const channelView = (await get('/api/archive/days?platform=twitch')).body.channel as Record<string, unknown>;
    expect(channelView.problem).toMatch(/connect Twitch again/);
    expect(status()?.connected).toBe(false);
    const posts = () => w.standIn.calls.helix['POST eventsub/subscriptions'] ?? 0;
    const made = posts();
    // No retry storm, shown by what comes after rather than by waiting: another creator's channel is subscribed (on a
    // new connection: the revoked channel's closed with it), then that connection is lost and made again, which
    // subscribes every channel it carries again. Both went by without a subscription asked for the revoked channel.
    const second = await account(api, 'creator');
    expect((await connect(api, second, 'twitch', `${channel}_second`)).get('connected')).toBe('twitch');
    const secondId = (await api.castbridge.services.connections.account(second.id, 'twitch'))!.platform_user_id;
    const secondSubs = () =>
      w.eventSub
        .subscriptions()
        .filter((s) => s.status === 'enabled' && s.type.startsWith('channel.chat.'))
        .filter((s) => s.condition.broadcaster_user_id === secondId);
    const secondConnected = () => api.castbridge.services.ingest.status(second.id, 'twitch')?.connected === true;
    const on = await api.request('PUT', '/api/archive/settings', {
      token: second.token,
      json: { platform: 'twitch', archiving: true },
    });
    expect(on.status, on.text).toBe(200);
    await until(
      async () => secondSubs().length === WEBSOCKET_TYPES.length && secondConnected(),
      (done) => done,
    );
    const first = w.eventSub.sessions();
    w.eventSub.dropAll();
    // Its subscriptions made again on a new session.
    await until(
      async () => {
        const now = secondSubs();
        return (
          now.length === WEBSOCKET_TYPES.length &&
          now.every((s) => s.transport.method === 'websocket' && !first.includes(s.transport.session_id)) &&
          secondConnected()
        );
      },
      (done) => done,
    );
    expect(posts()).toBe(made + 2 * WEBSOCKET_TYPES.length);
    expect(chatSubs()).toEqual([]);
    expect(status()).toMatchObject({ connected: false, problem: channelView.problem });
    expect((await api.request('GET', '/api/health')).status).toBe(200);
  });
});

/** `count` creators with a Twitch channel each and archiving on, written as the OAuth flow leaves them. */
async function archivedChannels(api: Client, prefix: string, count: number) {
  const { db, config } = api.castbridge.services;
  const sealer = createSealer(loadPayoutKey(config.payoutKey, config.dataDir));
  const stamp = new Date().toISOString();
  const logins = Array.from({ length: count }, (_, i) => `${prefix}${i}`);
  for (const login of logins) {
    const id = crypto.randomUUID();
    await db
      .insertInto('users')
      .values({
        id,
        email: `${login}@eventsub.example`,
        password_hash: null,
        firebase_uid: null,
        type_account: 'Influencer',
        role: 'creator',
        created_at: stamp,
        updated_at: stamp,
      })
      .execute();
    await db
      .insertInto('connected_accounts')
      .values({
        id: crypto.randomUUID(),
        user_id: id,
        platform: 'twitch',
        platform_user_id: twitchUserId(login),
        login,
        display_name: login,
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
  }
  return logins;
}

describe('200 channels on one instance over EventSub WebSocket', () => {
  let backend: Backend;
  let w: World;
  let api: Client;
  beforeAll(async () => {
    backend = await makeBackend('sqlite');
    w = await world({}, 5000);
    // Helix's 800 points a minute would make the 900 subscriptions take over a minute (the bench measures it with
    // Twitch's own figure); the connection and subscription limits are the subject here.
    api = await startApp(backend, settings(w, { TWITCH_POINTS_PER_MINUTE: '5000' }));
  });
  afterAll(async () => {
    await api?.close();
    await w?.close();
    await backend?.cleanup();
  });

  it('225 channels on 3 connections of at most 300 subscriptions; the 5 beyond are read over IRC', async () => {
    const logins = await archivedChannels(api, 'many_', 230);
    const eventSub = api.castbridge.services.eventSub!;
    await until(
      async () => eventSub.stats(),
      (stats) =>
        stats.connections.reduce((sum, c) => sum + c.subscriptions, 0) === 225 * WEBSOCKET_TYPES.length &&
        stats.unavailable === 5,
      // 920 subscriptions and 5 joins take about 12 s alone, over 30 s beside other suites on two cores, and past
      // 90 s in a full npm test on a slower machine (2026-12-01): a wait for the state, not a bound on its time.
      240_000,
    );
    const stats = eventSub.stats();
    expect(stats.connections).toHaveLength(MAX_CONNECTIONS_PER_TOKEN);
    for (const connection of stats.connections)
      expect(connection.subscriptions).toBeLessThanOrEqual(MAX_SUBSCRIPTIONS_PER_CONNECTION);
    // The stand-in refused nothing: every limit was kept by the client itself.
    expect(w.eventSub.stats.refused).toEqual({});
    expect(w.eventSub.sessions()).toHaveLength(MAX_CONNECTIONS_PER_TOKEN);
    // The five beyond are joined over IRC.
    await until(
      async () => logins.filter((login) => w.irc.joined().includes(login)).length,
      (n) => n === 5,
      30_000,
    );
    // Chat of a channel on each path is archived.
    const last = logins.at(-1)!;
    const first = logins[0]!;
    w.eventSub.chat.message(first, { user: 'viewer_one', text: 'over eventsub' });
    w.eventSub.chat.message(last, { user: 'viewer_two', text: 'over irc' });
    const count = (login: string) =>
      api.castbridge.services.db
        .selectFrom('chat_messages')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('channel_id', '=', twitchUserId(login))
        .executeTakeFirstOrThrow()
        .then((row) => Number(row.n));
    await until(
      () => count(first),
      (n) => n === 1,
      10_000,
    );
    await until(
      () => count(last),
      (n) => n === 1,
      10_000,
    );
  }, 360_000);
});

describe('a missed keepalive', () => {
  let backend: Backend;
  let w: World;
  let api: Client;
  let creator: Account;
  beforeAll(async () => {
    backend = await makeBackend('sqlite');
    // The stand-in's seconds last 2 s: its keepalive comes after 20 s of silence, where the session promised 10.
    w = await world({ secondMs: 2000 });
    api = await startApp(backend, settings(w));
    creator = await account(api, 'creator');
    expect((await connect(api, creator, 'twitch', 'quiet_channel')).get('connected')).toBe('twitch');
  });
  afterAll(async () => {
    await api?.close();
    await w?.close();
    await backend?.cleanup();
  });

  it('is a dead connection: the client connects again, its subscriptions made again, the silence a gap', async () => {
    await api.request('PUT', '/api/archive/settings', {
      token: creator.token,
      json: { platform: 'twitch', archiving: true },
    });
    const status = () => api.castbridge.services.ingest.status(creator.id, 'twitch');
    await until(
      async () => status()?.connected,
      (c) => c === true,
    );
    const [first] = w.eventSub.sessions();
    await until(
      async () => status()?.connected,
      (c) => c === false,
      15_000,
    );
    await until(
      async () => status()?.connected,
      (c) => c === true,
      10_000,
    );
    expect(w.eventSub.sessions()).not.toContain(first);
    expect(status()?.gaps).toBe(1);
  }, 40_000);
});

describe.each(BACKENDS)('a conduit on %s', (backendName) => {
  let backend: Backend;
  let w: World;
  let apps: Client[] = [];
  const creators: { who: Account; login: string }[] = [];
  const env = (extra: Record<string, string> = {}) =>
    settings(w, {
      TWITCH_CONDUIT_SHARDS: '4',
      // One instance on SQLite (the conduit asked for); two sharing PostgreSQL (the conduit by default).
      ...(backendName === 'sqlite' ? { TWITCH_EVENTSUB_TRANSPORT: 'conduit' } : {}),
      ...extra,
    });
  const stored = (api: Client, login: string) =>
    api.castbridge.services.db
      .selectFrom('chat_messages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('channel_id', '=', twitchUserId(login))
      .executeTakeFirstOrThrow()
      .then((row) => Number(row.n));
  const shardsServed = () => w.eventSub.conduits()[0]?.shards.filter((shard) => shard.status === 'enabled').length ?? 0;

  beforeAll(async () => {
    backend = await makeBackend(backendName);
    w = await world();
    apps.push(await startApp(backend, env()));
    if (backendName === 'postgres') apps.push(await startApp(backend, env()));
    for (let i = 0; i < 4; i += 1) {
      const login = `cond_${backendName}_${i}`;
      const who = await account(apps[0]!, 'creator');
      expect((await connect(apps[0]!, who, 'twitch', login)).get('connected')).toBe('twitch');
      await apps[0]!.request('PUT', '/api/archive/settings', {
        token: who.token,
        json: { platform: 'twitch', archiving: true },
      });
      creators.push({ who, login });
    }
  });
  afterAll(async () => {
    for (const api of apps) await api.close();
    await w?.close();
    await backend?.cleanup();
  });

  it('one conduit for the deployment; its shards served by the instances; every message stored once', async () => {
    expect(apps[0]!.castbridge.services.eventSub?.transport).toBe('conduit');
    await until(
      async () => shardsServed(),
      (n) => n === 4,
      20_000,
    );
    expect(w.eventSub.conduits()).toHaveLength(1);
    const row = await apps[0]!.castbridge.services.db.selectFrom('eventsub_conduits').selectAll().execute();
    expect(row).toEqual([expect.objectContaining({ conduit_id: w.eventSub.conduits()[0]!.id, shard_count: 4 })]);
    if (apps.length === 2) {
      // Shared out: each instance serves two shards.
      await until(
        async () => apps.map((api) => api.castbridge.services.eventSub!.stats().connections.length),
        (counts) => counts[0] === 2 && counts[1] === 2,
        20_000,
      );
    }
    // Each channel's five chat subscriptions on the conduit, once.
    await until(
      async () => w.eventSub.subscriptions().filter((s) => s.type.startsWith('channel.chat.')).length,
      (n) => n === 4 * 5,
      20_000,
    );
    for (const { login } of creators)
      for (let i = 0; i < 3; i += 1) w.eventSub.chat.message(login, { user: `fan${i}`, text: `hello ${i}` });
    for (const { login } of creators)
      await until(
        () => stored(apps[0]!, login),
        (n) => n === 3,
        10_000,
      );
    expect(w.eventSub.stats.dropped).toBe(0);
  });

  // Two instances share PostgreSQL; SQLite is one instance's own file, so there is none to hand over to.
  it.skipIf(backendName === 'sqlite')(
    'an instance that stops hands its shards and channels over: the other serves them all, nothing lost',
    async () => {
      expect(apps).toHaveLength(2);
      const [leaving, staying] = apps as [Client, Client];
      await leaving.close();
      apps = [staying];
      await until(
        async () => staying.castbridge.services.eventSub!.stats().connections.length,
        (n) => n === 4,
        30_000,
      );
      await until(
        async () => shardsServed(),
        (n) => n === 4,
        10_000,
      );
      for (const { login } of creators) w.eventSub.chat.message(login, { user: 'late_fan', text: 'still here' });
      for (const { login } of creators)
        await until(
          () => stored(staying, login),
          (n) => n === 4,
          10_000,
        );
      await until(
        async () => staying.castbridge.services.ingest.owned().length,
        (n) => n === 4,
        20_000,
      );
    },
    60_000,
  );

  it('a creator revoking Castbridge on Twitch ends their channel’s reading: the card says reconnect', async () => {
    const api = apps[0]!;
    const { who, login } = creators[0]!;
    w.standIn.revokeChannel('twitch', login);
    await until(
      async () => (await api.castbridge.services.connections.account(who.id, 'twitch'))?.status,
      (s) => s === 'reconnect',
      10_000,
    );
    await until(
      async () =>
        (await api.request('GET', '/api/archive/days?platform=twitch', { token: who.token })).body.channel as {
          problem: string | null;
        },
      (c) => /connect Twitch again/.test(c.problem ?? ''),
      15_000,
    );
    const others = w.eventSub.subscriptions().filter((s) => s.condition.broadcaster_user_id === twitchUserId(login));
    expect(others).toEqual([]);
    expect((await api.request('GET', '/api/health')).status).toBe(200);
  }, 40_000);
});

describe('IRC as the fallback', () => {
  it('paces JOINs at 20 per 10 s', async () => {
    const pacer = joinPacer(20, 400);
    const times: number[] = [];
    const started = Date.now();
    await Promise.all(Array.from({ length: 45 }, () => pacer.slot().then(() => times.push(Date.now() - started))));
    times.sort((a, b) => a - b);
    // No 21 JOINs within any window; the 45th after two windows.
    for (let i = 20; i < times.length; i += 1) expect(times[i]! - times[i - 20]!).toBeGreaterThanOrEqual(400);
    expect(times[44]).toBeGreaterThanOrEqual(800);
  });

  it('TWITCH_CHAT=irc reads the chat over IRC, as before', async () => {
    const backend = await makeBackend('sqlite');
    const w = await world();
    const api = await startApp(backend, settings(w, { TWITCH_CHAT: 'irc' }));
    try {
      expect(api.castbridge.services.eventSub).toBeNull();
      const creator = await account(api, 'creator');
      expect((await connect(api, creator, 'twitch', 'irc_channel')).get('connected')).toBe('twitch');
      await api.request('PUT', '/api/archive/settings', {
        token: creator.token,
        json: { platform: 'twitch', archiving: true },
      });
      await w.irc.waitForJoin('irc_channel');
      w.eventSub.chat.message('irc_channel', { user: 'old_school', text: 'hello over irc' });
      await until(
        async () =>
          (await api.request('GET', `/api/archive/messages?platform=twitch&date=${today()}`, { token: creator.token }))
            .body,
        (body) => (body.messages as unknown[] | undefined)?.length === 1,
      );
      expect(w.eventSub.subscriptions()).toEqual([]);
    } finally {
      await api.close();
      await w.close();
      await backend.cleanup();
    }
  });
});

describe('EventSub events as archive lines', () => {
  const at = Date.now();
  const message = (event: Record<string, unknown>, type = 'channel.chat.message') => ({
    type,
    messageId: 'n1',
    at,
    event: {
      message_id: 'm1',
      chatter_user_id: '42',
      chatter_user_login: 'Mixed_Case',
      chatter_user_name: 'Mixed_Case',
      message: { text: 'hi Kappa there Kappa', fragments: [] },
      ...event,
    },
  });

  it('maps a message with its badges, emotes and cheer as IRC writes them', () => {
    const fragments = [
      { type: 'text', text: 'hi ' },
      { type: 'emote', text: 'Kappa', emote: { id: '25' } },
      { type: 'text', text: ' there ' },
      { type: 'emote', text: 'Kappa', emote: { id: '25' } },
    ];
    expect(emotesOf(fragments)).toBe('25:3-7,15-19');
    expect(
      eventSubLine(
        message({
          badges: [
            { set_id: 'subscriber', id: '12', info: '14' },
            { set_id: 'premium', id: '1', info: '' },
          ],
          color: '',
          cheer: { bits: 100 },
          message: { text: 'hi Kappa there Kappa', fragments },
        }),
      ),
    ).toEqual({
      msgId: 'm1',
      sentAt: at,
      chatterId: '42',
      login: 'mixed_case',
      displayName: 'Mixed_Case',
      color: null,
      badges: 'subscriber/12,premium/1',
      emotes: '25:3-7,15-19',
      bits: 100,
      kind: 'privmsg',
      text: 'hi Kappa there Kappa',
    });
  });

  it('a notice is a line of its notice_type (the system message when it has no text)', () => {
    expect(
      eventSubLine(
        message(
          {
            notice_type: 'raid',
            system_message: '10 raiders from X have joined!',
            message: { text: '', fragments: [] },
          },
          'channel.chat.notification',
        ),
      ),
    ).toMatchObject({ kind: 'raid', text: '10 raiders from X have joined!' });
  });

  it('what Twitch never sends is skipped: no id, no chatter, a time days away, bits beyond the column', () => {
    expect(eventSubLine(message({ message_id: '' }))).toBeNull();
    expect(eventSubLine(message({ chatter_user_id: undefined }))).toBeNull();
    expect(eventSubLine({ ...message({}), at: at + 3 * 86_400_000 })).toBeNull();
    expect(eventSubLine({ ...message({}), at: Number.NaN })).toBeNull();
    expect(eventSubLine(message({ cheer: { bits: 2 ** 40 } }))).toBeNull();
    expect(eventSubLine(message({ message: { text: `a${String.fromCharCode(0)}b` } }))).toBeNull();
  });

  it('deletions and clears are moderation events', () => {
    expect(
      eventSubModeration({
        type: 'channel.chat.message_delete',
        messageId: 'x',
        at,
        event: { target_user_login: 'Rude', target_user_id: '7', message_id: 'm9' },
      }),
    ).toEqual({ kind: 'clearmsg', at, targetLogin: 'rude', targetMsgId: 'm9', duration: null });
    expect(
      eventSubModeration({
        type: 'channel.chat.clear_user_messages',
        messageId: 'x',
        at,
        event: { target_user_login: 'rude', target_user_id: '7' },
      }),
    ).toEqual({ kind: 'clearchat', at, targetLogin: 'rude', targetId: '7', targetMsgId: null, duration: null });
    expect(eventSubModeration({ type: 'channel.chat.clear', messageId: 'x', at, event: {} })).toMatchObject({
      kind: 'clearchat',
      targetLogin: null,
    });
  });
});
