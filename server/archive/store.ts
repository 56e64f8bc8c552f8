// The chat archive's storage (docs/product.md §Chat archive): batches written in one transaction each (messages stored once per platform
// message id, moderation events flagging what they removed, the ingester's last-seen time), and the reads the
// screen and the exports need, all scoped to the creator who owns the archive. Listing pages by keyset (sent_at, id),
// so a day of 100,000 messages opens as fast as a day of ten; exports read the same way, in constant memory. The list
// of days and streams reads their summaries (migration 0017), kept exact by the same transactions that add and delete.
import { sql, type Kysely, type RawBuilder, type Selectable } from 'kysely';
import type { ArchiveDay, ArchiveEvent, ArchivedMessage, ArchiveStream } from '../../contract/archive.ts';
import { CONNECT_PLATFORMS, type ConnectPlatform } from '../../contract/connections.ts';
import type { ChatEventsTable, ChatMessagesTable, ChatStreamsTable, Database } from '../db/types.ts';
import type { Dialect } from '../db/dialect.ts';

export interface ChatLine {
  msgId: string;
  sentAt: number;
  chatterId: string;
  login: string;
  displayName: string;
  color: string | null;
  badges: string;
  emotes: string | null;
  bits: number | null;
  kind: string;
  text: string;
  /** A Super Chat's amount in millionths of `currency` (YouTube). */
  amountMicros?: number | null;
  currency?: string | null;
}

export interface ChatModeration {
  kind: 'clearchat' | 'clearmsg';
  at: number;
  /** The chatter timed out or banned, by their platform id (Twitch's user id, YouTube's channel id) when the line gives it. */
  targetId?: string | null;
  targetLogin: string | null;
  targetMsgId: string | null;
  duration: number | null;
}

/** One archived channel: whose archive, which platform and channel (and, while ingested, by which instance). */
export interface ChannelKey {
  userId: string;
  platform: ConnectPlatform;
  channelId: string;
  channel: string;
  owner?: string;
}

export interface Batch {
  messages: ChatLine[];
  moderation: ChatModeration[];
  /** Lines that could not be read (malformed), counted. */
  skipped: number;
  /** When the ingester last knew it was receiving. */
  seenAt: number;
}

/** A live broadcast as the platform reports it. */
export interface LiveStream {
  streamId: string;
  title: string;
  startedAt: number;
}

/** What a stream covers of its channel's chat: its days and, within them, its times. */
export interface StreamRange {
  startDay: string;
  endDay: string;
  from: number;
  to: number;
}

/** A stream found ended after a restart ends at most this long after it was last reported live. */
export const STREAM_END_GRACE_MS = 3 * 60_000;

export interface MessageQuery {
  platform: ConnectPlatform;
  /** One day, or a stream's range. */
  day?: string;
  stream?: StreamRange;
  /** Keyset cursor: messages after this (sentAt, id). */
  after?: { sentAt: number; id: number };
  /** Jump: the first page at or after this time. */
  at?: number;
  limit: number;
}

export interface SearchQuery {
  platform?: ConnectPlatform;
  q?: string;
  user?: string;
  from?: string;
  to?: string;
  /** Keyset cursor: results before this (sentAt, id), newest first. */
  before?: { sentAt: number; id: number };
  limit: number;
}

/** What an export or a deletion covers. */
export type Selection = { platform?: ConnectPlatform; day?: string; stream?: StreamRange; login?: string } & Pick<
  SearchQuery,
  'q' | 'from' | 'to'
>;

export const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

const toMessage = (row: Selectable<ChatMessagesTable>): ArchivedMessage => ({
  id: Number(row.id),
  platform: row.platform,
  channel: row.channel,
  sentAt: Number(row.sent_at),
  msgId: row.msg_id,
  chatterId: row.chatter_id,
  login: row.login,
  displayName: row.display_name,
  color: row.color,
  badges: row.badges,
  bits: row.bits === null ? null : Number(row.bits),
  kind: row.kind,
  text: row.text,
  moderated: Number(row.moderated) === 1,
});

/** The range of a stream's messages: while it is live, everything from its start on. */
export const streamRange = (
  row: Pick<Selectable<ChatStreamsTable>, 'started_at' | 'ended_at' | 'start_day' | 'end_day'>,
): StreamRange => ({
  startDay: row.start_day,
  endDay: row.ended_at === null ? '9999-12-31' : row.end_day,
  from: Number(row.started_at),
  to: row.ended_at === null ? Number.MAX_SAFE_INTEGER : Number(row.ended_at),
});

const toStream = (row: Selectable<ChatStreamsTable>): ArchiveStream => ({
  id: Number(row.id),
  platform: row.platform,
  channel: row.channel,
  title: row.title,
  startedAt: Number(row.started_at),
  endedAt: row.ended_at === null ? null : Number(row.ended_at),
  messages: Number(row.messages),
  chatters: Number(row.chatters),
});

/**
 * Up to this many logins lost by a deletion are checked one by one against what is left of a day or a stream (a
 * chatter's deletion: one or two); more (a stream deleted from its day) and the set is rebuilt from its messages.
 */
const CHECKED_LOGINS = 50;

const toEvent = (row: Selectable<ChatEventsTable>): ArchiveEvent => ({
  id: Number(row.id),
  kind: row.kind,
  at: Number(row.at),
  until: row.until === null ? null : Number(row.until),
  targetLogin: row.target_login,
  duration: row.duration === null ? null : Number(row.duration),
});

/** The words of a search as FTS5 phrases on the text column (quoted, so nothing in them is syntax); null when none. */
export function ftsQuery(q: string): string | null {
  const words = q.match(/[\p{L}\p{N}_]+/gu);
  return words
    ? words
        .slice(0, 16)
        .map((word) => `text : "${word}"`)
        .join(' ')
    : null;
}

/**
 * On SQLite a chatter is found through the full-text index (migration 0018): its `who` column holds 'l' and the login's
 * UTF-8 bytes in hex, and 'c' and the chatter id's, one exact token each whatever characters a name has.
 */
export const whoMatch = (by: 'login' | 'chatter', value: string): string =>
  `who : "${by === 'login' ? 'l' : 'c'}${Buffer.from(value, 'utf8').toString('hex')}"`;

/** A UTC day (YYYY-MM-DD) as the full-text index's day_token column holds it. */
export const dayMatch = (day: string): string => `day_token : "d${day.replaceAll('-', '')}"`;

/** `column` (a message id) among the rowids the full-text index gives for `match` (SQLite). */
const inFts = (column: string, match: string) =>
  sql<boolean>`${sql.ref(column)} in (select rowid from chat_messages_fts where chat_messages_fts match ${match})`;

/**
 * SQLite: the ids of a creator's messages that the full-text index gives for `match`, narrowed by `where` (on `m`).
 * The CROSS JOIN keeps the index the outer loop; a query around it that keeps `id in (…)` its only condition is then
 * read by rowid, where other conditions on the creator would let the planner walk their archive instead.
 */
const ftsIds = (userId: string, match: string, where: RawBuilder<unknown>[] = []) =>
  sql<number>`select m.id from chat_messages_fts f cross join chat_messages m on m.id = f.rowid where chat_messages_fts match ${match} and m.user_id = ${userId}${sql.join(
    where.map((condition) => sql` and ${condition}`),
    sql``,
  )}`;

/** The days of a range, at most `max` of them (a longer range is filtered on the rows instead). */
export function daysOf(from: string, to: string, max = 92): string[] | null {
  const start = Date.parse(`${from}T00:00:00Z`);
  const end = Date.parse(`${to}T00:00:00Z`);
  if (!Number.isFinite(start) || !Number.isFinite(end) || end < start || (end - start) / 86_400_000 >= max) return null;
  const days: string[] = [];
  for (let at = start; at <= end; at += 86_400_000) days.push(new Date(at).toISOString().slice(0, 10));
  return days;
}

export function createArchive(deps: { db: Kysely<Database>; dialect: Dialect }) {
  const { db, dialect } = deps;

  type Db = Kysely<Database>;
  const scoped = (trx: Db, userId: string, selection: Selection) => {
    let query = trx.selectFrom('chat_messages').where('user_id', '=', userId);
    if (selection.platform) query = query.where('platform', '=', selection.platform);
    if (selection.day) query = query.where('day', '=', selection.day);
    if (selection.stream) {
      const { startDay, endDay, from, to } = selection.stream;
      query = query
        .where('day', '>=', startDay)
        .where('day', '<=', endDay)
        .where('sent_at', '>=', from)
        .where('sent_at', '<=', to);
    }
    const login = selection.login?.toLowerCase();
    if (login) query = query.where('login', '=', login);
    if (selection.from) query = query.where('day', '>=', selection.from);
    if (selection.to) query = query.where('day', '<=', selection.to);
    const words = selection.q ? ftsQuery(selection.q) : null;
    if (selection.q && words === null) query = query.where(sql<boolean>`1 = 0`);
    if (dialect === 'postgres') {
      if (words !== null) query = query.where(sql<boolean>`tsv @@ plainto_tsquery('simple', ${selection.q})`);
    } else {
      // The words and the chatter in one match: the full-text index intersects their lists.
      const match = [words, login ? whoMatch('login', login) : null].filter((part) => part !== null).join(' AND ');
      if (match) query = query.where(inFts('chat_messages.id', match));
    }
    return query;
  };

  /**
   * On PostgreSQL a creator's batches, deletions and stream changes take turns (a transaction-scoped advisory lock, in
   * the two-key space the instances' leases do not use): a deletion recounting a day must see a batch committed
   * meanwhile, and a batch must not add a login to a set that a deletion is emptying. SQLite runs one at a time.
   */
  const serialize = async (trx: Db, userId: string) => {
    if (dialect === 'postgres')
      await sql`select pg_advisory_xact_lock(hashtext('chat_archive'), hashtext(${userId}))`.execute(trx);
  };

  /**
   * The logins this process knows to be in a day's or a stream's set ('d' or 's' and its id): most chatters of a batch
   * spoke earlier that day, so only the others are offered to the set. A set loses logins only to a deletion, which
   * bumps its `pruned`; what was learnt at another `pruned` is forgotten. Learnt once the batch is committed, for the
   * sets written last (a few, of a bounded size): forgetting only costs inserts.
   */
  const known = new Map<string, { pruned: number; logins: Set<string> }>();
  const KNOWN_SETS = 8;
  const KNOWN_LOGINS = 50_000;
  type Learn = () => void;

  /** Adds a batch's logins to a set; how many were new to it, and what to learn once the batch is committed. */
  const addLogins = async (
    trx: Db,
    set: { day: number | string } | { stream: number | string },
    pruned: number,
    logins: Set<string>,
  ): Promise<{ added: number; learn: Learn }> => {
    const name = 'day' in set ? `d${set.day}` : `s${set.stream}`;
    const memory = known.get(name);
    const knows = memory?.pruned === pruned ? memory.logins : null;
    const unknown = knows ? [...logins].filter((login) => !knows.has(login)) : [...logins];
    let added = 0;
    for (let start = 0; start < unknown.length; start += 5000) {
      const chunk = unknown.slice(start, start + 5000);
      // Rows inserted, not those ignored: the logins new to the set.
      const result =
        'day' in set
          ? await trx
              .insertInto('chat_day_chatters')
              .values(chunk.map((login) => ({ day_id: set.day, login })))
              .onConflict((oc) => oc.columns(['day_id', 'login']).doNothing())
              .executeTakeFirst()
          : await trx
              .insertInto('chat_stream_chatters')
              .values(chunk.map((login) => ({ stream_id: set.stream, login })))
              .onConflict((oc) => oc.columns(['stream_id', 'login']).doNothing())
              .executeTakeFirst();
      added += Number(result.numInsertedOrUpdatedRows ?? 0);
    }
    const learn = () => {
      const current = known.get(name);
      const entry = current?.pruned === pruned ? current : { pruned, logins: new Set<string>() };
      for (const login of unknown) if (entry.logins.size < KNOWN_LOGINS) entry.logins.add(login);
      // Most recently written last; the oldest forgotten first.
      known.delete(name);
      known.set(name, entry);
      if (known.size > KNOWN_SETS) known.delete(known.keys().next().value!);
    };
    return { added, learn };
  };

  /**
   * A batch's newly stored messages join the summaries of their days and of the streams they were sent during; what
   * the sets learnt, to learn once it is committed.
   */
  const summarize = async (
    trx: Db,
    key: ChannelKey,
    stored: { day: string; sent_at: number | string; login: string }[],
  ): Promise<Learn[]> => {
    const learnt: Learn[] = [];
    const days = new Map<string, { messages: number; first: number; last: number; logins: Set<string> }>();
    let from = Number.MAX_SAFE_INTEGER;
    let to = 0;
    for (const row of stored) {
      const at = Number(row.sent_at);
      from = Math.min(from, at);
      to = Math.max(to, at);
      const day = days.get(row.day);
      if (day) {
        day.messages += 1;
        day.first = Math.min(day.first, at);
        day.last = Math.max(day.last, at);
        day.logins.add(row.login);
      } else days.set(row.day, { messages: 1, first: at, last: at, logins: new Set([row.login]) });
    }
    for (const [day, sum] of days) {
      const row = await trx
        .insertInto('chat_days')
        .values({
          user_id: key.userId,
          platform: key.platform,
          day,
          channel: key.channel,
          messages: sum.messages,
          chatters: 0,
          first_at: sum.first,
          last_at: sum.last,
        })
        .onConflict((oc) =>
          oc.columns(['user_id', 'platform', 'day']).doUpdateSet({
            messages: sql<number>`chat_days.messages + excluded.messages`,
            first_at: sql<number>`case when excluded.first_at < chat_days.first_at then excluded.first_at else chat_days.first_at end`,
            last_at: sql<number>`case when excluded.last_at > chat_days.last_at then excluded.last_at else chat_days.last_at end`,
            channel: sql<string>`case when excluded.channel > chat_days.channel then excluded.channel else chat_days.channel end`,
          }),
        )
        .returning(['id', 'pruned'])
        .executeTakeFirstOrThrow();
      const { added, learn } = await addLogins(trx, { day: row.id }, Number(row.pruned), sum.logins);
      learnt.push(learn);
      if (added > 0)
        await trx
          .updateTable('chat_days')
          .set((eb) => ({ chatters: eb('chatters', '+', added) }))
          .where('id', '=', row.id)
          .execute();
    }
    // The streams the batch's time overlaps: the live one, or one that started before it was reported.
    const streams = await trx
      .selectFrom('chat_streams')
      .selectAll()
      .where('user_id', '=', key.userId)
      .where('platform', '=', key.platform)
      .where('started_at', '<=', to)
      .where((eb) => eb.or([eb('ended_at', 'is', null), eb('ended_at', '>=', from)]))
      .execute();
    for (const stream of streams) {
      const range = streamRange(stream);
      const during = stored.filter(
        (row) =>
          row.day >= range.startDay &&
          row.day <= range.endDay &&
          Number(row.sent_at) >= range.from &&
          Number(row.sent_at) <= range.to,
      );
      if (during.length === 0) continue;
      const { added, learn } = await addLogins(
        trx,
        { stream: stream.id },
        Number(stream.pruned),
        new Set(during.map((row) => row.login)),
      );
      learnt.push(learn);
      await trx
        .updateTable('chat_streams')
        .set((eb) => ({ messages: eb('messages', '+', during.length), chatters: eb('chatters', '+', added) }))
        .where('id', '=', stream.id)
        .execute();
    }
    return learnt;
  };

  /**
   * Whether the login in `column` (a row of a chatter set) has a message left between `from` and `to` (inclusive): along
   * the chatter index, or on SQLite along the login's entries in the full-text index (kept the outer loop by CROSS JOIN;
   * the planner would otherwise walk the creator's messages and look each up in it).
   */
  const hasMessages = (trx: Db, column: string, userId: string, platform: ConnectPlatform, from: number, to: number) =>
    dialect === 'sqlite'
      ? sql<boolean>`exists (select 1 from chat_messages_fts f cross join chat_messages m on m.id = f.rowid where chat_messages_fts match ('who : "l' || lower(hex(${sql.ref(column)})) || '"') and m.user_id = ${userId} and m.platform = ${platform} and m.sent_at >= ${from} and m.sent_at <= ${to})`
      : sql<boolean>`exists (${trx
          .selectFrom('chat_messages as m')
          .select(sql`1`.as('one'))
          .where('m.user_id', '=', userId)
          .where('m.platform', '=', platform)
          .where(sql.ref('m.login'), '=', sql.ref(column))
          .where('m.sent_at', '>=', from)
          .where('m.sent_at', '<=', to)})`;

  /**
   * Brings a day's summary back to its messages after some were deleted. Counts, first and last come off the day
   * index; the set of chatters either loses those of `logins` (the deleted messages' logins) with no message left that
   * day — a check along the login's messages each (the chatter index; on SQLite the full-text index) — or, for many
   * logins or none given, is rebuilt from the day's messages.
   */
  const refreshDay = async (
    trx: Db,
    userId: string,
    platform: ConnectPlatform,
    day: string,
    logins: string[] | null,
  ) => {
    const row = await trx
      .selectFrom('chat_days')
      .select(['id', 'channel'])
      .where('user_id', '=', userId)
      .where('platform', '=', platform)
      .where('day', '=', day)
      .executeTakeFirst();
    if (!row) return;
    const left = await scoped(trx, userId, { platform, day })
      .select((eb) => [
        eb.fn.countAll<number>().as('messages'),
        eb.fn.min('sent_at').as('first'),
        eb.fn.max('sent_at').as('last'),
      ])
      .executeTakeFirstOrThrow();
    if (Number(left.messages) === 0) {
      // Its set goes with it (on delete cascade).
      await trx.deleteFrom('chat_days').where('id', '=', row.id).execute();
      return;
    }
    if (logins && logins.length <= CHECKED_LOGINS) {
      if (logins.length > 0) {
        const start = Date.parse(`${day}T00:00:00Z`);
        await trx
          .deleteFrom('chat_day_chatters')
          .where('day_id', '=', row.id)
          .where('login', 'in', logins)
          // The day as times, not as the day column: the check then runs along the login's messages.
          .where(({ not }) =>
            not(hasMessages(trx, 'chat_day_chatters.login', userId, platform, start, start + 86_399_999)),
          )
          .execute();
      }
    } else {
      await trx.deleteFrom('chat_day_chatters').where('day_id', '=', row.id).execute();
      await trx
        .insertInto('chat_day_chatters')
        .columns(['day_id', 'login'])
        .expression(
          scoped(trx, userId, { platform, day })
            .select([sql.lit(Number(row.id)).as('day_id'), 'login'])
            .distinct(),
        )
        .execute();
    }
    const chatters = await trx
      .selectFrom('chat_day_chatters')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('day_id', '=', row.id)
      .executeTakeFirstOrThrow();
    // The channel is the greatest name of the day's messages: looked for again only when that name has none left.
    const named = await scoped(trx, userId, { platform, day })
      .select('id')
      .where('channel', '=', row.channel)
      .limit(1)
      .executeTakeFirst();
    const channel = named
      ? row.channel
      : String(
          (
            await scoped(trx, userId, { platform, day })
              .select((eb) => eb.fn.max('channel').as('channel'))
              .executeTakeFirstOrThrow()
          ).channel,
        );
    await trx
      .updateTable('chat_days')
      .set((eb) => ({
        messages: Number(left.messages),
        chatters: Number(chatters.n),
        first_at: Number(left.first),
        last_at: Number(left.last),
        channel,
        pruned: eb('pruned', '+', 1),
      }))
      .where('id', '=', row.id)
      .execute();
  };

  /** The same for a stream: its messages recounted along the day index, its set checked for `logins` or rebuilt. */
  const refreshStream = async (trx: Db, row: Selectable<ChatStreamsTable>, logins: string[] | null) => {
    const range = streamRange(row);
    const during = () => scoped(trx, row.user_id, { platform: row.platform, stream: range });
    const left = await during()
      .select((eb) => eb.fn.countAll<number>().as('messages'))
      .executeTakeFirstOrThrow();
    if (logins && logins.length <= CHECKED_LOGINS) {
      if (logins.length > 0) {
        await trx
          .deleteFrom('chat_stream_chatters')
          .where('stream_id', '=', row.id)
          .where('login', 'in', logins)
          .where(({ not }) =>
            not(hasMessages(trx, 'chat_stream_chatters.login', row.user_id, row.platform, range.from, range.to)),
          )
          .execute();
      }
    } else {
      await trx.deleteFrom('chat_stream_chatters').where('stream_id', '=', row.id).execute();
      await trx
        .insertInto('chat_stream_chatters')
        .columns(['stream_id', 'login'])
        .expression(
          during()
            .select([sql.lit(Number(row.id)).as('stream_id'), 'login'])
            .distinct(),
        )
        .execute();
    }
    const chatters = await trx
      .selectFrom('chat_stream_chatters')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('stream_id', '=', row.id)
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('chat_streams')
      .set((eb) => ({ messages: Number(left.messages), chatters: Number(chatters.n), pruned: eb('pruned', '+', 1) }))
      .where('id', '=', row.id)
      .execute();
  };

  /** A stream whose end moved back to `end` (it ended): what it counted after that is no longer its. */
  const trimStream = async (trx: Db, row: Selectable<ChatStreamsTable>, end: number) => {
    const after = await scoped(trx, row.user_id, { platform: row.platform })
      .select('login')
      .distinct()
      .where('day', '>=', dayOf(end))
      .where('sent_at', '>', end)
      .where('sent_at', '>=', Number(row.started_at))
      .limit(CHECKED_LOGINS + 1)
      .execute();
    await refreshStream(
      trx,
      { ...row, ended_at: end, end_day: dayOf(end) },
      after.map((message) => message.login),
    );
  };

  /**
   * After a deletion (whose streams are already gone): everything deleted takes its summaries along; a day, a stream or
   * a chatter leaves the days and the remaining streams it touched to refresh — a chatter's by their logins.
   */
  const resummarize = async (
    trx: Db,
    userId: string,
    selection: { platform?: ConnectPlatform; day?: string; stream?: { range: StreamRange }; chatterId?: string },
    theirDays: { platform: ConnectPlatform; day: string; login: string }[],
  ) => {
    const { platform, day, stream, chatterId } = selection;
    if (!day && !stream && !chatterId) {
      // The sets go with their days (on delete cascade), and the streams went with theirs.
      await trx
        .deleteFrom('chat_days')
        .where('user_id', '=', userId)
        .$if(Boolean(platform), (q) => q.where('platform', '=', platform!))
        .execute();
      return;
    }
    // The days touched, each with the logins it may have lost (null: rebuild its set).
    const days = new Map<string, { platform: ConnectPlatform; day: string; logins: string[] | null }>();
    if (chatterId) {
      for (const row of theirDays) {
        const at = `${row.platform} ${row.day}`;
        const touched = days.get(at);
        if (touched) touched.logins!.push(row.login);
        else days.set(at, { platform: row.platform, day: row.day, logins: [row.login] });
      }
    } else {
      const from = stream ? stream.range.startDay : day!;
      const to = stream ? stream.range.endDay : day!;
      const rows = await trx
        .selectFrom('chat_days')
        .select(['platform', 'day'])
        .where('user_id', '=', userId)
        .where('day', '>=', from)
        .where('day', '<=', to)
        .$if(Boolean(platform), (q) => q.where('platform', '=', platform!))
        .execute();
      for (const row of rows)
        days.set(`${row.platform} ${row.day}`, { platform: row.platform, day: row.day, logins: null });
    }
    for (const touched of days.values()) await refreshDay(trx, userId, touched.platform, touched.day, touched.logins);
    if (days.size === 0) return;
    // The streams left that ran when messages went (on a day touched by a chatter's deletion; during the day or the
    // stream deleted): a chatter's logins checked in each, or the stream recounted.
    const touchedDays = [...days.values()].map((touched) => touched.day).sort();
    const streams = await trx
      .selectFrom('chat_streams')
      .selectAll()
      .where('user_id', '=', userId)
      .where('start_day', '<=', touchedDays[touchedDays.length - 1]!)
      .where((eb) => eb.or([eb('ended_at', 'is', null), eb('end_day', '>=', touchedDays[0]!)]))
      .$if(Boolean(platform), (q) => q.where('platform', '=', platform!))
      .execute();
    const logins = chatterId ? [...new Set(theirDays.map((row) => row.login))] : null;
    const lost = stream
      ? stream.range
      : day
        ? { from: Date.parse(`${day}T00:00:00Z`), to: Date.parse(`${day}T00:00:00Z`) + 86_399_999 }
        : null;
    for (const row of streams) {
      const range = streamRange(row);
      const ranThen = lost
        ? range.from <= lost.to && range.to >= lost.from
        : [...days.values()].some(
            (touched) =>
              touched.platform === row.platform && touched.day >= range.startDay && touched.day <= range.endDay,
          );
      if (ranThen) await refreshStream(trx, row, logins);
    }
  };

  return {
    /** Writes one batch in one transaction; moderation flags what it removed (in this batch or before). */
    async write(key: ChannelKey, batch: Batch): Promise<void> {
      let learnt: Learn[] = [];
      await db.transaction().execute(async (trx) => {
        await serialize(trx, key.userId);
        if (batch.messages.length > 0) {
          const stored: { day: string; sent_at: number | string; login: string }[] = [];
          // SQLite allows 32,766 parameters per statement: 18 columns × 1,000 rows stays below.
          for (let start = 0; start < batch.messages.length; start += 1000) {
            const chunk = batch.messages.slice(start, start + 1000);
            const result = await trx
              .insertInto('chat_messages')
              .values(
                chunk.map((line) => ({
                  user_id: key.userId,
                  platform: key.platform,
                  channel_id: key.channelId,
                  channel: key.channel,
                  day: dayOf(line.sentAt),
                  sent_at: line.sentAt,
                  msg_id: line.msgId,
                  chatter_id: line.chatterId,
                  login: line.login,
                  display_name: line.displayName,
                  color: line.color,
                  badges: line.badges,
                  emotes: line.emotes,
                  bits: line.bits,
                  kind: line.kind,
                  text: line.text,
                  amount_micros: line.amountMicros ?? null,
                  currency: line.currency ?? null,
                })),
              )
              .onConflict((oc) => oc.columns(['platform', 'channel_id', 'msg_id']).doNothing())
              .executeTakeFirst();
            // The summaries add what was stored, not what was there already (a replay). When some of the chunk was,
            // what it stored is read back: the chunk's rows with the greatest ids, as ids only grow (and this
            // creator's batches take turns).
            const inserted = Number(result.numInsertedOrUpdatedRows ?? 0);
            if (inserted === chunk.length)
              stored.push(
                ...chunk.map((line) => ({ day: dayOf(line.sentAt), sent_at: line.sentAt, login: line.login })),
              );
            else if (inserted > 0) {
              const rows = await trx
                .selectFrom('chat_messages')
                .select(['day', 'sent_at', 'login'])
                .where('platform', '=', key.platform)
                .where('channel_id', '=', key.channelId)
                .where(
                  'msg_id',
                  'in',
                  chunk.map((line) => line.msgId),
                )
                .where('user_id', '=', key.userId)
                .orderBy('id', 'desc')
                .limit(inserted)
                .execute();
              stored.push(...rows);
            }
          }
          if (stored.length > 0) learnt = await summarize(trx, key, stored);
        }
        for (const event of batch.moderation) {
          await trx
            .insertInto('chat_events')
            .values({
              user_id: key.userId,
              platform: key.platform,
              channel_id: key.channelId,
              day: dayOf(event.at),
              at: event.at,
              kind: event.kind,
              target_login: event.targetLogin,
              target_msg_id: event.targetMsgId,
              duration: event.duration,
              until: null,
              // A moderation event's detail is the id of the chatter it targets, so that their deletion takes it too.
              detail: event.targetId ?? null,
            })
            .execute();
          let flagged = trx
            .updateTable('chat_messages')
            .set({ moderated: 1 })
            .where('user_id', '=', key.userId)
            .where('platform', '=', key.platform)
            .where('channel_id', '=', key.channelId);
          if (event.kind === 'clearmsg' && event.targetMsgId) flagged = flagged.where('msg_id', '=', event.targetMsgId);
          // A timeout or ban clears the chatter's messages of the day from the chat; a bare CLEARCHAT clears everything
          // shown. The chatter is found by their id: names collide (YouTube's display names) and change; a login alone
          // (Twitch's CLEARCHAT names one) is one chatter's at any moment.
          else if (event.kind === 'clearchat') {
            const day = dayOf(event.at);
            const who = event.targetId
              ? whoMatch('chatter', event.targetId)
              : event.targetLogin !== null
                ? whoMatch('login', event.targetLogin)
                : null;
            if (who && dialect === 'sqlite') {
              // SQLite reads the chatter's messages of the day off the full-text index, not the day's every message.
              const theirs = ftsIds(key.userId, `${who} AND ${dayMatch(day)}`, [
                sql`m.platform = ${key.platform}`,
                sql`m.channel_id = ${key.channelId}`,
                sql`m.sent_at <= ${event.at}`,
              ]);
              flagged = trx
                .updateTable('chat_messages')
                .set({ moderated: 1 })
                .where(sql<boolean>`id in (${theirs})`);
            } else {
              flagged = flagged.where('day', '=', day).where('sent_at', '<=', event.at);
              if (event.targetId) flagged = flagged.where('chatter_id', '=', event.targetId);
              else if (event.targetLogin !== null) flagged = flagged.where('login', '=', event.targetLogin);
            }
          } else continue;
          await flagged.execute();
        }
        await trx
          .insertInto('chat_ingest_state')
          .values({
            user_id: key.userId,
            platform: key.platform,
            channel_id: key.channelId,
            last_seen: batch.seenAt,
            skipped: batch.skipped,
            owner: key.owner ?? null,
          })
          .onConflict((oc) =>
            oc.columns(['user_id', 'platform', 'channel_id']).doUpdateSet({
              last_seen: batch.seenAt,
              skipped: sql<number>`chat_ingest_state.skipped + ${batch.skipped}`,
              owner: key.owner ?? null,
            }),
          )
          .execute();
      });
      for (const learn of learnt) learn();
    },

    /** A gap in the archive: from `from` (the last moment known to be received) to `until`. */
    async recordGap(key: ChannelKey, from: number, until: number, detail: string): Promise<void> {
      await db
        .insertInto('chat_events')
        .values({
          user_id: key.userId,
          platform: key.platform,
          channel_id: key.channelId,
          day: dayOf(from),
          at: from,
          kind: 'gap',
          target_login: null,
          target_msg_id: null,
          duration: null,
          until,
          detail,
        })
        .execute();
    },

    async lastSeen(key: ChannelKey): Promise<{ lastSeen: number; skipped: number; owner: string | null } | null> {
      const row = await db
        .selectFrom('chat_ingest_state')
        .select(['last_seen', 'skipped', 'owner'])
        .where('user_id', '=', key.userId)
        .where('platform', '=', key.platform)
        .where('channel_id', '=', key.channelId)
        .executeTakeFirst();
      return row ? { lastSeen: Number(row.last_seen), skipped: Number(row.skipped), owner: row.owner } : null;
    },

    async touch(key: ChannelKey, seenAt: number): Promise<void> {
      await db
        .insertInto('chat_ingest_state')
        .values({
          user_id: key.userId,
          platform: key.platform,
          channel_id: key.channelId,
          last_seen: seenAt,
          skipped: 0,
          owner: key.owner ?? null,
        })
        .onConflict((oc) =>
          oc
            .columns(['user_id', 'platform', 'channel_id'])
            .doUpdateSet({ last_seen: seenAt, owner: key.owner ?? null }),
        )
        .execute();
    },

    /** The archived days of a platform (one day when `day` is given), newest first. */
    async days(userId: string, platform: ConnectPlatform, day?: string): Promise<ArchiveDay[]> {
      let query = db
        .selectFrom('chat_days')
        .selectAll()
        .where('user_id', '=', userId)
        .where('platform', '=', platform)
        .orderBy('day', 'desc');
      if (day) query = query.where('day', '=', day);
      const rows = await query.execute();
      const gaps = await db
        .selectFrom('chat_events')
        .select((eb) => ['day', eb.fn.countAll<number>().as('gaps')])
        .where('user_id', '=', userId)
        .where('platform', '=', platform)
        .where('kind', '=', 'gap')
        .$if(Boolean(day), (q) => q.where('day', '=', day!))
        .groupBy('day')
        .execute();
      const gapsByDay = new Map(gaps.map((row) => [row.day, Number(row.gaps)]));
      return rows.map((row) => ({
        platform,
        day: row.day,
        channel: row.channel,
        messages: Number(row.messages),
        chatters: Number(row.chatters),
        first: Number(row.first_at),
        last: Number(row.last_at),
        gaps: gapsByDay.get(row.day) ?? 0,
      }));
    },

    /** A page of one day's (or one stream's) messages in order, with the moderation events and gaps among them. */
    async messages(
      userId: string,
      query: MessageQuery,
    ): Promise<{ messages: ArchivedMessage[]; events: ArchiveEvent[]; next: { sentAt: number; id: number } | null }> {
      const range: StreamRange = query.stream ?? {
        startDay: query.day!,
        endDay: query.day!,
        from: 0,
        to: Number.MAX_SAFE_INTEGER,
      };
      // One day reads (sent_at, id) off the day index; a stream spanning days reads (day, sent_at, id), the same order.
      const oneDay = range.startDay === range.endDay;
      let rows = db
        .selectFrom('chat_messages')
        .selectAll()
        .where('user_id', '=', userId)
        .where('platform', '=', query.platform);
      rows = oneDay
        ? rows.where('day', '=', range.startDay)
        : rows.where('day', '>=', range.startDay).where('day', '<=', range.endDay);
      if (query.stream) rows = rows.where('sent_at', '>=', range.from).where('sent_at', '<=', range.to);
      if (query.after) {
        const { sentAt, id } = query.after;
        rows = oneDay
          ? rows.where((eb) =>
              eb.or([eb('sent_at', '>', sentAt), eb.and([eb('sent_at', '=', sentAt), eb('id', '>', id)])]),
            )
          : rows.where(sql<boolean>`(day, sent_at, id) > (${dayOf(sentAt)}, ${sentAt}, ${id})`);
      } else if (query.at !== undefined) {
        rows = rows.where('sent_at', '>=', query.at);
        if (!oneDay) rows = rows.where('day', '>=', dayOf(query.at));
      }
      const page = await (oneDay ? rows : rows.orderBy('day'))
        .orderBy('sent_at')
        .orderBy('id')
        .limit(query.limit + 1)
        .execute();
      const more = page.length > query.limit;
      const messages = page.slice(0, query.limit).map(toMessage);
      const from = Math.max(range.from, query.after ? query.after.sentAt + 1 : query.at !== undefined ? query.at : 0);
      const to = Math.min(range.to, more ? messages[messages.length - 1]!.sentAt : Number.MAX_SAFE_INTEGER);
      let events = db
        .selectFrom('chat_events')
        .selectAll()
        .where('user_id', '=', userId)
        .where('platform', '=', query.platform);
      events = oneDay
        ? events.where('day', '=', range.startDay)
        : events.where('day', '>=', range.startDay).where('day', '<=', range.endDay);
      const found = await events.where('at', '>=', from).where('at', '<=', to).orderBy('at').execute();
      const last = messages[messages.length - 1];
      return { messages, events: found.map(toEvent), next: more && last ? { sentAt: last.sentAt, id: last.id } : null };
    },

    /** The stream is live (reported by the platform at `at`): recorded, or kept up to date; any other open one ended. */
    async streamLive(key: ChannelKey, stream: LiveStream, at: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await serialize(trx, key.userId);
        const ending = await trx
          .updateTable('chat_streams')
          .set((eb) => ({ ended_at: eb.ref('live_at') }))
          .where('platform', '=', key.platform)
          .where('channel_id', '=', key.channelId)
          .where('ended_at', 'is', null)
          .where('stream_id', '!=', stream.streamId)
          .returningAll()
          .execute();
        for (const row of ending) await trimStream(trx, row, Number(row.live_at));
        const known = await trx
          .selectFrom('chat_streams')
          .select('ended_at')
          .where('platform', '=', key.platform)
          .where('channel_id', '=', key.channelId)
          .where('stream_id', '=', stream.streamId)
          .executeTakeFirst();
        const startedAt = Math.min(stream.startedAt, at);
        const row = await trx
          .insertInto('chat_streams')
          .values({
            user_id: key.userId,
            platform: key.platform,
            channel_id: key.channelId,
            channel: key.channel,
            stream_id: stream.streamId,
            title: stream.title.slice(0, 300),
            started_at: startedAt,
            ended_at: null,
            live_at: at,
            start_day: dayOf(startedAt),
            end_day: dayOf(at),
          })
          .onConflict((oc) =>
            oc
              .columns(['platform', 'channel_id', 'stream_id'])
              .doUpdateSet({ title: stream.title.slice(0, 300), ended_at: null, live_at: at, end_day: dayOf(at) }),
          )
          .returningAll()
          .executeTakeFirstOrThrow();
        // A new stream counts the chat already archived since its start; one live again, since its end as well.
        if (!known || known.ended_at !== null) await refreshStream(trx, row, null);
      });
    },

    /**
     * The channel is not live (as the platform says at `at`): its open stream ends then — or, when it was last seen live
     * long before (the server was down), shortly after that.
     */
    async streamOffline(key: ChannelKey, at: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await serialize(trx, key.userId);
        const open = await trx
          .selectFrom('chat_streams')
          .selectAll()
          .where('platform', '=', key.platform)
          .where('channel_id', '=', key.channelId)
          .where('ended_at', 'is', null)
          .execute();
        for (const row of open) {
          const end = Math.min(at, Number(row.live_at) + STREAM_END_GRACE_MS);
          const ended = await trx
            .updateTable('chat_streams')
            .set({ ended_at: end, end_day: dayOf(end) })
            .where('id', '=', row.id)
            .where('ended_at', 'is', null)
            .executeTakeFirst();
          if (Number(ended.numUpdatedRows) > 0) await trimStream(trx, row, end);
        }
      });
    },

    /** One of the creator's streams (another creator's is not found). */
    async stream(userId: string, id: number): Promise<{ stream: ArchiveStream; range: StreamRange } | null> {
      const row = await db
        .selectFrom('chat_streams')
        .selectAll()
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row ? { stream: toStream(row), range: streamRange(row) } : null;
    },

    /** The most messages sent in one minute of a stream. */
    async peakPerMinute(userId: string, platform: ConnectPlatform, range: StreamRange): Promise<number> {
      const row = await sql<{ peak: number | string | null }>`select max(n) as peak from (${scoped(db, userId, {
        platform,
        stream: range,
      })
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .groupBy(sql`sent_at / 60000`)}) as per_minute`.execute(db);
      return Number(row.rows[0]?.peak ?? 0);
    },

    /** The streams of a platform (those on `day` when given), newest first, with their messages and chatters. */
    async streams(userId: string, platform: ConnectPlatform, day?: string): Promise<ArchiveStream[]> {
      let query = db
        .selectFrom('chat_streams')
        .selectAll()
        .where('user_id', '=', userId)
        .where('platform', '=', platform);
      if (day)
        query = query
          .where('start_day', '<=', day)
          .where((eb) => eb.or([eb('end_day', '>=', day), eb('ended_at', 'is', null)]));
      const rows = await query.orderBy('started_at', 'desc').limit(500).execute();
      return rows.map(toStream);
    },

    /**
     * Full text, by chatter and by date range, newest first: in arrival order (id), which the full-text index (on SQLite
     * for words and chatters alike) and PostgreSQL's chatter index give directly, so the first page of a common word or
     * chatter over a million messages is read, not sorted.
     */
    async search(
      userId: string,
      query: SearchQuery,
    ): Promise<{ messages: ArchivedMessage[]; next: { sentAt: number; id: number } | null }> {
      const limit = query.limit + 1;
      const login = query.user?.toLowerCase();
      let page: Selectable<ChatMessagesTable>[];
      const words = query.q ? ftsQuery(query.q) : null;
      if (query.q && words === null) return { messages: [], next: null };
      if ((words !== null || login) && dialect === 'sqlite') {
        // A range open at one end has no day list; the rows' day filters below bound it.
        const days = query.from && query.to ? daysOf(query.from, query.to) : null;
        const match = [
          words,
          login ? whoMatch('login', login) : null,
          days ? `(${days.map(dayMatch).join(' OR ')})` : null,
        ]
          .filter((part) => part !== null)
          .join(' AND ');
        const conditions = [sql`m.user_id = ${userId}`];
        if (query.platform) conditions.push(sql`m.platform = ${query.platform}`);
        if (login) conditions.push(sql`m.login = ${login}`);
        if (query.from) conditions.push(sql`m.day >= ${query.from}`);
        if (query.to) conditions.push(sql`m.day <= ${query.to}`);
        if (query.before) conditions.push(sql`f.rowid < ${query.before.id}`);
        // CROSS JOIN keeps the full-text index as the outer loop (SQLite does not reorder it): its rowids come newest
        // first and the first page stops the scan, instead of every message of the creator being checked against it.
        const result = await sql<
          Selectable<ChatMessagesTable>
        >`select m.* from chat_messages_fts f cross join chat_messages m on m.id = f.rowid where chat_messages_fts match ${match} and ${sql.join(conditions, sql` and `)} order by f.rowid desc limit ${limit}`.execute(
          db,
        );
        page = result.rows;
      } else {
        let rows = scoped(db, userId, {
          platform: query.platform,
          q: query.q,
          login,
          from: query.from,
          to: query.to,
        }).selectAll();
        if (query.before) rows = rows.where('id', '<', query.before.id);
        page = await rows.orderBy('id', 'desc').limit(limit).execute();
      }
      const messages = page.slice(0, query.limit).map(toMessage);
      const last = messages[messages.length - 1];
      return { messages, next: page.length > query.limit && last ? { sentAt: last.sentAt, id: last.id } : null };
    },

    /**
     * Every selected message in order, read `pageSize` at a time (constant memory however many there are). Each page
     * continues from the last row's key along an index: a day, a chatter or a whole archive walks (day, sent_at, id)
     * of the day index platform by platform; a search walks the full-text index's rowids.
     */
    async *export(userId: string, selection: Selection, pageSize = 2000): AsyncGenerator<ArchivedMessage> {
      const words = selection.q ? ftsQuery(selection.q) : null;
      if (selection.q && words === null) return;
      if (words !== null && dialect === 'sqlite') {
        const conditions = [sql`m.user_id = ${userId}`];
        if (selection.platform) conditions.push(sql`m.platform = ${selection.platform}`);
        if (selection.login) conditions.push(sql`m.login = ${selection.login.toLowerCase()}`);
        if (selection.day) conditions.push(sql`m.day = ${selection.day}`);
        if (selection.stream) {
          const { startDay, endDay, from, to } = selection.stream;
          conditions.push(
            sql`m.day >= ${startDay}`,
            sql`m.day <= ${endDay}`,
            sql`m.sent_at >= ${from}`,
            sql`m.sent_at <= ${to}`,
          );
        }
        if (selection.from) conditions.push(sql`m.day >= ${selection.from}`);
        if (selection.to) conditions.push(sql`m.day <= ${selection.to}`);
        let after = 0;
        for (;;) {
          const page = (
            await sql<
              Selectable<ChatMessagesTable>
            >`select m.* from chat_messages_fts f cross join chat_messages m on m.id = f.rowid where chat_messages_fts match ${words} and ${sql.join(conditions, sql` and `)} and f.rowid > ${after} order by f.rowid limit ${pageSize}`.execute(
              db,
            )
          ).rows;
          for (const row of page) yield toMessage(row);
          if (page.length < pageSize) return;
          after = Number(page[page.length - 1]!.id);
        }
      }
      for (const platform of selection.platform ? [selection.platform] : CONNECT_PLATFORMS) {
        let after: { day: string; sentAt: number; id: number } | null = null;
        for (;;) {
          let rows = scoped(db, userId, { ...selection, platform }).selectAll();
          if (after) {
            const { day, sentAt, id }: { day: string; sentAt: number; id: number } = after;
            rows = rows.where(sql<boolean>`(day, sent_at, id) > (${day}, ${sentAt}, ${id})`);
          }
          const page = await rows.orderBy('day').orderBy('sent_at').orderBy('id').limit(pageSize).execute();
          for (const row of page) yield toMessage(row);
          if (page.length < pageSize) break;
          const last = page[page.length - 1]!;
          after = { day: last.day, sentAt: Number(last.sent_at), id: Number(last.id) };
        }
      }
    },

    /**
     * Deletes the selected messages (and their index entries); for a day, a stream or everything also the events of
     * that time and the streams that lay wholly within it. One chatter (a viewer's deletion request) is chosen by their
     * id, never by a name: display names collide and logins change hands, while a viewer's messages under every name
     * they had are theirs. The moderation events naming them go with their messages. The summaries of the days and
     * streams that lost messages are brought back to what is left.
     */
    async delete(
      userId: string,
      selection: Pick<Selection, 'platform' | 'day'> & {
        stream?: { id: number; range: StreamRange };
        chatterId?: string;
      },
    ): Promise<number> {
      return db.transaction().execute(async (trx) => {
        await serialize(trx, userId);
        let messages = trx.deleteFrom('chat_messages').where('user_id', '=', userId);
        let events = trx.deleteFrom('chat_events').where('user_id', '=', userId);
        let streams = trx.deleteFrom('chat_streams').where('user_id', '=', userId);
        if (selection.platform) {
          messages = messages.where('platform', '=', selection.platform);
          events = events.where('platform', '=', selection.platform);
          streams = streams.where('platform', '=', selection.platform);
        }
        if (selection.day) {
          messages = messages.where('day', '=', selection.day);
          events = events.where('day', '=', selection.day);
          streams = streams
            .where('start_day', '=', selection.day)
            .where('end_day', '=', selection.day)
            .where('ended_at', 'is not', null);
        }
        if (selection.stream) {
          const { startDay, endDay, from, to } = selection.stream.range;
          messages = messages
            .where('day', '>=', startDay)
            .where('day', '<=', endDay)
            .where('sent_at', '>=', from)
            .where('sent_at', '<=', to);
          events = events
            .where('day', '>=', startDay)
            .where('day', '<=', endDay)
            .where('at', '>=', from)
            .where('at', '<=', to);
          streams = streams.where('id', '=', selection.stream.id);
        }
        const { chatterId } = selection;
        // A chatter's messages: on SQLite their ids come off the full-text index (and nothing else in the query lets
        // the planner walk the creator's archive instead); PostgreSQL reads the archive for them.
        const theirs = chatterId
          ? dialect === 'sqlite'
            ? trx
                .selectFrom('chat_messages as m')
                .where(
                  sql<boolean>`m.id in (${ftsIds(userId, whoMatch('chatter', chatterId), selection.platform ? [sql`m.platform = ${selection.platform}`] : [])})`,
                )
            : trx
                .selectFrom('chat_messages as m')
                .where('m.user_id', '=', userId)
                .where('m.chatter_id', '=', chatterId)
                .$if(Boolean(selection.platform), (q) => q.where('m.platform', '=', selection.platform!))
          : null;
        if (chatterId && theirs) {
          messages = trx.deleteFrom('chat_messages').where('id', 'in', theirs.select('m.id'));
          // An event names its target by id (detail) when the platform gave one; else by the message it removed, or by
          // a login the chatter had that day (Twitch's CLEARCHAT gives the login: one chatter's at any moment). The
          // chatter's messages are read once (not per event): a creator has one channel per platform.
          events = events.where((eb) =>
            eb.and([
              eb('kind', '!=', 'gap'),
              eb.or([
                eb('detail', '=', chatterId),
                eb('target_msg_id', 'in', theirs.select('m.msg_id')),
                eb.and([
                  eb('detail', 'is', null),
                  eb(
                    eb.refTuple('target_login', 'day'),
                    'in',
                    theirs.select(['m.login', 'm.day']).$asTuple('login', 'day'),
                  ),
                ]),
              ]),
            ]),
          );
        }
        // A chatter's days and logins, read before their messages go: the logins each of those days may lose.
        const theirDays = theirs
          ? await theirs
              .select(['m.platform', 'm.day', 'm.login'])
              .groupBy(['m.platform', 'm.day', 'm.login'])
              .execute()
          : [];
        // Events first: a chatter's are found through their messages.
        await events.execute();
        const result = await messages.executeTakeFirst();
        if (!chatterId) await streams.execute();
        if (Number(result.numDeletedRows) > 0) await resummarize(trx, userId, selection, theirDays);
        return Number(result.numDeletedRows);
      });
    },
  };
}

export type Archive = ReturnType<typeof createArchive>;
