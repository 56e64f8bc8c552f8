// On SQLite a chatter's messages are found through the full-text index instead of a B-tree on (user_id, platform,
// login, id) (docs/product.md §Chat archive's ingestion figure). That index took each batch's messages from thousands of chatters to as many
// scattered pages (a 1,000-message batch dirtied ~1,000 of them, the largest cost of ingesting), while FTS5 appends
// each transaction's entries as a new segment and merges them later in order. The full-text table gains a column
// `who` with two tokens per message: 'l' and the login's UTF-8 bytes in hex, 'c' and the chatter id's (one token each
// whatever characters a name holds, so a match is exact). The table is rebuilt from the messages (an FTS5 table has no
// ALTER), then the B-tree goes. PostgreSQL keeps its chatter index: its inserts are not where its time goes.
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../dialect.ts';

const WHO = (row: string) => `'l' || hex(${row}.login) || ' c' || hex(${row}.chatter_id)`;
const DAY = (row: string) => `'d' || replace(${row}.day, '-', '')`;

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect !== 'sqlite') return;
  await sql`drop trigger chat_messages_fts_insert`.execute(db);
  await sql`drop trigger chat_messages_fts_delete`.execute(db);
  await sql`drop table chat_messages_fts`.execute(db);
  // columnsize=0: no per-message row of column sizes (only ranking reads them; the archive orders by arrival).
  await sql`create virtual table chat_messages_fts using fts5(text, day_token, who, content='chat_messages', content_rowid='id', columnsize=0, tokenize='unicode61 remove_diacritics 2')`.execute(
    db,
  );
  await sql
    .raw(
      `insert into chat_messages_fts(rowid, text, day_token, who) select m.id, m.text, ${DAY('m')}, ${WHO('m')} from chat_messages m`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger chat_messages_fts_insert after insert on chat_messages begin insert into chat_messages_fts(rowid, text, day_token, who) values (new.id, new.text, ${DAY('new')}, ${WHO('new')}); end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger chat_messages_fts_delete after delete on chat_messages begin insert into chat_messages_fts(chat_messages_fts, rowid, text, day_token, who) values ('delete', old.id, old.text, ${DAY('old')}, ${WHO('old')}); end`,
    )
    .execute(db);
  await db.schema.dropIndex('chat_messages_chatter').execute();
}

export async function down(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect !== 'sqlite') return;
  await db.schema
    .createIndex('chat_messages_chatter')
    .on('chat_messages')
    .columns(['user_id', 'platform', 'login', 'id'])
    .execute();
  await sql`drop trigger chat_messages_fts_insert`.execute(db);
  await sql`drop trigger chat_messages_fts_delete`.execute(db);
  await sql`drop table chat_messages_fts`.execute(db);
  await sql`create virtual table chat_messages_fts using fts5(text, day_token, content='chat_messages', content_rowid='id', tokenize='unicode61 remove_diacritics 2')`.execute(
    db,
  );
  await sql
    .raw(`insert into chat_messages_fts(rowid, text, day_token) select m.id, m.text, ${DAY('m')} from chat_messages m`)
    .execute(db);
  await sql
    .raw(
      `create trigger chat_messages_fts_insert after insert on chat_messages begin insert into chat_messages_fts(rowid, text, day_token) values (new.id, new.text, ${DAY('new')}); end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger chat_messages_fts_delete after delete on chat_messages begin insert into chat_messages_fts(chat_messages_fts, rowid, text, day_token) values ('delete', old.id, old.text, ${DAY('old')}); end`,
    )
    .execute(db);
}
