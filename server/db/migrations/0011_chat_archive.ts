// The chat archive (docs/product.md §Chat archive): every message of a creator's connected channel with its tags, the moderation events
// (CLEARCHAT, CLEARMSG) and the gaps in ingestion, per channel and UTC day like justlog's layout; a full-text index
// (SQLite FTS5 kept by triggers; PostgreSQL a generated tsvector with GIN). The archive belongs to the creator
// (user_id), not to the connection: disconnecting keeps it, deleting is the creator's own act.
import { sql, type Kysely } from 'kysely';
import { autoIncrementId, type Dialect } from '../dialect.ts';

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('chat_messages')
    .addColumn('id', ...autoIncrementId(dialect))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('platform', 'text', (c) => c.notNull())
    .addColumn('channel_id', 'text', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    // YYYY-MM-DD (UTC) of sent_at.
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'bigint', (c) => c.notNull())
    // The platform's message id: a message is stored once, whatever replays or reconnects bring.
    .addColumn('msg_id', 'text', (c) => c.notNull())
    .addColumn('chatter_id', 'text', (c) => c.notNull())
    .addColumn('login', 'text', (c) => c.notNull())
    .addColumn('display_name', 'text', (c) => c.notNull())
    .addColumn('color', 'text')
    // "subscriber/12,premium/1" as Twitch sends it.
    .addColumn('badges', 'text', (c) => c.notNull())
    .addColumn('emotes', 'text')
    .addColumn('bits', 'integer')
    // privmsg, or the USERNOTICE kind (sub, resub, raid…) with the user's message.
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    // 1 once a moderator removed it (CLEARMSG) or its author was timed out or banned (CLEARCHAT).
    .addColumn('moderated', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('chat_messages_msg')
    .on('chat_messages')
    .columns(['platform', 'channel_id', 'msg_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('chat_messages_day')
    .on('chat_messages')
    .columns(['user_id', 'platform', 'day', 'sent_at'])
    .execute();
  // A chatter's messages newest first come straight off this index (id grows with arrival).
  await db.schema
    .createIndex('chat_messages_chatter')
    .on('chat_messages')
    .columns(['user_id', 'platform', 'login', 'id'])
    .execute();

  await db.schema
    .createTable('chat_events')
    .addColumn('id', ...autoIncrementId(dialect))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('platform', 'text', (c) => c.notNull())
    .addColumn('channel_id', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    // clearchat (a timeout, a ban, or the whole chat), clearmsg, gap.
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('target_login', 'text')
    .addColumn('target_msg_id', 'text')
    // Timeout seconds; for a gap, its end (epoch ms) is `until`.
    .addColumn('duration', 'integer')
    .addColumn('until', 'bigint')
    .addColumn('detail', 'text')
    .execute();
  await db.schema
    .createIndex('chat_events_day')
    .on('chat_events')
    .columns(['user_id', 'platform', 'day', 'at'])
    .execute();

  // Per archived channel: when the ingester last knew it was receiving (a restart records the gap since).
  await db.schema
    .createTable('chat_ingest_state')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('platform', 'text', (c) => c.notNull())
    .addColumn('channel_id', 'text', (c) => c.notNull())
    .addColumn('last_seen', 'bigint', (c) => c.notNull())
    .addColumn('skipped', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('chat_ingest_state_pk', ['user_id', 'platform', 'channel_id'])
    .execute();

  if (dialect === 'postgres') {
    await sql`alter table chat_messages add column tsv tsvector generated always as (to_tsvector('simple', text)) stored`.execute(
      db,
    );
    await sql`create index chat_messages_tsv on chat_messages using gin (tsv)`.execute(db);
  } else {
    // day_token ('d20261125') lets a search with a date range intersect the day's doclist inside the index instead of
    // filtering every match of a common word afterwards. Only rowids are ever read back, so the content table need
    // not hold that column; the triggers give both values.
    await sql`create virtual table chat_messages_fts using fts5(text, day_token, content='chat_messages', content_rowid='id', tokenize='unicode61 remove_diacritics 2')`.execute(
      db,
    );
    await sql`create trigger chat_messages_fts_insert after insert on chat_messages begin insert into chat_messages_fts(rowid, text, day_token) values (new.id, new.text, 'd' || replace(new.day, '-', '')); end`.execute(
      db,
    );
    await sql`create trigger chat_messages_fts_delete after delete on chat_messages begin insert into chat_messages_fts(chat_messages_fts, rowid, text, day_token) values ('delete', old.id, old.text, 'd' || replace(old.day, '-', '')); end`.execute(
      db,
    );
  }
}

export async function down(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect === 'sqlite') {
    await sql`drop trigger if exists chat_messages_fts_insert`.execute(db);
    await sql`drop trigger if exists chat_messages_fts_delete`.execute(db);
    await sql`drop table if exists chat_messages_fts`.execute(db);
  }
  await db.schema.dropTable('chat_ingest_state').execute();
  await db.schema.dropTable('chat_events').execute();
  await db.schema.dropTable('chat_messages').execute();
}
