// Stream sessions of an archived channel (docs/product.md §Chat archive): one row per live broadcast as the platform reports it (Twitch
// Helix `streams`, YouTube `liveBroadcasts`), with its title and times. A stream's messages are those of its channel
// sent between its start and its end, read along the day index (start_day..end_day), so no message row names it and
// deleting or re-ingesting messages never leaves a count to repair.
import type { Kysely } from 'kysely';
import { autoIncrementId, type Dialect } from '../dialect.ts';

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('chat_streams')
    .addColumn('id', ...autoIncrementId(dialect))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('platform', 'text', (c) => c.notNull())
    .addColumn('channel_id', 'text', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    // The platform's own id of the broadcast: a stream seen again after a restart is the same row.
    .addColumn('stream_id', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('started_at', 'bigint', (c) => c.notNull())
    // Null while live; otherwise when the platform stopped reporting it live.
    .addColumn('ended_at', 'bigint')
    // The last time the platform reported it live (a stream found ended after a restart ends here).
    .addColumn('live_at', 'bigint', (c) => c.notNull())
    // YYYY-MM-DD (UTC) of started_at and of the end (or live_at while live): the days its messages are on.
    .addColumn('start_day', 'text', (c) => c.notNull())
    .addColumn('end_day', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('chat_streams_stream')
    .on('chat_streams')
    .columns(['platform', 'channel_id', 'stream_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('chat_streams_user')
    .on('chat_streams')
    .columns(['user_id', 'platform', 'start_day'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('chat_streams').execute();
}
