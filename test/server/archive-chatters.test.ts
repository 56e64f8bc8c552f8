// A chatter's messages (docs/product.md §Chat archive): on SQLite they are found through the full-text index's `who` column (migration
// 0018, which replaced the chatter B-tree that made ingestion slow), on PostgreSQL through its chatter index; both
// must answer exactly what reading the table answers. Logins a tokenizer would split or fold (foo_bar beside
// foo_bar_baz and foo, other scripts, a name with spaces) are told apart; search by chatter pages newest first with
// words and a date range; a timeout by login or by id flags that chatter's messages of the day up to it and nobody
// else's; a chatter's deletion leaves nothing of them in the index; and the migration indexes an archive kept before it
// so that finding and deleting its chatters works the same.
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { whoMatch, type ChannelKey, type ChatLine, type SearchQuery } from '../../server/archive/store.ts';
import { down, up } from '../../server/db/migrations/0018_chat_chatter_tokens.ts';
import { privmsg } from './chat-lines.ts';
import { BACKENDS, makeBackend, startApp, type Backend, type Client } from './helpers.ts';
import { account, type Account } from './market.ts';

// Chatter id and login: the logins share prefixes and characters a tokenizer treats as separators or folds.
const CHATTERS: [string, string][] = [
  ['101', 'foo_bar'],
  ['102', 'foo_bar_baz'],
  ['103', 'foo'],
  ['104', '김민수'],
  ['105', 'troll tom'],
  ['106', 'foo_bar2'],
];
const DAYS = ['2026-02-01', '2026-02-02', '2026-02-03'];

let seq = 0;
/** Each chatter says `perDay` messages on each day, interleaved, one every 10 s from 12:00 UTC. */
function messages(prefix: string, perDay: number, chatters = CHATTERS): ChatLine[] {
  const lines: ChatLine[] = [];
  for (const day of DAYS) {
    for (let i = 0; i < perDay * chatters.length; i += 1) {
      const [chatterId, login] = chatters[i % chatters.length]!;
      seq += 1;
      lines.push(
        privmsg(
          `${prefix}${seq}`,
          Date.parse(`${day}T12:00:00Z`) + i * 10_000,
          chatterId,
          login,
          `${i % 3 === 0 ? 'lantern' : 'chat'} message ${seq} word${chatterId}`,
        ),
      );
    }
  }
  return lines;
}

describe.each(BACKENDS)('a chatter’s messages on %s', (backendName) => {
  let backend: Backend;
  let api: Client;
  let creator: Account;
  let other: Account;
  let twitch: ChannelKey;

  const write = (
    key: ChannelKey,
    batch: ChatLine[],
    moderation: Parameters<Client['castbridge']['services']['archive']['write']>[1]['moderation'] = [],
  ) => api.castbridge.services.archive.write(key, { messages: batch, moderation, skipped: 0, seenAt: Date.now() });

  /** The oracle: the creator's messages read off the table, newest first. */
  async function table(where: { login?: string; chatterId?: string; from?: string; to?: string; word?: string }) {
    const rows = await api.castbridge.db
      .selectFrom('chat_messages')
      .select(['id', 'msg_id', 'login', 'chatter_id', 'text', 'moderated', 'sent_at', 'day'])
      .where('user_id', '=', creator.id)
      .where('platform', '=', 'twitch')
      .$if(Boolean(where.login), (q) => q.where('login', '=', where.login!))
      .$if(Boolean(where.chatterId), (q) => q.where('chatter_id', '=', where.chatterId!))
      .$if(Boolean(where.from), (q) => q.where('day', '>=', where.from!))
      .$if(Boolean(where.to), (q) => q.where('day', '<=', where.to!))
      .orderBy('id', 'desc')
      .execute();
    return rows.filter((row) => !where.word || row.text.split(' ').includes(where.word));
  }
  const ids = async (where: Parameters<typeof table>[0]) => (await table(where)).map((row) => Number(row.id));

  /** Every page of a search, 7 at a time, as the screen asks for them. */
  async function searchAll(query: Omit<SearchQuery, 'limit' | 'before'>, userId = creator.id): Promise<number[]> {
    const ids: number[] = [];
    let before: SearchQuery['before'];
    for (let pages = 0; pages < 100; pages += 1) {
      const page = await api.castbridge.services.archive.search(userId, {
        ...query,
        platform: 'twitch',
        limit: 7,
        ...(before ? { before } : {}),
      });
      ids.push(...page.messages.map((message) => message.id));
      if (!page.next) return ids;
      before = page.next;
    }
    throw new Error('search did not end');
  }

  /**
   * SQLite: how many entries the full-text index holds for a match, whether or not their message is still there
   * (another creator's messages, of chatters of the same ids and logins, aside).
   */
  async function indexed(match: string): Promise<number> {
    const result = await sql<{
      n: number;
    }>`select count(*) as n from chat_messages_fts where chat_messages_fts match ${match} and rowid not in (select id from chat_messages where user_id = ${other.id})`.execute(
      api.castbridge.db,
    );
    return Number(result.rows[0]!.n);
  }

  async function expectFoundExactly() {
    for (const [, login] of CHATTERS) {
      expect(await searchAll({ user: login }), login).toEqual(await ids({ login }));
      expect(await searchAll({ user: login, q: 'lantern' }), login).toEqual(await ids({ login, word: 'lantern' }));
      expect(await searchAll({ user: login, from: DAYS[1], to: DAYS[2] }), login).toEqual(
        await ids({ login, from: DAYS[1], to: DAYS[2] }),
      );
      expect(await searchAll({ user: login, from: DAYS[1] }), login).toEqual(await ids({ login, from: DAYS[1] }));
    }
  }

  beforeAll(async () => {
    backend = await makeBackend(backendName);
    api = await startApp(backend, { TWITCH_CHAT_URL: 'ws://127.0.0.1:9' });
    creator = await account(api, 'creator');
    other = await account(api, 'creator');
    twitch = {
      userId: creator.id,
      platform: 'twitch',
      channelId: `8${backendName.length}01`,
      channel: `chatters_${backendName}`,
    };
    const theirs: ChannelKey = {
      userId: other.id,
      platform: 'twitch',
      channelId: `8${backendName.length}02`,
      channel: `others_${backendName}`,
    };
    const batch = messages('a', 5);
    for (let i = 0; i < batch.length; i += 25) await write(twitch, batch.slice(i, i + 25));
    // Another creator's channel has chatters of the same logins: never in this creator's answers.
    await write(theirs, messages('o', 2));
  });

  afterAll(async () => {
    await api?.close();
    await backend?.cleanup();
  });

  it('search by chatter answers exactly their messages, newest first, page by page, with words and a date range', async () => {
    expect(await ids({ login: 'foo_bar' })).toHaveLength(15);
    await expectFoundExactly();
    // Upper case asked is the same login; a login that is nobody's finds nothing; another creator finds only theirs.
    expect(await searchAll({ user: 'Foo_Bar' })).toEqual(await ids({ login: 'foo_bar' }));
    expect(await searchAll({ user: 'foo_ba' })).toEqual([]);
    const theirs = await searchAll({ user: 'foo_bar' }, other.id);
    expect(theirs).toHaveLength(6);
    const mine = await ids({});
    expect(theirs.filter((id) => mine.includes(id))).toEqual([]);
  });

  it('an export by chatter holds their messages only, in order', async () => {
    const response = await api.request(
      'GET',
      `/api/archive/export?format=ndjson&platform=twitch&user=${encodeURIComponent('foo_bar')}`,
      { token: creator.token },
    );
    expect(response.status).toBe(200);
    const exported = (response.text as string)
      .trim()
      .split('\n')
      .map((line) => (JSON.parse(line) as { id: string; login: string }).id);
    expect(exported).toEqual((await table({ login: 'foo_bar' })).map((row) => row.msg_id).reverse());
  });

  it('a timeout by login, and a ban by id, flag that chatter’s messages of that day up to it, nobody else’s', async () => {
    const cut = Date.parse(`${DAYS[1]}T12:02:00Z`);
    await write(
      twitch,
      [],
      [
        { kind: 'clearchat', at: cut, targetLogin: 'foo_bar', targetId: null, targetMsgId: null, duration: 600 },
        {
          kind: 'clearchat',
          at: Date.parse(`${DAYS[2]}T23:00:00Z`),
          targetLogin: 'whatever',
          targetId: '104',
          targetMsgId: null,
          duration: null,
        },
      ],
    );
    const rows = await api.castbridge.db
      .selectFrom('chat_messages')
      .select(['chatter_id', 'login', 'day', 'sent_at', 'moderated'])
      .where('user_id', '=', creator.id)
      .execute();
    for (const row of rows) {
      const expected =
        (row.login === 'foo_bar' && row.day === DAYS[1] && Number(row.sent_at) <= cut) ||
        (row.chatter_id === '104' && row.day === DAYS[2]);
      expect(Boolean(row.moderated), `${row.login} ${row.day} ${row.sent_at}`).toBe(expected);
    }
    // foo_bar at 12:00, 12:01 and 12:02 (the timeout's second); chatter 104 all day.
    expect(rows.filter((row) => row.moderated).length).toBe(3 + 5);
  });

  it('a chatter’s deletion takes all of theirs and nothing else; the index keeps nothing of them', async () => {
    const before = await ids({});
    const theirs = await ids({ chatterId: '102' });
    const response = await api.request('DELETE', `/api/archive/chatters/102?platform=twitch`, { token: creator.token });
    expect(response.status).toBe(200);
    expect(await ids({})).toEqual(before.filter((id) => !theirs.includes(id)));
    expect(await searchAll({ user: 'foo_bar_baz' })).toEqual([]);
    await expectFoundExactly();
    if (backendName === 'sqlite') {
      expect(await indexed(whoMatch('chatter', '102'))).toBe(0);
      expect(await indexed(whoMatch('login', 'foo_bar_baz'))).toBe(0);
      expect(await indexed('text : "word102"')).toBe(0);
      // The rest is still indexed, one entry per message.
      expect(await indexed(whoMatch('chatter', '101'))).toBe((await ids({ chatterId: '101' })).length);
    }
  });

  it.runIf(backendName === 'sqlite')(
    'the migration indexes an archive kept before it: its chatters are found and deleted the same',
    async () => {
      const db = api.castbridge.db as unknown as Kysely<unknown>;
      await down(db, 'sqlite');
      // Written under the schema before 0018 (the chatter B-tree, no `who` column).
      const kept = messages('k', 2, [
        ['201', 'kept_one'],
        ['202', 'kept_two'],
      ]);
      await write(twitch, kept);
      await up(db, 'sqlite');
      for (const login of ['kept_one', 'kept_two'])
        expect(await searchAll({ user: login })).toEqual(await ids({ login }));
      await expectFoundExactly();
      expect(await indexed(whoMatch('chatter', '201'))).toBe(6);
      const response = await api.request('DELETE', `/api/archive/chatters/201?platform=twitch`, {
        token: creator.token,
      });
      expect(response.status).toBe(200);
      // The trigger's tokens are the rebuild's: the deletion left no entry behind.
      expect(await indexed(whoMatch('chatter', '201'))).toBe(0);
      expect(await indexed(whoMatch('login', 'kept_one'))).toBe(0);
      expect(await searchAll({ user: 'kept_two' })).toEqual(await ids({ login: 'kept_two' }));
      const plan = await sql<{
        detail: string;
      }>`explain query plan select id from chat_messages where user_id = ${creator.id} and login = 'kept_two'`.execute(
        api.castbridge.db,
      );
      expect(plan.rows.map((row) => row.detail).join(' ')).not.toContain('chat_messages_chatter');
    },
  );
});
