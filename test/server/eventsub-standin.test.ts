// The Twitch stand-in enforces Twitch's limits and speaks EventSub (standins/eventsub.ts, oauth.ts,
// twitch-chat.ts): the WebSocket protocol (welcome with keepalive_timeout_seconds, keepalive, notification,
// session_reconnect keeping the session and its subscriptions, revocation, 4001, 4003, 4004, 4007), Helix
// subscriptions (202, 400, 403, 409, 429 for the 4th WebSocket of a user token and the 301st subscription of a
// session), conduits and shards (≤ 5, a broadcaster's events on one enabled shard, another when it is down), chat
// produced once reaching IRC and EventSub with Twitch's payloads, the demo's synthetic session as events, a revoked
// grant, Helix's 429 with its headers when a token's bucket is spent, and IRC's 20 JOINs per 10 s.
import crypto from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { STANDIN_CLIENT } from '../../standins/oauth.ts';
import { startEventSubStandIn, STANDIN_BOT, twitchUserId, type EventSubStandIn } from '../../standins/eventsub.ts';
import { createOAuthStandIn, standInChannelId, type OAuthStandIn } from '../../standins/oauth.ts';
import { takeViolations } from '../../standins/published/conformance.ts';
import { startTwitchChatStandIn, type TwitchChatStandIn } from '../../standins/twitch-chat.ts';

const REDIRECT = 'http://127.0.0.1:3000/api/connections/callback';
const CLIENT = { client_id: STANDIN_CLIENT.clientId, client_secret: STANDIN_CLIENT.clientSecret };

interface Message {
  metadata: Record<string, string>;
  payload: Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** An EventSub client as a test drives it: its messages in order, and how it closed. */
class Client {
  socket: WebSocket;
  messages: Message[] = [];
  closed: Promise<{ code: number; reason: string }>;
  private waiters: (() => void)[] = [];
  constructor(url: string) {
    this.socket = new WebSocket(url);
    this.socket.on('message', (data) => {
      this.messages.push(JSON.parse(data.toString()) as Message);
      for (const wake of this.waiters.splice(0)) wake();
    });
    this.closed = new Promise((resolve) =>
      this.socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );
  }
  /** The next message of `type` after the `from`th, waiting for it. */
  async next(type: string, from = 0, timeoutMs = 3000): Promise<Message> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.messages.slice(from).find((m) => m.metadata.message_type === type);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no ${type} within ${timeoutMs} ms`);
      // Woken by the next message, or after 50 ms to look at the deadline: a poll for a message of `type`.
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
  }
  of(type: string) {
    return this.messages.filter((m) => m.metadata.message_type === type);
  }
  async session(): Promise<string> {
    return (await this.next('session_welcome')).payload.session.id as string;
  }
}

let eventSub: EventSubStandIn;
let standIn: OAuthStandIn;
let irc: TwitchChatStandIn | null = null;
const clients: Client[] = [];
const open = (url = eventSub.url) => {
  const client = new Client(url);
  clients.push(client);
  return client;
};

async function setup(
  options: Parameters<typeof startEventSubStandIn>[0] = {},
  extra: { helixPointsPerMinute?: number } = {},
) {
  eventSub = await startEventSubStandIn(options);
  standIn = createOAuthStandIn({ redirectUris: () => [REDIRECT], eventSub, ...extra });
}

afterEach(async () => {
  for (const client of clients.splice(0)) client.socket.terminate();
  await eventSub?.close();
  standIn?.close();
  await irc?.close();
  irc = null;
});

const form = (path: string, fields: Record<string, string>) =>
  standIn.app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });

/** A user's token through the consent page with `scope`. */
async function userToken(channel: string, scope: string): Promise<string> {
  const decided = await form('/twitch/oauth2/authorize/decide', {
    client_id: CLIENT.client_id,
    redirect_uri: REDIRECT,
    state: 's',
    scope,
    channel,
    decision: 'allow',
  });
  const code = new URL(decided.headers.get('location')!).searchParams.get('code')!;
  const exchanged = await form('/twitch/oauth2/token', {
    ...CLIENT,
    grant_type: 'authorization_code',
    code,
    redirect_uri: REDIRECT,
  });
  return ((await exchanged.json()) as { access_token: string }).access_token;
}
/** The bot's token: its refresh token is honoured always. */
async function botToken(): Promise<string> {
  const refreshed = await form('/twitch/oauth2/token', {
    ...CLIENT,
    grant_type: 'refresh_token',
    refresh_token: STANDIN_BOT.refreshToken,
  });
  expect(refreshed.status).toBe(200);
  const body = (await refreshed.json()) as { access_token: string; scope: string[] };
  expect(body.scope).toEqual(['user:read:chat', 'user:bot', 'user:write:chat']);
  return body.access_token;
}
async function appToken(): Promise<string> {
  const answered = await form('/twitch/oauth2/token', { ...CLIENT, grant_type: 'client_credentials' });
  return ((await answered.json()) as { access_token: string }).access_token;
}
const helix = (method: string, path: string, token: string, body?: unknown) =>
  standIn.app.request(`/twitch/helix/${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      'client-id': CLIENT.client_id,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
const BOT_ID = twitchUserId(STANDIN_BOT.login);
const chatSubscription = (channel: string, transport: Record<string, string>, type = 'channel.chat.message') => ({
  type,
  version: '1',
  condition: { broadcaster_user_id: standInChannelId('twitch', channel), user_id: BOT_ID },
  transport,
});
const subscribe = (token: string, session: string, channel: string, type?: string) =>
  helix(
    'POST',
    'eventsub/subscriptions',
    token,
    chatSubscription(channel, { method: 'websocket', session_id: session }, type),
  );

describe('EventSub WebSocket', () => {
  it('welcomes with a session id and the keepalive asked for (10–600, nearest when outside), then keeps alive in silence', async () => {
    await setup({ secondMs: 20 });
    const plain = open();
    const welcome = await plain.next('session_welcome');
    expect(welcome.metadata).toMatchObject({ message_type: 'session_welcome' });
    expect(welcome.metadata.message_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(welcome.metadata.message_timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{9}Z$/);
    expect(welcome.payload.session).toMatchObject({
      status: 'connected',
      keepalive_timeout_seconds: 10,
      reconnect_url: null,
    });
    expect(typeof welcome.payload.session.id).toBe('string');
    const low = open(`${eventSub.url}?keepalive_timeout_seconds=3`);
    const high = open(`${eventSub.url}?keepalive_timeout_seconds=900`);
    const mid = open(`${eventSub.url}?keepalive_timeout_seconds=30`);
    expect((await low.next('session_welcome')).payload.session.keepalive_timeout_seconds).toBe(10);
    expect((await high.next('session_welcome')).payload.session.keepalive_timeout_seconds).toBe(600);
    expect((await mid.next('session_welcome')).payload.session.keepalive_timeout_seconds).toBe(30);
    // 10 "seconds" of 20 ms: a keepalive after 200 ms of silence, and none from the 30-second one yet.
    const keepalive = await plain.next('session_keepalive', 0, 2000);
    expect(keepalive.payload).toEqual({});
    expect(mid.of('session_keepalive')).toHaveLength(0);
    expect(plain.of('session_welcome')[0]!.payload.session.id).not.toBe(
      mid.of('session_welcome')[0]!.payload.session.id,
    );
  });

  it('notifies a subscription with Twitch payloads, chat produced once reaching IRC too; a client message closes 4001', async () => {
    irc = await startTwitchChatStandIn();
    await setup({ irc });
    const bot = await botToken();
    const client = open();
    const session = await client.session();
    const created = await subscribe(bot, session, 'streamer_one');
    expect(created.status).toBe(202);
    const body = (await created.json()) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    expect(body).toMatchObject({ total: 1, total_cost: 0, max_total_cost: 10 });
    expect(body.data[0]).toMatchObject({
      status: 'enabled',
      type: 'channel.chat.message',
      version: '1',
      cost: 0,
      condition: { broadcaster_user_id: standInChannelId('twitch', 'streamer_one'), user_id: BOT_ID },
      transport: { method: 'websocket', session_id: session },
    });
    // An IRC reader of the same channel.
    const reader = new WebSocket(`ws://127.0.0.1:${irc.port}`);
    const lines: string[] = [];
    reader.on('message', (data) => lines.push(data.toString()));
    await new Promise((resolve) => reader.on('open', resolve));
    reader.send('NICK justinfan123\r\nJOIN #streamer_one\r\n');
    await irc.waitForJoin('streamer_one');

    const id = eventSub.chat.message('streamer_one', {
      user: 'CheerfulChen',
      text: 'Cheer100 hello @streamer_one',
      bits: 100,
      badges: 'subscriber/3',
      color: '#9ACD32',
    });
    const note = await client.next('notification');
    expect(note.metadata).toMatchObject({ subscription_type: 'channel.chat.message', subscription_version: '1' });
    expect(note.payload.subscription).toMatchObject({
      id: body.data[0].id,
      transport: { method: 'websocket', session_id: session },
    });
    expect(note.payload.event).toMatchObject({
      broadcaster_user_id: standInChannelId('twitch', 'streamer_one'),
      broadcaster_user_login: 'streamer_one',
      chatter_user_id: twitchUserId('cheerfulchen'),
      chatter_user_login: 'cheerfulchen',
      chatter_user_name: 'CheerfulChen',
      message_id: id,
      message_type: 'text',
      color: '#9ACD32',
      badges: [{ set_id: 'subscriber', id: '3', info: '' }],
      cheer: { bits: 100 },
      reply: null,
    });
    expect(note.payload.event.message.text).toBe('Cheer100 hello @streamer_one');
    expect(note.payload.event.message.fragments.map((f: { type: string }) => f.type)).toEqual([
      'cheermote',
      'text',
      'mention',
    ]);
    await expect.poll(() => lines.join('\n')).toContain(`id=${id}`);
    expect(lines.join('\n')).toContain('PRIVMSG #streamer_one :Cheer100 hello @streamer_one');
    reader.terminate();

    // Moderation: a whole clear, a user's messages, one message.
    const clears = await subscribe(bot, session, 'streamer_one', 'channel.chat.clear');
    await subscribe(bot, session, 'streamer_one', 'channel.chat.clear_user_messages');
    await subscribe(bot, session, 'streamer_one', 'channel.chat.message_delete');
    await subscribe(bot, session, 'streamer_one', 'channel.chat.notification');
    expect(clears.status).toBe(202);
    eventSub.chat.clear('streamer_one');
    eventSub.chat.clearUser('streamer_one', 'SpamSam', 600);
    eventSub.chat.deleteMessage('streamer_one', id, 'cheerfulchen');
    eventSub.chat.notice('streamer_one', { user: 'NovaFan', kind: 'raid', viewers: 42 });
    await expect.poll(() => client.of('notification').length).toBe(5);
    const [, clear, user, deleted, raid] = client.of('notification');
    expect(clear!.payload.event).toEqual({
      broadcaster_user_id: standInChannelId('twitch', 'streamer_one'),
      broadcaster_user_login: 'streamer_one',
      broadcaster_user_name: 'streamer_one',
    });
    expect(user!.metadata.subscription_type).toBe('channel.chat.clear_user_messages');
    expect(user!.payload.event).toMatchObject({
      target_user_login: 'spamsam',
      target_user_id: twitchUserId('spamsam'),
    });
    expect(deleted!.payload.event).toMatchObject({ target_user_login: 'cheerfulchen', message_id: id });
    expect(raid!.payload.event).toMatchObject({
      notice_type: 'raid',
      chatter_user_login: 'novafan',
      raid: { user_login: 'novafan', viewer_count: 42 },
      sub: null,
    });

    client.socket.send('hello');
    expect(await client.closed).toEqual({ code: 4001, reason: 'client sent inbound traffic' });
    // Its subscriptions are disabled with it.
    await expect
      .poll(async () => {
        const listed = (await (await helix('GET', 'eventsub/subscriptions', bot)).json()) as {
          data: { status: string }[];
        };
        return [...new Set(listed.data.map((s) => s.status))];
      })
      .toEqual(['websocket_received_inbound_traffic']);
  });

  it('closes 4003 a connection with no subscription within the grace; one with a subscription stays', async () => {
    await setup({ unusedGraceMs: 200 });
    const bot = await botToken();
    const idle = open();
    const used = open();
    await idle.session();
    expect((await subscribe(bot, await used.session(), 'streamer_one')).status).toBe(202);
    expect(await idle.closed).toEqual({ code: 4003, reason: 'connection unused' });
    // The grace of a connection opened after `used` had its welcome, and left unused: it ends after `used`'s (timers of
    // one length fire in the order they were set), so once that one is closed 4003, `used`'s grace is over too.
    const later = open();
    await later.session();
    expect(await later.closed).toEqual({ code: 4003, reason: 'connection unused' });
    expect(eventSub.stats.closed[4003]).toBe(2);
    expect(used.socket.readyState).toBe(WebSocket.OPEN);
    // And it is still served.
    eventSub.chat.message('streamer_one', { user: 'viewer', text: 'still here' });
    expect((await used.next('notification')).payload.event.message.text).toBe('still here');
    // A closed session takes no subscription.
    const late = await subscribe(bot, idle.of('session_welcome')[0]!.payload.session.id, 'streamer_one');
    expect(late.status).toBe(400);
    expect(await late.json()).toEqual({
      error: 'Bad Request',
      status: 400,
      message: 'websocket transport session does not exist or has already disconnected',
    });
  });

  it('reconnects to the same session with its subscriptions; the old socket left open closes 4004; a bad reconnect_url 4007', async () => {
    await setup({ reconnectGraceMs: 300 });
    const bot = await botToken();
    const first = open();
    const session = await first.session();
    expect((await subscribe(bot, session, 'streamer_one')).status).toBe(202);
    eventSub.reconnect();
    const reconnect = await first.next('session_reconnect');
    expect(reconnect.payload.session).toMatchObject({ id: session, status: 'reconnecting' });
    const reconnectUrl = reconnect.payload.session.reconnect_url as string;
    expect(reconnectUrl).toMatch(/^ws:\/\/127\.0\.0\.1:\d+\/ws\?challenge=/);
    const second = open(reconnectUrl);
    const welcome = await second.next('session_welcome');
    expect(welcome.payload.session).toMatchObject({ id: session, status: 'connected', reconnect_url: null });
    // Events now go to the new socket; the old one, left open, is closed after the grace.
    eventSub.chat.message('streamer_one', { user: 'viewer', text: 'after the move' });
    expect((await second.next('notification')).payload.event.message.text).toBe('after the move');
    expect(first.of('notification')).toHaveLength(0);
    expect(await first.closed).toEqual({ code: 4004, reason: 'reconnect grace time expired' });
    const listed = (await (await helix('GET', 'eventsub/subscriptions', bot)).json()) as { data: { status: string }[] };
    expect(listed.data.map((s) => s.status)).toEqual(['enabled']);
    eventSub.chat.message('streamer_one', { user: 'viewer', text: 'still here' });
    await expect.poll(() => second.of('notification').length).toBe(2);
    // A reconnect_url used twice (or made up) is refused.
    const bogus = open(reconnectUrl);
    expect(await bogus.closed).toEqual({ code: 4007, reason: 'invalid reconnect' });
  });

  it('revokes the subscriptions resting on a revoked grant, and tells user.authorization.revoke subscribers', async () => {
    await setup();
    const viewerToken = await userToken('reader_rita', 'user:read:chat');
    const client = open();
    const session = await client.session();
    const own = await helix('POST', 'eventsub/subscriptions', viewerToken, {
      type: 'channel.chat.message',
      version: '1',
      condition: {
        broadcaster_user_id: standInChannelId('twitch', 'streamer_one'),
        user_id: twitchUserId('reader_rita'),
      },
      transport: { method: 'websocket', session_id: session },
    });
    expect(own.status).toBe(202);
    standIn.revokeChannel('twitch', 'reader_rita');
    const revocation = await client.next('revocation');
    expect(revocation.metadata).toMatchObject({ subscription_type: 'channel.chat.message', subscription_version: '1' });
    expect(revocation.payload.subscription).toMatchObject({
      status: 'authorization_revoked',
      type: 'channel.chat.message',
      condition: { user_id: twitchUserId('reader_rita') },
    });
    const after = (await (await helix('GET', 'eventsub/subscriptions', await appToken())).json()) as {
      data: unknown[];
    };
    expect(after.data).toHaveLength(0);
  });
});

describe('EventSub limits and authorization (Helix)', () => {
  // These tests send Helix the requests Twitch refuses, on purpose: the refusals are theirs.
  afterEach(() => void takeViolations((violation) => violation.kind === 'request'));
  it('answers 400 for a bad body, 403 without the scope or as someone else, 409 for a duplicate, 400 for an app token on a WebSocket', async () => {
    await setup();
    const bot = await botToken();
    const creator = await userToken('streamer_one', 'chat:read channel:bot');
    const client = open();
    const session = await client.session();
    const bad = await helix('POST', 'eventsub/subscriptions', bot, '{not json');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toBe('Malformed request body');
    const unknownType = await helix('POST', 'eventsub/subscriptions', bot, {
      ...chatSubscription('streamer_one', { method: 'websocket', session_id: session }),
      type: 'channel.chat.nope',
    });
    expect(unknownType.status).toBe(400);
    const noCondition = await helix('POST', 'eventsub/subscriptions', bot, {
      type: 'channel.chat.message',
      version: '1',
      condition: { broadcaster_user_id: '1' },
      transport: { method: 'websocket', session_id: session },
    });
    expect(noCondition.status).toBe(400);
    // The creator's token has no user:read:chat, and reads as the bot: refused.
    const foreign = await subscribe(creator, session, 'streamer_one');
    expect(foreign.status).toBe(403);
    expect(await foreign.json()).toEqual({
      error: 'Forbidden',
      status: 403,
      message: 'subscription missing proper authorization',
    });
    expect((await subscribe(bot, session, 'streamer_one')).status).toBe(202);
    const twice = await subscribe(bot, session, 'streamer_one');
    expect(twice.status).toBe(409);
    expect(await twice.json()).toEqual({ error: 'Conflict', status: 409, message: 'subscription already exists' });
    const app = await subscribe(await appToken(), session, 'streamer_two');
    expect(app.status).toBe(400);
    expect(((await app.json()) as { message: string }).message).toBe('invalid transport and auth combination');
    // Deleting: only the owner's.
    const mine = (await (await helix('GET', 'eventsub/subscriptions', bot)).json()) as { data: { id: string }[] };
    expect((await helix('DELETE', `eventsub/subscriptions?id=${mine.data[0]!.id}`, creator)).status).toBe(404);
    expect((await helix('DELETE', `eventsub/subscriptions?id=${mine.data[0]!.id}`, bot)).status).toBe(204);
    expect((await subscribe(bot, session, 'streamer_one')).status).toBe(202);
  });

  it('holds 300 subscriptions per WebSocket session and 3 WebSocket sessions per user token (429 beyond)', async () => {
    await setup();
    const bot = await botToken();
    const first = open();
    const session = await first.session();
    for (let i = 0; i < 300; i++) expect((await subscribe(bot, session, `channel_${i}`)).status).toBe(202);
    const full = await subscribe(bot, session, 'channel_300');
    expect(full.status).toBe(429);
    expect(((await full.json()) as { message: string }).message).toBe(
      'websocket transport session subscription limit exceeded',
    );
    const second = open();
    const third = open();
    const fourth = open();
    expect((await subscribe(bot, await second.session(), 'channel_300')).status).toBe(202);
    expect((await subscribe(bot, await third.session(), 'channel_301')).status).toBe(202);
    const extra = await subscribe(bot, await fourth.session(), 'channel_302');
    expect(extra.status).toBe(429);
    expect(await extra.json()).toEqual({
      error: 'Too Many Requests',
      status: 429,
      message: 'number of websocket transports limit exceeded',
    });
    // Another user's token has its own three.
    const rita = await userToken('reader_rita', 'user:read:chat');
    const ritaSub = await helix('POST', 'eventsub/subscriptions', rita, {
      type: 'channel.chat.message',
      version: '1',
      condition: { broadcaster_user_id: '123', user_id: twitchUserId('reader_rita') },
      transport: { method: 'websocket', session_id: fourth.of('session_welcome')[0]!.payload.session.id },
    });
    expect(ritaSub.status).toBe(202);
    // One of the bot's sessions gone: its place is free again.
    second.socket.close();
    await second.closed;
    await expect.poll(() => eventSub.sessions().length).toBe(3);
    const fifth = open();
    expect((await subscribe(bot, await fifth.session(), 'channel_303')).status).toBe(202);
    // stream.online costs 1 for a channel that never authorized the client: 10 at most on a user token.
    for (let i = 0; i < 10; i++)
      expect(
        (
          await helix('POST', 'eventsub/subscriptions', bot, {
            type: 'stream.online',
            version: '1',
            condition: { broadcaster_user_id: String(500 + i) },
            transport: { method: 'websocket', session_id: await fifth.session() },
          })
        ).status,
      ).toBe(202);
    const costly = await helix('POST', 'eventsub/subscriptions', bot, {
      type: 'stream.online',
      version: '1',
      condition: { broadcaster_user_id: '999' },
      transport: { method: 'websocket', session_id: await fifth.session() },
    });
    expect(costly.status).toBe(429);
  });

  it('conduits: app token only, 5 per client, shards on sessions, a broadcaster on one enabled shard and another when it drops', async () => {
    await setup();
    const app = await appToken();
    const bot = await botToken();
    expect((await helix('POST', 'eventsub/conduits', bot, { shard_count: 2 })).status).toBe(401);
    expect((await helix('POST', 'eventsub/conduits', app, { shard_count: 0 })).status).toBe(400);
    const made = await helix('POST', 'eventsub/conduits', app, { shard_count: 2 });
    expect(made.status).toBe(200);
    const conduit = ((await made.json()) as { data: { id: string; shard_count: number }[] }).data[0]!;
    expect(conduit.shard_count).toBe(2);
    for (let i = 0; i < 4; i++)
      expect((await helix('POST', 'eventsub/conduits', app, { shard_count: 1 })).status).toBe(200);
    const sixth = await helix('POST', 'eventsub/conduits', app, { shard_count: 1 });
    expect(sixth.status).toBe(429);
    const listed = (await (await helix('GET', 'eventsub/conduits', app)).json()) as { data: { id: string }[] };
    expect(listed.data).toHaveLength(5);
    for (const other of listed.data.filter((c) => c.id !== conduit.id))
      expect((await helix('DELETE', `eventsub/conduits?id=${other.id}`, app)).status).toBe(204);

    const a = open();
    const b = open();
    const sessionA = await a.session();
    const sessionB = await b.session();
    const assigned = await helix('PATCH', 'eventsub/conduits/shards', app, {
      conduit_id: conduit.id,
      shards: [
        { id: '0', transport: { method: 'websocket', session_id: sessionA } },
        { id: '1', transport: { method: 'websocket', session_id: sessionB } },
        { id: '2', transport: { method: 'websocket', session_id: sessionB } },
        { id: '1', transport: { method: 'websocket', session_id: 'nobody' } },
      ],
    });
    expect(assigned.status).toBe(202);
    const answer = (await assigned.json()) as { data: { id: string; status: string }[]; errors: { id: string }[] };
    expect(answer.data.map((s) => [s.id, s.status])).toEqual([
      ['0', 'enabled'],
      ['1', 'enabled'],
    ]);
    expect(answer.errors.map((e) => e.id)).toEqual(['2', '1']);

    // Chat through a conduit: the bot's user:read:chat + user:bot and the broadcaster's channel:bot.
    const noBotScope = await helix(
      'POST',
      'eventsub/subscriptions',
      app,
      chatSubscription('streamer_one', { method: 'conduit', conduit_id: conduit.id }),
    );
    expect(noBotScope.status).toBe(403);
    await userToken('streamer_one', 'chat:read channel:bot');
    await userToken('streamer_two', 'chat:read channel:bot');
    for (const channel of ['streamer_one', 'streamer_two'])
      expect(
        (
          await helix(
            'POST',
            'eventsub/subscriptions',
            app,
            chatSubscription(channel, { method: 'conduit', conduit_id: conduit.id }),
          )
        ).status,
      ).toBe(202);
    const revokes = await helix('POST', 'eventsub/subscriptions', app, {
      type: 'user.authorization.revoke',
      version: '1',
      condition: { client_id: CLIENT.client_id },
      transport: { method: 'conduit', conduit_id: conduit.id },
    });
    expect(revokes.status).toBe(202);
    expect(((await revokes.json()) as { max_total_cost: number }).max_total_cost).toBe(10_000);

    const texts = (client: Client) => client.of('notification').map((m) => m.payload.event.message?.text as string);
    for (let i = 0; i < 3; i++) {
      eventSub.chat.message('streamer_one', { user: 'viewer', text: `one ${i}` });
      eventSub.chat.message('streamer_two', { user: 'viewer', text: `two ${i}` });
    }
    await expect.poll(() => a.of('notification').length + b.of('notification').length).toBe(6);
    // Each broadcaster's messages came through one shard, in order.
    for (const prefix of ['one', 'two']) {
      const onA = texts(a).filter((t) => t.startsWith(prefix));
      const onB = texts(b).filter((t) => t.startsWith(prefix));
      expect([onA.length, onB.length].sort()).toEqual([0, 3]);
    }
    const note = a.of('notification')[0] ?? b.of('notification')[0]!;
    expect(note.payload.subscription.transport).toEqual({ method: 'conduit', conduit_id: conduit.id });

    // Shard 0's socket closes: it is disabled, and everything goes through shard 1.
    a.socket.close();
    await a.closed;
    await expect
      .poll(async () => {
        const shards = (await (
          await helix('GET', `eventsub/conduits/shards?conduit_id=${conduit.id}`, app)
        ).json()) as {
          data: { id: string; status: string; transport: { session_id: string } }[];
        };
        return shards.data.map((s) => [s.id, s.status, s.transport.session_id]);
      })
      .toEqual([
        ['0', 'websocket_disconnected', sessionA],
        ['1', 'enabled', sessionB],
      ]);
    const before = b.of('notification').length;
    eventSub.chat.message('streamer_one', { user: 'viewer', text: 'one later' });
    eventSub.chat.message('streamer_two', { user: 'viewer', text: 'two later' });
    await expect.poll(() => b.of('notification').length).toBe(before + 2);

    // A broadcaster takes its grant back: its chat subscription is revoked, and the app hears of it.
    standIn.revokeChannel('twitch', 'streamer_two');
    const revocation = await b.next('revocation');
    expect(revocation.payload.subscription).toMatchObject({
      status: 'authorization_revoked',
      condition: { broadcaster_user_id: standInChannelId('twitch', 'streamer_two') },
      transport: { method: 'conduit', conduit_id: conduit.id },
    });
    const told = b.of('notification').find((m) => m.metadata.subscription_type === 'user.authorization.revoke')!;
    expect(told.payload.event).toEqual({
      client_id: CLIENT.client_id,
      user_id: standInChannelId('twitch', 'streamer_two'),
      user_login: 'streamer_two',
      user_name: 'streamer_two',
    });
    // Shrinking the conduit drops shard 1; deleting it ends its subscriptions.
    const shrunk = await helix('PATCH', 'eventsub/conduits', app, { id: conduit.id, shard_count: 1 });
    expect(((await shrunk.json()) as { data: { shard_count: number }[] }).data[0]!.shard_count).toBe(1);
    expect((await helix('DELETE', `eventsub/conduits?id=${conduit.id}`, app)).status).toBe(204);
    expect(eventSub.subscriptions()).toHaveLength(0);
  });

  it('Helix answers 429 with Twitch headers once a token spends its points, per user across refreshed tokens', async () => {
    await setup({}, { helixPointsPerMinute: 5 });
    const first = await botToken();
    const second = await botToken();
    for (let i = 0; i < 3; i++) expect((await helix('GET', 'eventsub/subscriptions', first)).status).toBe(200);
    const fourth = await helix('GET', 'eventsub/subscriptions', second);
    expect(fourth.headers.get('ratelimit-limit')).toBe('5');
    expect(fourth.headers.get('ratelimit-remaining')).toBe('1');
    expect((await helix('GET', 'eventsub/subscriptions', second)).status).toBe(200);
    const refused = await helix('GET', 'eventsub/subscriptions', first);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('ratelimit-limit')).toBe('5');
    expect(refused.headers.get('ratelimit-remaining')).toBe('0');
    const reset = Number(refused.headers.get('ratelimit-reset'));
    expect(reset).toBeGreaterThan(Date.now() / 1000);
    expect(reset).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000) + 60);
    expect(standIn.calls.helix429).toBe(1);
    // The app's bucket is its own.
    expect((await helix('GET', 'streams', await appToken())).status).toBe(200);
    // The forced refusals (rateLimit) still work and are not counted as spent buckets.
    standIn.twitch.rateLimit(1, 1000);
    expect((await helix('GET', 'streams', await appToken())).status).toBe(429);
    expect(standIn.calls.helix429).toBe(1);
  });
});

describe('the demo and the IRC stand-in', () => {
  it('replays the synthetic session as EventSub events to a channel subscribed to', async () => {
    await setup({ demo: true, demoIntervalMs: 10 });
    const bot = await botToken();
    await userToken('castbridge_demo', 'chat:read');
    const client = open();
    const session = await client.session();
    for (const type of [
      'channel.chat.message',
      'channel.chat.notification',
      'channel.chat.message_delete',
      'channel.chat.clear_user_messages',
    ])
      expect((await subscribe(bot, session, 'castbridge_demo', type)).status).toBe(202);
    await expect.poll(() => client.of('notification').length, { timeout: 3000 }).toBeGreaterThanOrEqual(13);
    const events = client.of('notification').slice(0, 13);
    const types = events.map((m) => m.metadata.subscription_type);
    expect(types.filter((t) => t === 'channel.chat.message')).toHaveLength(10);
    const deleted = events.find((m) => m.metadata.subscription_type === 'channel.chat.message_delete')!;
    const spam = events.find((m) => m.payload.event.chatter_user_login === 'spamsam')!;
    expect(deleted.payload.event.message_id).toBe(spam.payload.event.message_id);
    const sub = events.find((m) => m.metadata.subscription_type === 'channel.chat.notification')!;
    expect(sub.payload.event).toMatchObject({
      notice_type: 'sub',
      chatter_user_login: 'novafan',
      system_message: 'NovaFan subscribed at Tier 1.',
      sub: { sub_tier: '1000', is_prime: false },
      message: { text: 'hyped for the sponsor segment' },
    });
    const kappa = events.find((m) => m.payload.event.message?.text?.startsWith('Kappa'))!;
    expect(kappa.payload.event.message.fragments[0]).toMatchObject({
      type: 'emote',
      text: 'Kappa',
      emote: { id: '25' },
    });
    expect(kappa.payload.event.badges).toEqual([{ set_id: 'moderator', id: '1', info: '' }]);
    expect(kappa.payload.event.broadcaster_user_id).toBe(standInChannelId('twitch', 'castbridge_demo'));
    // Without a subscription the replay stops. Its clock: the replay of a second channel read on the same socket, at
    // the same interval.
    await userToken('streamer_one', 'chat:read');
    expect((await subscribe(bot, session, 'streamer_one')).status).toBe(202);
    const from = (login: string, after = 0) =>
      client
        .of('notification')
        .filter((m) => m.payload.event.broadcaster_user_login === login)
        .filter((m) => client.messages.indexOf(m) >= after);
    await expect.poll(() => from('streamer_one').length).toBeGreaterThan(0);
    const demoChannel = standInChannelId('twitch', 'castbridge_demo');
    for (const subscription of eventSub.subscriptions())
      if (subscription.condition.broadcaster_user_id === demoChannel)
        await helix('DELETE', `eventsub/subscriptions?id=${subscription.id}`, bot);
    // Put in the second channel once they are gone: what comes after it on the socket was sent after the deletions.
    eventSub.chat.message('streamer_one', { user: 'viewer', text: 'the subscriptions are gone' });
    const markerAt = () =>
      client.messages.findIndex((m) => m.payload.event?.message?.text === 'the subscriptions are gone');
    await expect.poll(markerAt).toBeGreaterThanOrEqual(0);
    const marker = markerAt();
    // Three lines of the second replay after it: the first replay's timer, as old and of the same interval, has fired
    // since, and sent nothing.
    await expect.poll(() => from('streamer_one', marker + 1).length).toBeGreaterThanOrEqual(3);
    expect(from('castbridge_demo', marker)).toEqual([]);
  });

  it('the control API makes chat in a channel: a message, a notice, a ban, a delete; bad input is a 400', async () => {
    await setup();
    const bot = await botToken();
    const client = open();
    const session = await client.session();
    for (const type of ['channel.chat.message', 'channel.chat.notification', 'channel.chat.clear_user_messages'])
      expect((await subscribe(bot, session, 'streamer_one', type)).status).toBe(202);
    const post = (body: unknown, channel = 'streamer_one') =>
      standIn.app.request(`/api/channels/twitch/${channel}/chat`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const said = await post({ action: 'message', user: 'viewer_v', text: 'hello from the control API' });
    expect(said.status).toBe(202);
    const { id } = (await said.json()) as { id: string };
    expect((await post({ action: 'notice', kind: 'resub', user: 'viewer_v', months: 7 })).status).toBe(202);
    expect((await post({ action: 'clearUser', user: 'viewer_v' })).status).toBe(202);
    await expect.poll(() => client.of('notification').length).toBe(3);
    const [message, resub, ban] = client.of('notification');
    expect(message!.payload.event).toMatchObject({ message_id: id, chatter_user_login: 'viewer_v' });
    expect(resub!.payload.event).toMatchObject({ notice_type: 'resub', resub: { cumulative_months: 7 } });
    expect(ban!.payload.event).toMatchObject({ target_user_login: 'viewer_v' });
    for (const bad of [
      { action: 'message', user: 'viewer_v' },
      { action: 'message', user: 'x', text: 'hi' },
      { action: 'notice', kind: 'nope', user: 'viewer_v' },
      { action: 'shout' },
      [],
    ]) {
      const refused = await post(bad);
      expect(refused.status).toBe(400);
      expect(typeof ((await refused.json()) as { message: string }).message).toBe('string');
    }
    expect((await post({ action: 'clear' }, 'no')).status).toBe(400);
    expect(client.of('notification')).toHaveLength(3);
  });

  it('a channel going live or offline is stream.online / stream.offline', async () => {
    await setup();
    const creator = await userToken('streamer_one', 'user:read:chat');
    const client = open();
    const session = await client.session();
    for (const type of ['stream.online', 'stream.offline']) {
      const made = await helix('POST', 'eventsub/subscriptions', creator, {
        type,
        version: '1',
        condition: { broadcaster_user_id: standInChannelId('twitch', 'streamer_one') },
        transport: { method: 'websocket', session_id: session },
      });
      expect(made.status).toBe(202);
      // The broadcaster authorized the client: no cost.
      expect(((await made.json()) as { data: { cost: number }[] }).data[0]!.cost).toBe(0);
    }
    const view = standIn.setChannel('twitch', 'streamer_one', { live: true });
    const online = await client.next('notification');
    expect(online.payload.event).toMatchObject({ broadcaster_user_login: 'streamer_one', type: 'live' });
    expect(Math.abs(Date.parse(online.payload.event.started_at) - Date.parse(view.startedAt!))).toBeLessThan(1000);
    standIn.setChannel('twitch', 'streamer_one', { live: false });
    await expect
      .poll(() => client.of('notification').map((m) => m.metadata.subscription_type))
      .toEqual(['stream.online', 'stream.offline']);
  });

  it('IRC: an account joins at most 20 channels per 10 s; the JOINs beyond are dropped and counted', async () => {
    // The stand-in's own limit, Twitch's 20 per 10 s: a 300 ms window here let a busy machine's 25 JOINs spread past
    // it, and more than 20 in.
    irc = await startTwitchChatStandIn();
    const socket = new WebSocket(`ws://127.0.0.1:${irc.port}`);
    await new Promise((resolve) => socket.on('open', resolve));
    const nick = `justinfan${crypto.randomInt(1000, 9999)}`;
    socket.send(`NICK ${nick}\r\n`);
    socket.send(`JOIN ${Array.from({ length: 25 }, (_, i) => `#chan_${i}`).join(',')}\r\n`);
    await expect.poll(() => irc!.refusedJoins[nick]).toBe(5);
    expect(irc.joined()).toHaveLength(20);
    // Another account has its own 20.
    const other = new WebSocket(`ws://127.0.0.1:${irc.port}`);
    await new Promise((resolve) => other.on('open', resolve));
    other.send('NICK justinfan_other\r\nJOIN #chan_24\r\n');
    await irc.waitForJoin('chan_24');
    // After the window the first account may join again: the clock moved past the window (only Date is faked; the
    // sockets and timers run on).
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 10_000);
      socket.send('JOIN #chan_23\r\n');
      await irc.waitForJoin('chan_23');
    } finally {
      vi.useRealTimers();
    }
    expect(irc.refusedJoins[nick]).toBe(5);
    socket.terminate();
    other.terminate();
  });
});
