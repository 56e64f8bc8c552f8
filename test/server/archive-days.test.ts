// The Archive Chat list (docs/product.md §Chat archive) reads kept summaries of days and streams (migration 0017); on SQLite and
// PostgreSQL it must answer exactly what counting the archive answers. Batches (replayed ids, renamed chatters, a
// renamed channel, two platforms, chat past midnight and after a stream ended), streams starting, ending and ending
// another, then the deletion of a chatter, a day, a stream, a platform and everything: after each step GET
// /api/archive/days, with and without a date, equals a GROUP BY over chat_messages. Another creator's archive is
// untouched throughout, and the migration counts an archive kept before it the same way.
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ArchiveDay, ArchiveStream } from '../../contract/archive.ts';
import type { ConnectPlatform } from '../../contract/connections.ts';
import { streamRange, type ChannelKey, type ChatLine } from '../../server/archive/store.ts';
import { down, up } from '../../server/db/migrations/0017_archive_days.ts';
import { privmsg } from './chat-lines.ts';
import { BACKENDS, makeBackend, startApp, type Backend, type Client } from './helpers.ts';
import { account, type Account } from './market.ts';

const at = (day: string, time: string) => Date.parse(`${day}T${time}Z`);

let seq = 0;
const line = (sentAt: number, chatterId: string, login: string, msgId = `m${(seq += 1)}`): ChatLine =>
  privmsg(msgId, sentAt, chatterId, login, `hello from ${login}`);

/** `count` messages from `from` on, one a minute, by chatters taken in turn from `chatters`. */
const burst = (from: number, count: number, chatters: [string, string][]) =>
  Array.from({ length: count }, (_, i) => line(from + i * 60_000, ...chatters[i % chatters.length]!));

describe.each(BACKENDS)('the Archive Chat list on %s equals counting the archive', (backendName) => {
  let backend: Backend;
  let api: Client;
  let creator: Account;
  let other: Account;
  let twitch: ChannelKey;
  let youtube: ChannelKey;
  let otherTwitch: ChannelKey;

  const write = (key: ChannelKey, messages: ChatLine[]) =>
    api.castbridge.services.archive.write(key, { messages, moderation: [], skipped: 0, seenAt: Date.now() });

  /** What the list answered before it was kept: every figure counted off the messages. */
  async function counted(
    userId: string,
    platform: ConnectPlatform,
    date?: string,
  ): Promise<{ days: ArchiveDay[]; streams: ArchiveStream[] }> {
    const { db } = api.castbridge;
    const days = await db
      .selectFrom('chat_messages')
      .select((eb) => [
        'day',
        eb.fn.max('channel').as('channel'),
        eb.fn.countAll<number>().as('messages'),
        eb.fn.count<number>('login').distinct().as('chatters'),
        eb.fn.min('sent_at').as('first'),
        eb.fn.max('sent_at').as('last'),
      ])
      .where('user_id', '=', userId)
      .where('platform', '=', platform)
      .$if(Boolean(date), (q) => q.where('day', '=', date!))
      .groupBy('day')
      .orderBy('day', 'desc')
      .execute();
    const gaps = await db
      .selectFrom('chat_events')
      .select((eb) => ['day', eb.fn.countAll<number>().as('gaps')])
      .where('user_id', '=', userId)
      .where('platform', '=', platform)
      .where('kind', '=', 'gap')
      .groupBy('day')
      .execute();
    let streams = db
      .selectFrom('chat_streams')
      .selectAll()
      .where('user_id', '=', userId)
      .where('platform', '=', platform);
    if (date)
      streams = streams
        .where('start_day', '<=', date)
        .where((eb) => eb.or([eb('end_day', '>=', date), eb('ended_at', 'is', null)]));
    const rows = await streams.orderBy('started_at', 'desc').limit(500).execute();
    return {
      days: days.map((row) => ({
        platform,
        day: row.day,
        channel: String(row.channel),
        messages: Number(row.messages),
        chatters: Number(row.chatters),
        first: Number(row.first),
        last: Number(row.last),
        gaps: Number(gaps.find((gap) => gap.day === row.day)?.gaps ?? 0),
      })),
      streams: await Promise.all(
        rows.map(async (row) => {
          const { startDay, endDay, from, to } = streamRange(row);
          const count = await db
            .selectFrom('chat_messages')
            .select((eb) => [
              eb.fn.countAll<number>().as('messages'),
              eb.fn.count<number>('login').distinct().as('chatters'),
            ])
            .where('user_id', '=', userId)
            .where('platform', '=', platform)
            .where('day', '>=', startDay)
            .where('day', '<=', endDay)
            .where('sent_at', '>=', from)
            .where('sent_at', '<=', to)
            .executeTakeFirstOrThrow();
          return {
            id: Number(row.id),
            platform,
            channel: row.channel,
            title: row.title,
            startedAt: Number(row.started_at),
            endedAt: row.ended_at === null ? null : Number(row.ended_at),
            messages: Number(count.messages),
            chatters: Number(count.chatters),
          };
        }),
      ),
    };
  }

  /** The list of each creator and platform, without a date and for every date there is, equals the counted one. */
  async function expectExact(): Promise<{ days: number; messages: number }> {
    let days = 0;
    let messages = 0;
    for (const who of [creator, other]) {
      for (const platform of ['twitch', 'youtube'] as const) {
        const listed = await api.request('GET', `/api/archive/days?platform=${platform}`, { token: who.token });
        expect(listed.status, listed.text).toBe(200);
        const expected = await counted(who.id, platform);
        expect({ days: listed.body.days, streams: listed.body.streams }, `${platform} without a date`).toEqual(
          expected,
        );
        const dates = new Set([
          ...expected.days.map((day) => day.day),
          '2026-03-01',
          '2026-03-02',
          '2026-03-03',
          '2026-03-04',
          '2026-03-05',
        ]);
        for (const date of dates) {
          const one = await api.request('GET', `/api/archive/days?platform=${platform}&date=${date}`, {
            token: who.token,
          });
          expect({ days: one.body.days, streams: one.body.streams }, `${platform} on ${date}`).toEqual(
            await counted(who.id, platform, date),
          );
        }
        if (who === creator) {
          days += expected.days.length;
          messages += expected.days.reduce((sum, day) => sum + day.messages, 0);
        }
      }
    }
    return { days, messages };
  }

  const remove = async (path: string) => {
    const answer = await api.request('DELETE', path, { token: creator.token });
    expect(answer.status, answer.text).toBe(200);
    return answer.body.deleted as number;
  };

  beforeAll(async () => {
    backend = await makeBackend(backendName);
    api = await startApp(backend);
    creator = await account(api, 'creator');
    other = await account(api, 'creator');
    twitch = { userId: creator.id, platform: 'twitch', channelId: '5001', channel: 'nova_runs' };
    youtube = { userId: creator.id, platform: 'youtube', channelId: 'UCnova', channel: 'Nova Runs' };
    otherTwitch = { userId: other.id, platform: 'twitch', channelId: '5002', channel: 'other_chan' };
  });
  afterAll(async () => {
    await api?.close();
    await backend?.cleanup();
  });

  it('ingested: batches, replays, renames, a stream found after its chat, streams ending and past midnight', async () => {
    const { archive } = api.castbridge.services;
    const regulars: [string, string][] = [
      ['11', 'ana'],
      ['12', 'ben'],
      ['13', 'cy'],
      ['14', 'dee'],
    ];
    // Day one: chat before and during a stream that runs past midnight; the stream is reported after its chat began.
    await write(twitch, burst(at('2026-03-01', '20:00:00'), 90, regulars));
    await archive.streamLive(
      twitch,
      { streamId: 's1', title: 'Late night', startedAt: at('2026-03-01', '21:00:00') },
      at('2026-03-01', '21:30:00'),
    );
    const during = burst(at('2026-03-01', '21:30:00'), 200, [...regulars, ['15', 'eve']]);
    await write(twitch, during);
    // A replay is stored (and counted) once; ben renamed himself benny (same id); 'eve' is also another chatter's login.
    await write(twitch, [
      ...during.slice(0, 50),
      line(at('2026-03-02', '00:30:00'), '12', 'benny'),
      line(at('2026-03-02', '00:31:00'), '99', 'eve'),
    ]);
    await archive.streamLive(
      twitch,
      { streamId: 's1', title: 'Late night', startedAt: at('2026-03-01', '21:00:00') },
      at('2026-03-02', '01:00:00'),
    );
    await archive.streamOffline(twitch, at('2026-03-02', '01:30:00'));
    // Chat after the stream, and on the third day a stream that a new one ends (the platform moved on).
    await write(twitch, burst(at('2026-03-02', '09:00:00'), 40, regulars));
    await archive.streamLive(
      twitch,
      { streamId: 's2', title: 'Morning', startedAt: at('2026-03-03', '08:00:00') },
      at('2026-03-03', '08:00:00'),
    );
    await write(twitch, burst(at('2026-03-03', '08:00:00'), 120, regulars));
    await archive.streamLive(
      twitch,
      { streamId: 's3', title: 'Afternoon', startedAt: at('2026-03-03', '09:00:00') },
      at('2026-03-03', '10:30:00'),
    );
    // The channel renamed on the fourth day: the day shows the greater of its names, as counting does.
    await write({ ...twitch, channel: 'nova' }, burst(at('2026-03-04', '10:00:00'), 30, regulars));
    await write({ ...twitch, channel: 'nova_speedruns' }, burst(at('2026-03-04', '12:00:00'), 30, regulars));
    // A stream ends while the server was down: it ends shortly after it was last seen live; later chat is not its.
    await archive.streamLive(
      twitch,
      { streamId: 's4', title: 'Down', startedAt: at('2026-03-04', '11:00:00') },
      at('2026-03-04', '11:30:00'),
    );
    await write(twitch, burst(at('2026-03-04', '11:31:00'), 60, regulars));
    await archive.streamOffline(twitch, at('2026-03-04', '14:00:00'));
    // A late message of an ended stream, a gap, YouTube chat and a live YouTube broadcast, and another creator.
    await write(twitch, [line(at('2026-03-03', '09:30:30'), '16', 'late_larry')]);
    await archive.recordGap(twitch, at('2026-03-02', '10:00:00'), at('2026-03-02', '10:05:00'), 'reconnect');
    await archive.streamLive(
      youtube,
      { streamId: 'yt1', title: 'Cooking', startedAt: at('2026-03-02', '18:00:00') },
      at('2026-03-02', '18:00:00'),
    );
    await write(
      youtube,
      burst(at('2026-03-02', '17:00:00'), 150, [
        ['UCa', 'Ana Cooks'],
        ['UCb', 'Bo'],
        ['UCc', 'Cy'],
      ]),
    );
    await write(otherTwitch, burst(at('2026-03-02', '12:00:00'), 80, regulars));
    await archive.streamLive(
      otherTwitch,
      { streamId: 'o1', title: 'Other', startedAt: at('2026-03-02', '12:30:00') },
      at('2026-03-02', '12:30:00'),
    );

    const { days, messages } = await expectExact();
    expect(days).toBe(5);
    expect(messages).toBe(90 + 200 + 2 + 40 + 120 + 60 + 60 + 1 + 150);
    const listed = (await api.request('GET', '/api/archive/days?platform=twitch', { token: creator.token })).body as {
      days: ArchiveDay[];
      streams: ArchiveStream[];
    };
    expect(listed.days.find((day) => day.day === '2026-03-04')?.channel).toBe('nova_speedruns');
    expect(listed.streams.map((stream) => stream.title)).toEqual(['Down', 'Afternoon', 'Morning', 'Late night']);
    expect(listed.streams.every((stream) => stream.messages > 0)).toBe(true);
  });

  it("a chatter's deletion", async () => {
    expect(await remove('/api/archive/chatters/12?platform=twitch')).toBeGreaterThan(0);
    await expectExact();
    // 'eve' sent by two chatters: one deleted, the other's login stays a chatter of that day.
    expect(await remove('/api/archive/chatters/15?platform=twitch')).toBeGreaterThan(0);
    await expectExact();
    expect(await remove('/api/archive/chatters/UCb?platform=youtube')).toBe(50);
    await expectExact();
    // They speak again the same day (and during the live broadcast): the sets that lost them take them back.
    await write(twitch, [line(at('2026-03-04', '12:45:00'), '12', 'ben')]);
    await write(youtube, [line(at('2026-03-02', '19:45:00'), 'UCb', 'Bo')]);
    await expectExact();
  });

  it('a day’s deletion, which takes part of a stream past midnight', async () => {
    expect(await remove('/api/archive/days/2026-03-02?platform=twitch')).toBeGreaterThan(0);
    await expectExact();
  });

  it("a stream's deletion, and chat archived after it", async () => {
    const streams = (await api.request('GET', '/api/archive/days?platform=twitch', { token: creator.token })).body
      .streams as ArchiveStream[];
    const afternoon = streams.find((stream) => stream.title === 'Afternoon')!;
    expect(await remove(`/api/archive/streams/${afternoon.id}?platform=twitch`)).toBe(afternoon.messages);
    await expectExact();
    await write(twitch, burst(at('2026-03-03', '09:10:00'), 20, [['17', 'fay']]));
    await write(
      twitch,
      burst(at('2026-03-05', '08:00:00'), 20, [
        ['17', 'fay'],
        ['11', 'ana'],
      ]),
    );
    await expectExact();
  });

  it('the migration counts an archive kept before it the same way', async () => {
    const { db, dialect } = api.castbridge;
    const before = await db
      .selectFrom('chat_days')
      .select(['user_id', 'platform', 'day', 'messages', 'chatters'])
      .orderBy('user_id')
      .orderBy('platform')
      .orderBy('day')
      .execute();
    await down(db as unknown as Kysely<unknown>);
    await up(db as unknown as Kysely<unknown>, dialect);
    // A server starts after its migrations: nothing remembered of the summaries before them.
    await api.close();
    api = await startApp(backend);
    expect(
      await api.castbridge.db
        .selectFrom('chat_days')
        .select(['user_id', 'platform', 'day', 'messages', 'chatters'])
        .orderBy('user_id')
        .orderBy('platform')
        .orderBy('day')
        .execute(),
    ).toEqual(before);
    await expectExact();
    // And keeps them from there on.
    await write(twitch, burst(at('2026-03-05', '09:00:00'), 10, [['18', 'gus']]));
    await expectExact();
  });

  it('a platform deleted, then everything', async () => {
    expect(await remove('/api/archive?platform=twitch')).toBeGreaterThan(0);
    expect((await expectExact()).days).toBe(1);
    expect(await remove('/api/archive')).toBe(101);
    expect(await expectExact()).toEqual({ days: 0, messages: 0 });
    const { db } = api.castbridge;
    const left = await db
      .selectFrom('chat_days')
      .innerJoin('chat_day_chatters', 'chat_day_chatters.day_id', 'chat_days.id')
      .select(sql<number>`count(*)`.as('n'))
      .where('chat_days.user_id', '=', creator.id)
      .executeTakeFirstOrThrow();
    expect(Number(left.n)).toBe(0);
    // Orphaned logins of deleted days or streams would mean the cascade did not run.
    const orphans = await sql<{
      n: number;
    }>`select (select count(*) from chat_day_chatters c where not exists (select 1 from chat_days d where d.id = c.day_id)) + (select count(*) from chat_stream_chatters c where not exists (select 1 from chat_streams s where s.id = c.stream_id)) as n`.execute(
      db,
    );
    expect(Number(orphans.rows[0]!.n)).toBe(0);
  });
});
