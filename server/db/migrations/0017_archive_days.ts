// What the Archive Chat list shows, kept instead of counted (docs/product.md §Chat archive): per archived day its messages, chatters, first
// and last message and channel, and per stream its messages and chatters. Counting them on each visit grouped the
// creator's whole archive (over a second for a year of 1,000,000 messages); the store now keeps them in the
// transaction of each batch that adds messages and of each deletion that removes some. Chatters are distinct logins,
// so each day and each stream keeps its set of logins: a batch adds the logins new to it, a deletion removes those of
// which no message is left, and the count stays exact either way.
import { sql, type CreateTableBuilder, type Kysely } from 'kysely';
import { autoIncrementId, type Dialect } from '../dialect.ts';

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  // A set is looked up by its key only: on SQLite the key is the row (no rowid beside it).
  const keyed = <T extends string, C extends string>(table: CreateTableBuilder<T, C>) =>
    dialect === 'sqlite' ? table.modifyEnd(sql`without rowid`) : table;

  await db.schema
    .createTable('chat_days')
    .addColumn('id', ...autoIncrementId(dialect))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('platform', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    // The greatest channel name among the day's messages (a channel renamed that day has two).
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('messages', 'integer', (c) => c.notNull())
    .addColumn('chatters', 'integer', (c) => c.notNull())
    .addColumn('first_at', 'bigint', (c) => c.notNull())
    .addColumn('last_at', 'bigint', (c) => c.notNull())
    // Bumped each time a deletion takes logins from its set: an ingester's memory of the set holds while it is unchanged.
    .addColumn('pruned', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('chat_days_day')
    .on('chat_days')
    .columns(['user_id', 'platform', 'day'])
    .unique()
    .execute();
  await keyed(
    db.schema
      .createTable('chat_day_chatters')
      .addColumn('day_id', 'bigint', (c) => c.notNull().references('chat_days.id').onDelete('cascade'))
      .addColumn('login', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('chat_day_chatters_pk', ['day_id', 'login']),
  ).execute();

  await db.schema
    .alterTable('chat_streams')
    .addColumn('messages', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('chat_streams')
    .addColumn('chatters', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('chat_streams')
    .addColumn('pruned', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await keyed(
    db.schema
      .createTable('chat_stream_chatters')
      .addColumn('stream_id', 'bigint', (c) => c.notNull().references('chat_streams.id').onDelete('cascade'))
      .addColumn('login', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('chat_stream_chatters_pk', ['stream_id', 'login']),
  ).execute();

  // The archives kept so far, counted once.
  await sql`insert into chat_days (user_id, platform, day, channel, messages, chatters, first_at, last_at)
    select user_id, platform, day, max(channel), count(*), count(distinct login), min(sent_at), max(sent_at) from chat_messages group by user_id, platform, day`.execute(
    db,
  );
  await sql`insert into chat_day_chatters (day_id, login)
    select distinct d.id, m.login from chat_messages m join chat_days d on d.user_id = m.user_id and d.platform = m.platform and d.day = m.day`.execute(
    db,
  );
  // A stream's messages: its platform's, sent between its start and its end (from its start on while it is live).
  const during = (s: string, m: string) =>
    sql.raw(
      `${m}.user_id = ${s}.user_id and ${m}.platform = ${s}.platform and ${m}.day >= ${s}.start_day and ${m}.sent_at >= ${s}.started_at and (${s}.ended_at is null or (${m}.day <= ${s}.end_day and ${m}.sent_at <= ${s}.ended_at))`,
    );
  await sql`insert into chat_stream_chatters (stream_id, login) select distinct s.id, m.login from chat_streams s join chat_messages m on ${during('s', 'm')}`.execute(
    db,
  );
  await sql`update chat_streams set
    messages = (select count(*) from chat_messages m where ${during('chat_streams', 'm')}),
    chatters = (select count(*) from chat_stream_chatters c where c.stream_id = chat_streams.id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('chat_stream_chatters').execute();
  await db.schema.alterTable('chat_streams').dropColumn('pruned').execute();
  await db.schema.alterTable('chat_streams').dropColumn('chatters').execute();
  await db.schema.alterTable('chat_streams').dropColumn('messages').execute();
  await db.schema.dropTable('chat_day_chatters').execute();
  await db.schema.dropTable('chat_days').execute();
}
