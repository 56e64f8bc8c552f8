// The chat archive's queries and deletions (docs/product.md §Chat archive) over archived rows written directly, on SQLite and PostgreSQL:
// a chatter is deleted and moderated by their id (names collide and change), a date range open at one end, dates
// that are no day of the calendar, and a stream's export narrowed by words.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChannelKey, ChatLine } from '../../server/archive/store.ts';
import { youtubeItem, youtubeLogin } from '../../server/archive/youtube-source.ts';
import { privmsg } from './chat-lines.ts';
import { BACKENDS, makeBackend, startApp, type Backend, type Client } from './helpers.ts';
import { account, type Account } from './market.ts';

const at = (iso: string) => Date.parse(iso);

/** A YouTube text message as liveChatMessages.list gives it, read by the YouTube source. */
function youtubeLine(id: string, channelId: string, displayName: string, text: string, sentAt: number): ChatLine {
  const read = youtubeItem({
    id,
    snippet: {
      type: 'textMessageEvent',
      publishedAt: new Date(sentAt).toISOString(),
      textMessageDetails: { messageText: text },
    },
    authorDetails: { channelId, displayName },
  });
  if (!read || !('line' in read)) throw new Error(`not a line: ${id}`);
  return read.line;
}

const twitchLine = (id: string, chatterId: string, login: string, text: string, sentAt: number): ChatLine =>
  privmsg(id, sentAt, chatterId, login, text);

const YAMADA = 'UCyamada00000000000000000';
const ALEXEI = 'UCalexei00000000000000000';
const MINSU = 'UCminsu000000000000000000';
const ALEX_ONE = 'UCalexone0000000000000000';
const ALEX_TWO = 'UCalextwo0000000000000000';

describe('youtubeLogin', () => {
  it('keeps names in any script apart, readable', () => {
    expect(['山田', 'Алексей', '김민수', 'राहुल'].map(youtubeLogin)).toEqual(['山田', 'алексей', '김민수', 'राहुल']);
    expect(youtubeLogin('@Troll Tom')).toBe('troll_tom');
    expect(youtubeLogin('!!!')).toBe('_');
    expect(youtubeLogin('')).toBe('unknown');
  });
});

describe.each(BACKENDS)('the chat archive’s queries on %s', (backendName) => {
  let backend: Backend;
  let api: Client;
  let creator: Account;
  let other: Account;
  let youtube: ChannelKey;
  let twitch: ChannelKey;

  const get = (path: string, who: Account = creator) => api.request('GET', path, { token: who.token });
  const remove = (path: string, who: Account = creator) => api.request('DELETE', path, { token: who.token });
  const day = (platform: string, date: string) =>
    get(`/api/archive/messages?platform=${platform}&date=${date}`).then(
      (a) =>
        a.body as {
          messages: { chatterId: string; login: string; moderated: boolean }[];
          events: { kind: string; targetLogin: string | null }[];
        },
    );

  beforeAll(async () => {
    backend = await makeBackend(backendName);
    api = await startApp(backend, { TWITCH_CHAT_URL: 'ws://127.0.0.1:9' });
    creator = await account(api, 'creator');
    other = await account(api, 'creator');
    youtube = { userId: creator.id, platform: 'youtube', channelId: `UCcreator_${backendName}`, channel: 'Creator' };
    twitch = {
      userId: creator.id,
      platform: 'twitch',
      channelId: `7${backendName.length}00`,
      channel: `queries_${backendName}`,
    };
    const { archive } = api.castbridge.services;
    await archive.write(youtube, {
      messages: [
        youtubeLine('y1', YAMADA, '山田', 'こんばんは', at('2026-01-02T10:00:00Z')),
        youtubeLine('y2', ALEXEI, 'Алексей', 'привет', at('2026-01-02T10:01:00Z')),
        youtubeLine('y3', MINSU, '김민수', '안녕하세요', at('2026-01-02T10:02:00Z')),
        youtubeLine('y4', ALEX_ONE, 'Alex', 'hi from the first alex', at('2026-01-02T10:03:00Z')),
        youtubeLine('y5', ALEX_TWO, 'Alex', 'hi from the second alex', at('2026-01-02T10:04:00Z')),
      ],
      moderation: [],
      skipped: 0,
      seenAt: at('2026-01-02T10:05:00Z'),
    });
    await archive.write(twitch, {
      messages: [
        twitchLine('t1', '4242', 'old_name', 'a lantern on the first', at('2026-01-01T20:00:00Z')),
        twitchLine('t2', '4242', 'old_name', 'a lantern before the stream', at('2026-01-02T09:30:00Z')),
        twitchLine('t3', '5151', 'someone', 'a lantern during the stream', at('2026-01-02T10:30:00Z')),
        twitchLine('t4', '5151', 'someone', 'no light during the stream', at('2026-01-02T10:40:00Z')),
        twitchLine('t5', '5151', 'someone', 'a lantern after the stream', at('2026-01-02T11:30:00Z')),
        // The chatter renamed themself; their old login went to someone else.
        twitchLine('t6', '4242', 'new_name', 'a lantern on the third', at('2026-01-03T08:00:00Z')),
        twitchLine('t7', '6363', 'old_name', 'a lantern from the new owner of the name', at('2026-01-03T09:00:00Z')),
        twitchLine('b1', '7777', 'keeper', 'a beacon on the first', at('2026-01-01T12:00:00Z')),
        twitchLine('b2', '7777', 'keeper', 'a beacon on the second', at('2026-01-02T12:00:00Z')),
        twitchLine('b3', '7777', 'keeper', 'a beacon on the third', at('2026-01-03T12:00:00Z')),
      ],
      // Twitch's CLEARCHAT as the source reads it, naming the login: the first owner's timeout, then the new owner's.
      moderation: [
        { kind: 'clearchat', at: at('2026-01-01T20:05:00Z'), targetLogin: 'old_name', targetMsgId: null, duration: 60 },
        { kind: 'clearchat', at: at('2026-01-03T09:05:00Z'), targetLogin: 'old_name', targetMsgId: null, duration: 60 },
      ],
      skipped: 0,
      seenAt: at('2026-01-03T09:00:00Z'),
    });
    await archive.streamLive(
      twitch,
      { streamId: 'stream-1', title: 'Lantern night', startedAt: at('2026-01-02T10:00:00Z') },
      at('2026-01-02T11:00:00Z'),
    );
    await archive.streamOffline(twitch, at('2026-01-02T11:00:00Z'));
  });
  afterAll(async () => {
    await api?.close();
    await backend?.cleanup();
  });

  it('YouTube chatters in other scripts keep their own logins, and are found by them', async () => {
    const { messages } = await day('youtube', '2026-01-02');
    expect(messages.map((m) => m.login)).toEqual(['山田', 'алексей', '김민수', 'alex', 'alex']);
    const found = await get(`/api/archive/search?platform=youtube&user=${encodeURIComponent('Алексей')}`);
    expect(found.status, found.text).toBe(200);
    expect((found.body.messages as { chatterId: string }[]).map((m) => m.chatterId)).toEqual([ALEXEI]);
  });

  it('a YouTube ban flags the banned chatter’s messages only, by their channel id', async () => {
    const ban = youtubeItem({
      id: 'ban-yamada',
      snippet: {
        type: 'userBannedEvent',
        publishedAt: '2026-01-02T10:10:00Z',
        userBannedDetails: { bannedUserDetails: { channelId: YAMADA, displayName: '山田' }, banType: 'permanent' },
      },
    });
    expect(ban).toMatchObject({ moderation: { kind: 'clearchat', targetId: YAMADA, targetLogin: '山田' } });
    // Another Alex is banned: the Alex who was not keeps their message unflagged.
    const banAlex = youtubeItem({
      id: 'ban-alex',
      snippet: {
        type: 'userBannedEvent',
        publishedAt: '2026-01-02T10:11:00Z',
        userBannedDetails: { bannedUserDetails: { channelId: ALEX_TWO, displayName: 'Alex' }, banType: 'permanent' },
      },
    });
    // A ban that names nobody cannot be told from clearing the whole chat: it is not read.
    expect(
      youtubeItem({
        id: 'ban-nobody',
        snippet: {
          type: 'userBannedEvent',
          publishedAt: '2026-01-02T10:12:00Z',
          userBannedDetails: { banType: 'permanent' },
        },
      }),
    ).toBeNull();
    const moderation = [ban, banAlex]
      .map((read) => (read && 'moderation' in read ? read.moderation : null))
      .filter((event) => event !== null);
    await api.castbridge.services.archive.write(youtube, {
      messages: [],
      moderation,
      skipped: 0,
      seenAt: at('2026-01-02T10:12:00Z'),
    });
    const { messages, events } = await day('youtube', '2026-01-02');
    expect(messages.filter((m) => m.moderated).map((m) => m.chatterId)).toEqual([YAMADA, ALEX_TWO]);
    expect(events.map((e) => [e.kind, e.targetLogin])).toEqual([
      ['clearchat', '山田'],
      ['clearchat', 'alex'],
    ]);
  });

  it('a chatter’s deletion goes by their id: nobody else of the same (or a collapsed) name, every name they had', async () => {
    const alexei = await remove(`/api/archive/chatters/${ALEXEI}?platform=youtube`);
    expect(alexei.status, alexei.text).toBe(200);
    expect(alexei.body).toEqual({ deleted: 1 });
    const alex = await remove(`/api/archive/chatters/${ALEX_ONE}?platform=youtube`);
    expect(alex.body).toEqual({ deleted: 1 });
    const yamada = await remove(`/api/archive/chatters/${YAMADA}?platform=youtube`);
    expect(yamada.body).toEqual({ deleted: 1 });
    const { messages, events } = await day('youtube', '2026-01-02');
    expect(messages.map((m) => m.chatterId)).toEqual([MINSU, ALEX_TWO]);
    // Their ban went with them; the other Alex's stays.
    expect(events.map((e) => e.targetLogin)).toEqual(['alex']);

    // Twitch: the messages under their earlier login go too; the login's new owner keeps theirs.
    const renamed = await remove('/api/archive/chatters/4242?platform=twitch');
    expect(renamed.body).toEqual({ deleted: 3 });
    const left = (await get('/api/archive/search?q=lantern&platform=twitch')).body.messages as {
      msgId: string;
      moderated: boolean;
    }[];
    expect(left.map((m) => [m.msgId, m.moderated])).toEqual([
      ['t7', true],
      ['t5', false],
      ['t3', false],
    ]);
    expect((await day('twitch', '2026-01-01')).events).toEqual([]);
    expect((await day('twitch', '2026-01-03')).events.map((e) => [e.kind, e.targetLogin])).toEqual([
      ['clearchat', 'old_name'],
    ]);

    expect((await remove('/api/archive/chatters/4242?platform=twitch')).status).toBe(404);
    expect((await remove(`/api/archive/chatters/${MINSU}?platform=youtube`, other)).status).toBe(404);
    expect((await remove(`/api/archive/chatters/${MINSU}?platform=twitch`)).status).toBe(404);
    const malformed = await remove(`/api/archive/chatters/${encodeURIComponent('no such id')}?platform=youtube`);
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toMatch(/^chatterId: /);
    expect((await remove(`/api/archive/chatters/${MINSU}`)).status).toBe(400);
    expect((await day('youtube', '2026-01-02')).messages).toHaveLength(2);
  });

  it('a date range open at one end reaches every day on its side', async () => {
    const days = async (range: string) =>
      ((await get(`/api/archive/search?q=beacon&platform=twitch&${range}`)).body.messages as { sentAt: number }[]).map(
        (m) => new Date(m.sentAt).toISOString().slice(0, 10),
      );
    expect(await days('from=2026-01-02')).toEqual(['2026-01-03', '2026-01-02']);
    expect(await days('to=2026-01-02')).toEqual(['2026-01-02', '2026-01-01']);
    expect(await days('from=2026-01-02&to=2026-01-02')).toEqual(['2026-01-02']);
    expect(await days('from=2026-01-04')).toEqual([]);
    expect(await days('to=2025-12-31')).toEqual([]);
  });

  it('a date that is no day of the calendar is a 400 with a message, wherever a date is taken', async () => {
    for (const path of [
      '/api/archive/messages?platform=twitch&date=2024-13-45&at=10:00',
      '/api/archive/messages?platform=twitch&date=2025-02-29',
      '/api/archive/days?platform=twitch&date=2024-04-31',
      '/api/archive/search?q=lantern&from=2024-13-45',
      '/api/archive/search?q=lantern&to=2024-02-30',
      '/api/archive/export?format=ndjson&from=2024-00-10',
      '/api/archive/export?format=ndjson&date=2024-13-45',
    ]) {
      const answer = await get(path);
      expect(answer.status, `${path}: ${answer.text}`).toBe(400);
      expect(answer.body.message, path).toMatch(/^(date|from|to): is not a day of the calendar$/);
    }
    const deletion = await remove('/api/archive/days/2024-13-45?platform=twitch');
    expect(deletion.status).toBe(400);
    expect(deletion.body.message).toBe('date: is not a day of the calendar');
    // The path's refusals have codes of their own, and Spanish for a Spanish reader.
    const spanish = (path: string) =>
      api.request('DELETE', path, { token: creator.token, headers: { 'accept-language': 'es-MX' } });
    expect((await spanish('/api/archive/days/2024-13-45?platform=twitch')).body).toEqual({
      code: 'archive.date_not_a_day',
      message: 'date: no es un día del calendario',
    });
    expect((await spanish('/api/archive/days/yesterday?platform=twitch')).body).toEqual({
      code: 'archive.date_malformed',
      message: 'date: debe ser una fecha con el formato AAAA-MM-DD',
    });
    expect((await spanish('/api/archive/chatters/no%20such%20id?platform=twitch')).body).toEqual({
      code: 'archive.chatter_id_malformed',
      message: 'chatterId: debe ser el id de un participante (el chatterId de sus mensajes)',
    });
    // A real leap day is a day.
    expect((await get('/api/archive/search?q=lantern&from=2024-02-29')).status).toBe(200);
  });

  it('a stream’s export with words holds only the stream’s messages with them', async () => {
    const [stream] = (await get('/api/archive/days?platform=twitch')).body.streams as { id: number }[];
    const exported = await get(`/api/archive/export?format=ndjson&stream=${stream!.id}&q=lantern`);
    expect(exported.status, exported.text).toBe(200);
    // NDJSON's id is the platform's message id.
    const ids = (text: string) =>
      text
        .trim()
        .split('\n')
        .map((line) => (JSON.parse(line) as { id: string }).id);
    expect(ids(exported.text)).toEqual(['t3']);
    expect(ids((await get(`/api/archive/export?format=ndjson&stream=${stream!.id}`)).text)).toEqual(['t3', 't4']);
  });
});
