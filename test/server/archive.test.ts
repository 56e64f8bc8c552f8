// The chat archive (docs/product.md §Chat archive) end to end in the server, on SQLite and PostgreSQL: a creator's connected Twitch channel
// with archiving on is joined by the ingester (tmi.js) on the stand-in chat server, which replays synthetic Twitch
// lines with real tags; the messages, moderation and gaps are stored, listed, searched, exported (NDJSON, CSV,
// justlog text) and deleted for real — and nobody else reaches them. Malformed lines and a 10 MB line are skipped and
// counted; a lost connection and a restart leave gap records.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/connect.ts';
import { createSealer, loadPayoutKey } from '../../server/money/sealing.ts';
import { SYNTHETIC_SESSION, startTwitchChatStandIn, type TwitchChatStandIn } from '../../standins/twitch-chat.ts';
import { BACKENDS, makeBackend, startApp, testConfig, until, type Backend, type Client } from './helpers.ts';
import { account, type Account } from './market.ts';

const today = () => new Date().toISOString().slice(0, 10);

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

const privmsg = (channel: string, id: string, login: string, text: string, extra = '') =>
  `@badge-info=;badges=;color=#FF0000;display-name=${login};emotes=;id=${id};mod=0;room-id=1;subscriber=0;tmi-sent-ts=${Date.now()};turbo=0;user-id=${login.length}00${login.charCodeAt(0)};user-type=${extra} :${login}!${login}@${login}.tmi.twitch.tv PRIVMSG #${channel} :${text}`;

describe.each(BACKENDS)('the chat archive on %s', (backendName) => {
  let backend: Backend;
  let api: Client;
  let chat: TwitchChatStandIn;
  let creator: Account;
  let other: Account;
  const channel = `arch_${backendName}`;

  const get = (path: string, who: Account = creator) => api.request('GET', path, { token: who.token });
  const written = () =>
    get(`/api/archive/days?platform=twitch&date=${today()}`).then(
      (a) => (a.body.days as { messages: number }[])[0]?.messages ?? 0,
    );

  beforeAll(async () => {
    backend = await makeBackend(backendName);
    chat = await startTwitchChatStandIn();
    api = await startApp(backend, { TWITCH_CHAT_URL: `ws://127.0.0.1:${chat.port}` });
    creator = await account(api, 'creator');
    other = await account(api, 'creator');
    await connectTwitch(api, creator, channel, `9${backendName.length}001`);
  });
  afterAll(async () => {
    await api?.close();
    await chat?.close();
    await backend?.cleanup();
  });

  it('Archive Chat turns archiving on: the ingester joins, the replayed session is stored with its tags and moderation', async () => {
    const before = await get('/api/archive/days?platform=twitch');
    expect(before.body).toEqual({
      channel: { login: channel, displayName: channel, archiving: false, live: false, supported: true, problem: null },
      days: [],
      streams: [],
    });

    const on = await api.request('PUT', '/api/archive/settings', {
      token: creator.token,
      json: { platform: 'twitch', archiving: true },
    });
    expect(on.status, on.text).toBe(200);
    expect(on.body.channel).toMatchObject({ archiving: true });
    await chat.waitForJoin(channel);
    await until(
      () => get('/api/archive/days?platform=twitch').then((a) => (a.body.channel as { live: boolean }).live),
      (live) => live,
    );

    await chat.replay(channel, SYNTHETIC_SESSION);
    await until(written, (count) => count === 11);
    const days = (await get(`/api/archive/days?platform=twitch&date=${today()}`)).body.days as {
      day: string;
      messages: number;
      chatters: number;
      gaps: number;
    }[];
    expect(days).toEqual([expect.objectContaining({ day: today(), channel, messages: 11, chatters: 8, gaps: 0 })]);

    const page = await get(`/api/archive/messages?platform=twitch&date=${today()}`);
    expect(page.status, page.text).toBe(200);
    const messages = page.body.messages as {
      login: string;
      displayName: string;
      text: string;
      badges: string;
      color: string | null;
      bits: number | null;
      kind: string;
      moderated: boolean;
      sentAt: number;
    }[];
    expect(messages).toHaveLength(11);
    expect(messages.map((m) => m.sentAt)).toEqual([...messages.map((m) => m.sentAt)].sort((a, b) => a - b));
    expect(messages[0]).toMatchObject({
      login: 'pixelpaladin',
      displayName: 'PixelPaladin',
      badges: 'subscriber/12,premium/1',
      color: '#1E90FF',
      kind: 'privmsg',
      moderated: false,
    });
    expect(messages.find((m) => m.login === 'cheerfulchen')).toMatchObject({ bits: 100 });
    expect(messages.find((m) => m.login === 'lurker_lou')!.text).toBe('<b>is this bold?</b> & other "quotes"');
    expect(messages.find((m) => m.login === 'novafan')).toMatchObject({
      kind: 'sub',
      text: 'hyped for the sponsor segment',
    });
    expect(messages.find((m) => m.login === 'unicode_uma')).toMatchObject({
      displayName: 'Ünïcødé_Uma',
      text: 'ça va? これはテストです 🎮',
    });
    // The timeout (CLEARCHAT) cleared the spammer's message: kept, flagged, with the event.
    expect(messages.find((m) => m.login === 'spamsam')).toMatchObject({ moderated: true });
    expect(
      (page.body.events as { kind: string; targetLogin: string | null; duration: number | null }[]).map((e) => [
        e.kind,
        e.targetLogin,
        e.duration,
      ]),
    ).toEqual([
      ['clearmsg', 'spamsam', null],
      ['clearchat', 'spamsam', 600],
    ]);
  });

  it('a message removed by a moderator (CLEARMSG) is flagged; a replayed id is stored once', async () => {
    chat.send(channel, privmsg(channel, 'fixed-id-1', 'rude_rick', 'something rude'));
    chat.send(channel, privmsg(channel, 'fixed-id-1', 'rude_rick', 'something rude'));
    chat.send(
      channel,
      `@login=rude_rick;room-id=1;target-msg-id=fixed-id-1;tmi-sent-ts=${Date.now()} :tmi.twitch.tv CLEARMSG #${channel} :something rude`,
    );
    await until(
      () => get(`/api/archive/search?q=rude&platform=twitch`),
      (a) => (a.body.messages as { moderated: boolean }[]).some((m) => m.moderated),
    );
    const found = (await get(`/api/archive/search?q=rude&platform=twitch`)).body.messages as {
      msgId: string;
      moderated: boolean;
    }[];
    expect(found).toEqual([expect.objectContaining({ msgId: 'fixed-id-1', moderated: true })]);
  });

  it('search: full text (words in any order, accents folded), by chatter, by date range, newest first', async () => {
    const words = await get('/api/archive/search?q=lantern');
    expect((words.body.messages as { login: string }[]).map((m) => m.login)).toEqual(['retro_rosa', 'modmarlo']);
    expect(((await get('/api/archive/search?q=keyword%20giveaway')).body.messages as unknown[]).length).toBe(1);
    if (backendName === 'sqlite')
      expect(((await get('/api/archive/search?q=ca%20va')).body.messages as unknown[]).length).toBe(1);
    expect(((await get('/api/archive/search?user=PixelPaladin')).body.messages as unknown[]).length).toBe(2);
    expect(((await get('/api/archive/search?q=lantern&user=modmarlo')).body.messages as unknown[]).length).toBe(1);
    expect(
      ((await get(`/api/archive/search?q=lantern&from=${today()}&to=${today()}`)).body.messages as unknown[]).length,
    ).toBe(2);
    expect(((await get('/api/archive/search?q=lantern&to=2000-01-01')).body.messages as unknown[]).length).toBe(0);
    // FTS syntax in a search is only words.
    expect((await get('/api/archive/search?q=%22lantern%20OR%20NEAR(x*')).status).toBe(200);
    expect((await get('/api/archive/search')).status).toBe(400);
    expect((await get('/api/archive/search?q=lantern', other)).body.messages).toEqual([]);
  });

  it('exports a day as NDJSON, CSV and justlog text, streamed', async () => {
    const ndjson = await get(`/api/archive/export?format=ndjson&platform=twitch&date=${today()}`);
    expect(ndjson.status).toBe(200);
    expect(ndjson.headers.get('content-type')).toMatch(/^application\/x-ndjson/);
    expect(ndjson.headers.get('content-disposition')).toBe(
      `attachment; filename="castbridge-chat-twitch-${today()}.ndjson"`,
    );
    const rows = ndjson.text
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { login: string; text: string; moderated: boolean });
    expect(rows).toHaveLength(12);
    expect(rows.find((r) => r.login === 'lurker_lou')!.text).toBe('<b>is this bold?</b> & other "quotes"');

    const csv = await get(`/api/archive/export?format=csv&platform=twitch&date=${today()}`);
    const lines = csv.text.trim().split('\r\n');
    expect(lines[0]).toBe(
      '"sent_at","platform","channel","msg_id","user_id","login","display_name","color","badges","bits","kind","moderated","text"',
    );
    expect(lines).toHaveLength(13);
    expect(csv.text).toContain('"<b>is this bold?</b> & other ""quotes"""');

    const text = await get(`/api/archive/export?format=text&platform=twitch&date=${today()}`);
    expect(text.text.split('\n')[0]).toMatch(
      new RegExp(`^\\[${today()} \\d\\d:\\d\\d:\\d\\d\\] #${channel} pixelpaladin: good evening chat`),
    );

    // Page by page (3 rows a page here): every message once, in time order; a search's pages follow the index.
    const paged: { id: number; sentAt: number }[] = [];
    for await (const message of api.castbridge.services.archive.export(
      creator.id,
      { platform: 'twitch', day: today() },
      3,
    ))
      paged.push(message);
    expect(paged).toHaveLength(12);
    expect(new Set(paged.map((m) => m.id)).size).toBe(12);
    expect(paged.map((m) => m.sentAt)).toEqual([...paged.map((m) => m.sentAt)].sort((a, b) => a - b));
    const everything: unknown[] = [];
    for await (const message of api.castbridge.services.archive.export(creator.id, {}, 5)) everything.push(message);
    expect(everything).toHaveLength(12);
    const lanterns: unknown[] = [];
    for await (const message of api.castbridge.services.archive.export(creator.id, { q: 'lantern' }, 1))
      lanterns.push(message);
    expect(lanterns).toHaveLength(2);

    const search = await get('/api/archive/export?format=ndjson&q=lantern');
    expect(search.text.trim().split('\n')).toHaveLength(2);
    expect((await get('/api/archive/export?format=xml&date=2026-01-01')).status).toBe(400);
    expect((await get('/api/archive/export?format=ndjson')).status).toBe(400);
    expect((await get(`/api/archive/export?format=ndjson&platform=twitch&date=${today()}`, other)).text).toBe('');
  });

  it('malformed lines and a 10 MB line are skipped and counted; ingestion goes on', async () => {
    chat.send(channel, [
      'this is not irc at all',
      '@only-tags',
      `@id=;tmi-sent-ts=nope :x!x@x.tmi.twitch.tv PRIVMSG #${channel} :no id, no time`,
      `:tmi.twitch.tv PRIVMSG #${channel} :no tags`,
    ]);
    chat.send(channel, privmsg(channel, 'flood-1', 'flooder', 'x'.repeat(10 * 1024 * 1024)));
    chat.send(channel, privmsg(channel, 'after-flood', 'steady_sue', 'still here after the flood'));
    await until(
      () => get('/api/archive/search?q=flood'),
      (a) => (a.body.messages as unknown[]).length === 1,
    );
    const state = await api.castbridge.db
      .selectFrom('chat_ingest_state')
      .select('skipped')
      .where('user_id', '=', creator.id)
      .executeTakeFirstOrThrow();
    expect(Number(state.skipped)).toBeGreaterThanOrEqual(5);
    expect(((await get('/api/archive/search?user=flooder')).body.messages as unknown[]).length).toBe(0);
  });

  it('a lost connection is a gap, recorded once the ingester is back', async () => {
    chat.dropAll();
    await until(
      () => get(`/api/archive/messages?platform=twitch&date=${today()}`),
      (a) =>
        (a.body.events as { kind: string; until: number | null }[]).some((e) => e.kind === 'gap' && e.until !== null),
      15_000,
    );
    await chat.waitForJoin(channel);
    chat.send(channel, privmsg(channel, 'after-gap', 'back_bea', 'back after the gap'));
    await until(
      () => get('/api/archive/search?q=gap'),
      (a) => (a.body.messages as unknown[]).length === 1,
    );
    expect((await get(`/api/archive/days?platform=twitch&date=${today()}`)).body.days).toEqual([
      expect.objectContaining({ gaps: 1 }),
    ]);
  });

  it('the wrong user: anonymous 401, advertisers 403; another creator\u2019s day is 404 and its deletes find nothing', async () => {
    const advertiser = await account(api, 'advertiser');
    for (const path of [
      `/api/archive/days?platform=twitch`,
      `/api/archive/messages?platform=twitch&date=${today()}`,
      '/api/archive/search?q=lantern',
      '/api/archive/export?format=csv&date=2026-01-01',
    ]) {
      expect((await api.request('GET', path)).status).toBe(401);
      expect((await get(path, advertiser)).status).toBe(403);
    }
    expect(
      (
        await api.request('PUT', '/api/archive/settings', {
          token: advertiser.token,
          json: { platform: 'twitch', archiving: true },
        })
      ).status,
    ).toBe(403);
    expect((await get(`/api/archive/messages?platform=twitch&date=${today()}`, other)).status).toBe(404);
    expect((await get(`/api/archive/days?platform=twitch`, other)).body).toEqual({
      channel: null,
      days: [],
      streams: [],
    });
    expect(
      (await api.request('DELETE', `/api/archive/days/${today()}?platform=twitch`, { token: other.token })).status,
    ).toBe(404);
    expect(
      (await api.request('DELETE', '/api/archive/chatters/90112233?platform=twitch', { token: other.token })).status,
    ).toBe(404);
    expect((await api.request('DELETE', '/api/archive', { token: other.token })).body).toEqual({ deleted: 0 });
    const settings = await api.request('PUT', '/api/archive/settings', {
      token: other.token,
      json: { platform: 'twitch', archiving: true },
    });
    expect(settings.status).toBe(409);
    expect(settings.body).toMatchObject({
      code: 'archive.not_connected',
      message: 'Connect your Twitch account first (Connect Accounts)',
    });
    // In the reader's language (docs/architecture.md §Languages), with the same code.
    const spanish = await api.request('DELETE', '/api/archive/chatters/90112233?platform=twitch', {
      token: other.token,
      headers: { 'accept-language': 'es-MX' },
    });
    expect(spanish.body).toMatchObject({
      code: 'archive.chatter_unknown',
      message: 'No hay nada del participante 90112233 archivado en Twitch',
    });
    expect(((await get('/api/archive/search?q=lantern')).body.messages as unknown[]).length).toBe(2);
  });

  it('deletes a chatter\u2019s messages, a day and everything for real (rows and index entries gone)', async () => {
    // By the chatter's id (retro_rosa's user-id tag in the synthetic session).
    const gone = await api.request('DELETE', '/api/archive/chatters/90112233?platform=twitch', {
      token: creator.token,
    });
    expect(gone.body).toEqual({ deleted: 2 });
    expect(
      ((await get('/api/archive/search?q=lantern')).body.messages as { login: string }[]).map((m) => m.login),
    ).toEqual(['modmarlo']);
    if (backendName === 'sqlite') {
      const { sql } = await import('kysely');
      const indexed = await sql<{
        n: number;
      }>`select count(*) as n from chat_messages_fts where chat_messages_fts match '"first" "time" "overlay"'`.execute(
        api.castbridge.db,
      );
      expect(Number(indexed.rows[0]!.n)).toBe(0);
    }
    const day = await api.request('DELETE', `/api/archive/days/${today()}?platform=twitch`, { token: creator.token });
    expect(day.status, day.text).toBe(200);
    expect((day.body.deleted as number) > 5).toBe(true);
    expect((await get(`/api/archive/days?platform=twitch`)).body.days).toEqual([]);
    expect((await get(`/api/archive/messages?platform=twitch&date=${today()}`)).status).toBe(404);
    // Off: the ingester leaves the channel.
    const off = await api.request('PUT', '/api/archive/settings', {
      token: creator.token,
      json: { platform: 'twitch', archiving: false },
    });
    expect(off.body.channel).toMatchObject({ archiving: false, live: false });
    await until(
      async () => chat.joined(),
      (joined) => !joined.includes(channel),
    );
  });

  it('after a restart, the time the server was down is a gap', async () => {
    await api.request('PUT', '/api/archive/settings', {
      token: creator.token,
      json: { platform: 'twitch', archiving: true },
    });
    await chat.waitForJoin(channel);
    chat.send(channel, privmsg(channel, 'before-restart', 'early_eve', 'before the restart'));
    await until(written, (count) => count === 1);
    await api.close();
    // Down for a minute: the last time the stopped server knew the channel was received (its last batch or touch,
    // written in chat_ingest_state) is put a minute back, as if it had stopped then, instead of the test sleeping.
    const seen = Date.now() - 60_000;
    const { db } = openDatabase(testConfig(backend));
    try {
      const moved = await db
        .updateTable('chat_ingest_state')
        .set({ last_seen: seen })
        .where('user_id', '=', creator.id)
        .where('platform', '=', 'twitch')
        .executeTakeFirst();
      expect(Number(moved.numUpdatedRows)).toBe(1);
    } finally {
      await db.destroy();
    }
    const restarted = Date.now();
    api = await startApp(backend, { TWITCH_CHAT_URL: `ws://127.0.0.1:${chat.port}` });
    // A gap is listed on the day it starts.
    const day = new Date(seen).toISOString().slice(0, 10);
    await until(
      () => get(`/api/archive/messages?platform=twitch&date=${day}`),
      (a) => (a.body.events as { kind: string }[]).some((e) => e.kind === 'gap'),
    );
    const events = (await get(`/api/archive/messages?platform=twitch&date=${day}`)).body.events as {
      kind: string;
      at: number;
      until: number;
    }[];
    // The gap runs from the last moment known to be received until the restart.
    const gap = events.find((e) => e.kind === 'gap')!;
    expect(gap.at).toBe(seen);
    expect(gap.until).toBeGreaterThanOrEqual(restarted);
    const all = await api.request('DELETE', '/api/archive', { token: creator.token });
    expect(all.body).toEqual({ deleted: 1 });
  });
});
