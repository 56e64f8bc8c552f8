// Ingestion that nothing stops (docs/product.md §Chat archive), on SQLite and PostgreSQL. A line that parses but carries what no real Twitch
// line does (a sent-at 1e17 or fractional, bits or a timeout beyond the integer column) is skipped and counted, never
// written: before, it made the whole batch fail, kept for ever, and nothing of the channel was archived again. Rows the
// database refuses anyway are found by halving the batch, dropped and counted, while the rest is stored; a database
// that is down keeps the batch (within a bound). A creator revoking Castbridge on Google while YouTube chat is archived
// is the channel's problem on the screen — it crashed the server before, and again on every restart — and archiving
// resumes once they connect again.
import type { ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIngester, MAX_PENDING_EVENTS, MAX_PENDING_MESSAGES } from '../../server/archive/ingest.ts';
import type { Archive, Batch, ChannelKey, ChatLine, ChatModeration } from '../../server/archive/store.ts';
import {
  chatLine,
  moderationEvent,
  reconnectProblem,
  type ChatSourceHandlers,
} from '../../server/archive/twitch-source.ts';
import { youtubeChatSource } from '../../server/archive/youtube-source.ts';
import { createSealer, loadPayoutKey } from '../../server/money/sealing.ts';
import { createOAuthStandIn, type OAuthStandIn, type YouTubeChatItem } from '../../standins/oauth.ts';
import {
  freshen,
  SYNTHETIC_SESSION,
  startTwitchChatStandIn,
  type TwitchChatStandIn,
} from '../../standins/twitch-chat.ts';
import { BACKENDS, makeBackend, memoryLogger, startApp, until, type Backend, type Client } from './helpers.ts';
import { account, type Account } from './market.ts';
import { connect, serveStandIn, testClient } from './oauth-flow.ts';

const today = () => new Date().toISOString().slice(0, 10);

const privmsg = (
  channel: string,
  id: string,
  login: string,
  text: string,
  tags = '',
  sentAt: string | number = Date.now(),
) =>
  `@badges=;color=#00FF00;display-name=${login};emotes=;id=${id};room-id=1;tmi-sent-ts=${sentAt};user-id=88${login.length};user-type=${tags} :${login}!${login}@${login}.tmi.twitch.tv PRIVMSG #${channel} :${text}`;

/** The lines of the synthetic session that are messages (the rest is moderation). */
const SYNTHETIC_MESSAGES = SYNTHETIC_SESSION.filter((line) => / (PRIVMSG|USERNOTICE) /.test(line)).length;

const line = (id: string, extra: Partial<ChatLine> = {}): ChatLine => ({
  msgId: id,
  sentAt: Date.now(),
  chatterId: `c-${id}`,
  login: `fan_${id}`,
  displayName: `Fan ${id}`,
  color: null,
  badges: '',
  emotes: null,
  bits: null,
  kind: 'privmsg',
  text: `line ${id}`,
  ...extra,
});

/** A source that is told nothing by a platform: the test hands lines to the ingester itself. */
function handSource() {
  let handlers: ChatSourceHandlers | null = null;
  return {
    source: (given: ChatSourceHandlers) => {
      handlers = given;
      return { start: async () => given.connected(), stop: async () => {} };
    },
    get handlers() {
      return handlers!;
    },
  };
}

describe('parsing: a line no real Twitch line could be is malformed', () => {
  const now = Date.parse('2026-11-20T12:00:00Z');
  const raw = (command: string, tags: Record<string, string>, params: string[] = ['#c', 'hi']) => ({
    command,
    tags,
    params,
    prefix: 'fan!fan@fan.tmi.twitch.tv',
  });
  const tags = (extra: Record<string, string> = {}) => ({
    id: 'm1',
    'user-id': '7',
    'tmi-sent-ts': String(now),
    ...extra,
  });

  it('sent-at: a whole number within a day of now', () => {
    expect(chatLine(raw('PRIVMSG', tags()), now)).toMatchObject({ msgId: 'm1', sentAt: now, bits: null });
    expect(chatLine(raw('PRIVMSG', tags({ 'tmi-sent-ts': String(now - 86_400_000) })), now)).not.toBeNull();
    for (const sent of [
      '1e17',
      '100000000000000000',
      String(now + 0.5),
      String(now - 2 * 86_400_000),
      '-5',
      '0x10',
      '',
    ])
      expect(chatLine(raw('PRIVMSG', tags({ 'tmi-sent-ts': sent })), now), sent).toBeNull();
  });

  it('bits and a timeout: whole numbers that fit the integer column', () => {
    expect(chatLine(raw('PRIVMSG', tags({ bits: '100' })), now)).toMatchObject({ bits: 100 });
    for (const bits of ['0', '3000000000', '1.5', 'lots'])
      expect(chatLine(raw('PRIVMSG', tags({ bits })), now), bits).toBeNull();
    const clearchat = (extra: Record<string, string>) =>
      moderationEvent(raw('CLEARCHAT', { 'tmi-sent-ts': String(now), ...extra }, ['#c', 'spammer']), now);
    expect(clearchat({ 'ban-duration': '600' })).toMatchObject({
      kind: 'clearchat',
      at: now,
      targetLogin: 'spammer',
      duration: 600,
    });
    // No ban-duration: a ban, not a timeout of 0 s.
    expect(clearchat({})).toMatchObject({ duration: null });
    for (const duration of ['3000000000', '2.5', '0'])
      expect(clearchat({ 'ban-duration': duration }), duration).toBeNull();
    expect(clearchat({ 'tmi-sent-ts': '1e17' })).toBeNull();
    expect(
      moderationEvent(raw('CLEARMSG', { 'tmi-sent-ts': String(now + 0.5), 'target-msg-id': 'm1' }), now),
    ).toBeNull();
    // A CLEARMSG without a time happened now.
    expect(moderationEvent(raw('CLEARMSG', { 'target-msg-id': 'm1' }), now)).toMatchObject({
      kind: 'clearmsg',
      at: now,
      targetMsgId: 'm1',
    });
  });
});

describe('the ingester’s writes when the database does not take them', () => {
  const key: ChannelKey = { userId: 'u1', platform: 'twitch', channelId: '1', channel: 'c' };
  /** An archive whose writes fail while `down`, and which keeps what it was given. */
  function memoryArchive() {
    const state = { down: false, batches: [] as Batch[] };
    const archive = {
      async write(_key: ChannelKey, batch: Batch) {
        if (state.down) throw new Error('connection refused');
        state.batches.push(batch);
      },
      recordGap: async () => {},
      lastSeen: async () => null,
      touch: async () => {},
      streamLive: async () => {},
      streamOffline: async () => {},
    } as unknown as Archive;
    return { archive, state };
  }

  it('a database that is down keeps the batch, nothing dropped nor counted as skipped; it is all written once it answers', async () => {
    const { archive, state } = memoryArchive();
    const hand = handSource();
    const ingester = createIngester(key, { archive, logger: memoryLogger(), source: hand.source });
    await ingester.start();
    state.down = true;
    for (let i = 0; i < 20; i += 1) hand.handlers.line(line(`d${i}`));
    hand.handlers.skipped(2);
    await ingester.flush();
    expect(ingester.status).toMatchObject({ received: 20, written: 0, skipped: 2 });
    state.down = false;
    await ingester.flush();
    expect(state.batches.flatMap((b) => b.messages).map((m) => m.msgId)).toEqual(
      Array.from({ length: 20 }, (_, i) => `d${i}`),
    );
    expect(state.batches.reduce((sum, b) => sum + b.skipped, 0)).toBe(2);
    expect(ingester.status).toMatchObject({ written: 20, skipped: 2 });
    await ingester.stop();
  });

  it('what waits for a database that stays down is bounded: the oldest messages and events go', async () => {
    const { archive, state } = memoryArchive();
    const hand = handSource();
    const logger = memoryLogger();
    const ingester = createIngester(key, { archive, logger, source: hand.source });
    await ingester.start();
    state.down = true;
    const event: ChatModeration = {
      kind: 'clearmsg',
      at: Date.now(),
      targetLogin: null,
      targetMsgId: 'x',
      duration: null,
    };
    for (let i = 0; i < MAX_PENDING_EVENTS + 2000; i += 1) hand.handlers.moderation({ ...event, targetMsgId: `e${i}` });
    for (let i = 0; i < MAX_PENDING_MESSAGES + 3000; i += 1) hand.handlers.line(line(`b${i}`));
    await ingester.flush();
    state.down = false;
    await ingester.flush();
    const messages = state.batches.flatMap((b) => b.messages);
    const events = state.batches.flatMap((b) => b.moderation);
    expect(messages).toHaveLength(MAX_PENDING_MESSAGES);
    expect(messages[0]!.msgId).toBe('b3000');
    expect(events).toHaveLength(MAX_PENDING_EVENTS);
    expect(events[0]!.targetMsgId).toBe('e2000');
    expect(logger.lines.some((l) => l.msg.startsWith('the database does not take the chat'))).toBe(true);
    await ingester.stop();
  });
});

describe('a fault in the YouTube source’s loop', () => {
  it('does not escape it: the chat is lost for a moment (a gap) and read again', async () => {
    let calls = 0;
    const seen: string[] = [];
    let throwOnce = true;
    const fetcher = (async () => {
      calls += 1;
      if (calls === 1) throw new TypeError('fetch failed');
      return Response.json({ items: [] });
    }) as typeof fetch;
    const source = youtubeChatSource(
      { apiBase: () => 'http://youtube.invalid', accessToken: async () => 'token', fetch: fetcher },
      {
        line: () => {},
        moderation: () => {},
        skipped: () => {},
        connected: () => seen.push('connected'),
        disconnected: (reason) => {
          seen.push(`disconnected: ${reason}`);
          // A handler that throws (a fault of the ingester's) used to reject the loop: an unhandled rejection.
          if (throwOnce) {
            throwOnce = false;
            throw new Error('handler fault');
          }
        },
        streamOffline: () => {},
      },
    );
    await source.start();
    await until(
      async () => seen,
      (list) => list.includes('connected'),
      10_000,
    );
    expect(seen).toEqual([
      'disconnected: fetch failed',
      'disconnected: reading the YouTube chat failed: handler fault',
      'connected',
    ]);
    await source.stop();
  });
});

/** A Twitch channel connected for `creator` (as the OAuth flow leaves it; the flow itself is in connections.test.ts). */
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

describe.each(BACKENDS)('impossible chat lines on %s', (backendName) => {
  let backend: Backend;
  let api: Client;
  let chat: TwitchChatStandIn;
  let creator: Account;
  const channel = `impossible_${backendName}`;
  const get = (path: string) => api.request('GET', path, { token: creator.token });
  const written = () =>
    get(`/api/archive/days?platform=twitch&date=${today()}`).then(
      (a) => (a.body.days as { messages: number }[])[0]?.messages ?? 0,
    );
  const skipped = async () => {
    const row = await api.castbridge.db
      .selectFrom('chat_ingest_state')
      .select('skipped')
      .where('user_id', '=', creator.id)
      .executeTakeFirst();
    return Number(row?.skipped ?? 0);
  };

  beforeAll(async () => {
    backend = await makeBackend(backendName);
    chat = await startTwitchChatStandIn();
    api = await startApp(backend, { TWITCH_CHAT_URL: `ws://127.0.0.1:${chat.port}` });
    creator = await account(api, 'creator');
    await connectTwitch(api, creator, channel, `8${backendName.length}001`);
  });
  afterAll(async () => {
    await api?.close();
    await chat?.close();
    await backend?.cleanup();
  });

  it('a replay with impossible lines in the middle: every good line is stored, the bad ones are skipped and counted', async () => {
    const on = await api.request('PUT', '/api/archive/settings', {
      token: creator.token,
      json: { platform: 'twitch', archiving: true },
    });
    expect(on.status, on.text).toBe(200);
    await chat.waitForJoin(channel);
    const now = Date.now();
    const impossible = [
      privmsg(channel, 'bad-far', 'time_traveller', 'impossible far future', '', '100000000000000000'),
      privmsg(channel, 'bad-frac', 'time_traveller', 'impossible fractional time', '', `${now}.5`),
      privmsg(channel, 'bad-old', 'time_traveller', 'impossible two days ago', '', now - 2 * 86_400_000),
      privmsg(channel, 'bad-bits', 'big_spender', 'impossible cheer', ';bits=3000000000'),
      `@ban-duration=3000000000;room-id=1;target-user-id=9;tmi-sent-ts=${now} :tmi.twitch.tv CLEARCHAT #${channel} :retro_rosa`,
      `@login=retro_rosa;room-id=1;target-msg-id=x;tmi-sent-ts=100000000000000000 :tmi.twitch.tv CLEARMSG #${channel} :hello`,
      `@login=retro_rosa;room-id=1;target-msg-id=x;tmi-sent-ts=${now}.25 :tmi.twitch.tv CLEARMSG #${channel} :hello`,
    ];
    // The synthetic session with fresh ids and times, the impossible lines in its middle, all in one batch.
    const session = SYNTHETIC_SESSION.map((written) => freshen(written, channel, '1'));
    const half = Math.floor(session.length / 2);
    chat.send(channel, [...session.slice(0, half), ...impossible, ...session.slice(half)]);
    await until(written, (count) => count === SYNTHETIC_MESSAGES, 15_000);
    await until(skipped, (count) => count === impossible.length);
    const status = api.castbridge.services.ingest.status(creator.id, 'twitch')!;
    expect(status).toMatchObject({
      received: SYNTHETIC_MESSAGES,
      written: SYNTHETIC_MESSAGES,
      skipped: impossible.length,
    });
    expect((await get('/api/archive/search?q=impossible')).body.messages).toEqual([]);
    // The recorded moderation still flags what it removed.
    const page = await get(`/api/archive/messages?platform=twitch&date=${today()}`);
    expect(
      (page.body.messages as { login: string; moderated: boolean }[]).find((m) => m.login === 'spamsam'),
    ).toMatchObject({ moderated: true });
    // And the channel goes on being archived.
    chat.send(channel, privmsg(channel, 'after-impossible', 'steady_sue', 'still archived afterwards'));
    await until(
      () => get('/api/archive/search?q=afterwards'),
      (a) => (a.body.messages as unknown[]).length === 1,
    );
    await api.request('PUT', '/api/archive/settings', {
      token: creator.token,
      json: { platform: 'twitch', archiving: false },
    });
  });

  it('rows the database refuses are found, dropped and counted; the rest of their batch is stored', async () => {
    const key: ChannelKey = {
      userId: creator.id,
      platform: 'twitch',
      channelId: 'refused-rows',
      channel: 'refused_rows',
    };
    const hand = handSource();
    const ingester = createIngester(key, {
      archive: api.castbridge.services.archive,
      logger: api.logger,
      source: hand.source,
    });
    await ingester.start();
    // Refused everywhere (no day for such a time) …
    const everywhere = [line('r-far', { sentAt: 1e17 }), line('r-nan', { sentAt: Number.NaN })];
    // … and by PostgreSQL's bigint and integer columns (SQLite stores them as they are).
    const byColumns = [line('r-frac', { sentAt: Date.now() + 0.5 }), line('r-bits', { bits: 2 ** 40 })];
    const good = Array.from({ length: 30 }, (_, i) => line(`r-good-${i}`, { text: `refusedrows good ${i}` }));
    const mixed = [
      ...good.slice(0, 10),
      everywhere[0]!,
      ...good.slice(10, 20),
      byColumns[0]!,
      everywhere[1]!,
      byColumns[1]!,
      ...good.slice(20),
    ];
    for (const row of mixed) hand.handlers.line(row);
    const at = Date.now();
    hand.handlers.moderation({
      kind: 'clearmsg',
      at: 1e17,
      targetLogin: null,
      targetMsgId: 'r-good-0',
      duration: null,
    });
    hand.handlers.moderation({
      kind: 'clearchat',
      at,
      targetLogin: 'fan_r-good-1',
      targetMsgId: null,
      duration: 2 ** 40,
    });
    hand.handlers.moderation({ kind: 'clearmsg', at, targetLogin: null, targetMsgId: 'r-good-2', duration: null });
    hand.handlers.skipped(3);
    await ingester.flush();

    const refusedRows = backendName === 'postgres' ? everywhere.length + byColumns.length : everywhere.length;
    const refusedEvents = backendName === 'postgres' ? 2 : 1;
    const stored = await api.castbridge.db
      .selectFrom('chat_messages')
      .select(['msg_id', 'moderated'])
      .where('channel_id', '=', key.channelId)
      .execute();
    expect(stored.map((row) => row.msg_id).sort()).toEqual(
      [...good, ...(backendName === 'postgres' ? [] : byColumns)].map((row) => row.msgId).sort(),
    );
    expect(
      stored
        .filter((row) => Number(row.moderated) === 1)
        .map((row) => row.msg_id)
        .sort(),
    ).toEqual(backendName === 'postgres' ? ['r-good-2'] : ['r-good-1', 'r-good-2']);
    const events = await api.castbridge.db
      .selectFrom('chat_events')
      .select('kind')
      .where('channel_id', '=', key.channelId)
      .execute();
    expect(events).toHaveLength(3 - refusedEvents);
    expect(ingester.status).toMatchObject({
      received: mixed.length,
      written: mixed.length - refusedRows,
      skipped: 3 + refusedRows + refusedEvents,
    });
    expect((await api.castbridge.services.archive.lastSeen(key))!.skipped).toBe(3 + refusedRows + refusedEvents);
    expect(
      api.logger.lines.filter(
        (l) => l.msg.startsWith('the database refused a chat row') && l.fields?.channel === key.channel,
      ),
    ).toHaveLength(refusedRows + refusedEvents);

    // The next batch goes in as a whole.
    hand.handlers.line(line('r-next'));
    await ingester.flush();
    expect(ingester.status.written).toBe(mixed.length - refusedRows + 1);
    await ingester.stop();
  });
});

describe.each(BACKENDS)('a YouTube grant revoked while its chat is archived, on %s', (backendName) => {
  let backend: Backend;
  let api: Client;
  let standIn: OAuthStandIn;
  let server: ServerType;
  let creator: Account;
  let env: Record<string, string>;
  const channel = `ytrevoked_${backendName}`;
  const days = () => api.request('GET', '/api/archive/days?platform=youtube', { token: creator.token });
  const problem = async () => ((await days()).body.channel as { problem: string | null } | null)?.problem ?? null;
  const refreshes = () => standIn.calls.grants.filter((grant) => grant === 'refresh_token').length;
  let n = 0;
  const say = (text: string) => {
    n += 1;
    const item: YouTubeChatItem = {
      id: `rv${n}`,
      snippet: {
        type: 'textMessageEvent',
        publishedAt: new Date().toISOString(),
        displayMessage: text,
        textMessageDetails: { messageText: text },
      },
      authorDetails: { channelId: `UCrevoked${n}`.padEnd(24, '0'), displayName: 'Loyal Lee' },
    };
    standIn.youtube.say(channel, [item]);
  };

  beforeAll(async () => {
    backend = await makeBackend(backendName);
    // A chat polled at the API's interval (no streamList, a project with quota enough): each poll refreshes first.
    standIn = createOAuthStandIn({ ...testClient, pollMs: 1000, youtubeDailyQuota: 1_000_000 });
    standIn.youtube.setStreaming(channel, false);
    const served = await serveStandIn(standIn);
    server = served.server;
    const base = `${served.base}/youtube`;
    env = {
      GOOGLE_CLIENT_ID: 'test-client',
      GOOGLE_CLIENT_SECRET: 'test-secret',
      GOOGLE_AUTH_BASE: base,
      GOOGLE_TOKEN_BASE: base,
      YOUTUBE_API_BASE: base,
      YOUTUBE_DAILY_QUOTA: '1000000',
      TWITCH_CHAT_URL: 'ws://127.0.0.1:9',
    };
    api = await startApp(backend, env);
    creator = await account(api, 'creator');
    // Tokens shorter than the refresh margin: every call of the ingester refreshes first, as an expiring one would.
    standIn.setTokenLifetime(60);
    expect((await connect(api, creator, 'youtube', channel)).get('connected')).toBe('youtube');
  });
  afterAll(async () => {
    await api?.close();
    server?.close();
    await backend?.cleanup();
  });

  it('is the channel’s problem on the screen, the server still answering, also after a restart; connecting again resumes', async () => {
    standIn.youtube.setLive(channel, true);
    say('before the revocation');
    const on = await api.request('PUT', '/api/archive/settings', {
      token: creator.token,
      json: { platform: 'youtube', archiving: true },
    });
    expect(on.status, on.text).toBe(200);
    await until(days, (a) => (a.body.days as { messages: number }[])[0]?.messages === 1);

    // Revoked between two polls (each refreshes the token, then reads the chat; a second apart): the next refresh is
    // refused. (Revoked between a poll's refresh and its read, the read is a 401, shown as such until the next refresh.)
    // A poll has just read the chat once the ingester received a line said after the last one it has: the revocation
    // follows that read, a second before the next poll's refresh.
    const received = () => api.castbridge.services.ingest.status(creator.id, 'youtube')?.received ?? 0;
    const heard = received();
    say('the last before the revocation');
    await until(
      async () => received(),
      (count) => count > heard,
    );
    standIn.revokeChannel('youtube', channel);
    await until(problem, (message) => message !== null, 15_000);
    expect((await days()).body.channel).toMatchObject({
      archiving: true,
      live: false,
      problem: reconnectProblem('youtube'),
    });
    const cards = await api.request('GET', '/api/connections', { token: creator.token });
    expect(
      (cards.body.connections as { platform: string; account: { status: string } | null }[]).find(
        (c) => c.platform === 'youtube',
      )!.account!.status,
    ).toBe('reconnect');
    // Not ingested meanwhile: Google is not asked again and again. What would start it again is the pass looking for
    // archived channels nobody ingests (every 5 s): one is run now, and holds the channel back.
    const owned = () => api.castbridge.services.ingest.owned().map((k) => k.channel);
    expect(owned()).not.toContain(channel);
    const asked = refreshes();
    await api.castbridge.services.ingest.reconcile();
    expect(owned()).not.toContain(channel);
    expect(refreshes()).toBe(asked);
    expect((await api.request('GET', '/api/health')).status).toBe(200);

    // A restart finds the account still to reconnect: it says so and does not ask Google either, nor does its next pass.
    await api.close();
    api = await startApp(backend, env);
    expect(await problem()).toBe(reconnectProblem('youtube'));
    await api.castbridge.services.ingest.reconcile();
    expect(owned()).not.toContain(channel);
    expect(refreshes()).toBe(asked);
    expect(await problem()).toBe(reconnectProblem('youtube'));

    // Connecting again clears the problem, and the chat is archived again.
    expect((await connect(api, creator, 'youtube', channel)).get('connected')).toBe('youtube');
    await until(problem, (message) => message === null, 15_000);
    say('after connecting again');
    await until(days, (a) => (a.body.days as { messages: number }[])[0]?.messages === 3, 15_000);
    await api.request('PUT', '/api/archive/settings', {
      token: creator.token,
      json: { platform: 'youtube', archiving: false },
    });
  });
});
