// Twitch chat through EventSub (docs/product.md §Chat archive), against the EventSub stand-in (server/standins/eventsub.ts) and the
// Twitch stand-in serving its Helix routes: messages, notices and moderation archived as the IRC path archives them;
// Twitch moving a connection (session_reconnect) without a gap; a lost connection is a gap until the subscriptions are
// made again; a revocation ends the channel's reading with its reason on the screen; 200 channels on one instance
// within 300 subscriptions a connection and 3 connections; a conduit's shards shared by two instances on one
// PostgreSQL database and taken over when one stops; IRC as the fallback, its JOINs paced.
import type { ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import { emotesOf, eventSubLine, eventSubModeration } from '../../server/archive/eventsub-source.ts';
import {
  MAX_CONNECTIONS_PER_TOKEN,
  MAX_SUBSCRIPTIONS_PER_CONNECTION,
  WEBSOCKET_TYPES,
} from '../../server/archive/eventsub.ts';
import { joinPacer } from '../../server/archive/twitch-source.ts';
import { createOAuthStandIn, type OAuthStandIn } from '../../server/standins/oauth.ts';
import { STANDIN_BOT, startEventSubStandIn, type EventSubStandIn } from '../../server/standins/eventsub.ts';
import { RECORDED_SESSION, startTwitchChatStandIn, type TwitchChatStandIn } from '../../server/standins/twitch-chat.ts';
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

async function world(options: Parameters<typeof startEventSubStandIn>[0] = {}): Promise<World> {
  const irc = await startTwitchChatStandIn();
  const eventSub = await startEventSubStandIn({ irc, ...options });
  const standIn = createOAuthStandIn({ ...testClient, eventSub });
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

  it('archiving on subscribes the channel over EventSub; the recorded session is stored as over IRC', async () => {
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
    for (const line of RECORDED_SESSION) w.eventSub.chat.line(channel, line);
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
    w.eventSub.reconnect();
    // Messages while the client moves: on the old socket, then the new one.
    for (let i = 0; i < 5; i += 1) say(`moving ${i}`);
    await until(
      async () => (w.eventSub.stats.closed[4004] ?? 0) + w.eventSub.sessions().length,
      () => true,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
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
    await new Promise((resolve) => setTimeout(resolve, 1500));
    // No retry storm: no subscription asked for again, and the server goes on.
    expect(posts()).toBe(made);
    expect(chatSubs()).toEqual([]);
    expect((await api.request('GET', '/api/health')).status).toBe(200);
  });
});
