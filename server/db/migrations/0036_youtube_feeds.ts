// YouTube's push feed (issue 46; docs/product.md §Verified delivery): each YouTube channel in delivery has its Atom
// feed subscribed on Google's WebSub hub (server/connections/websub.ts), and the videos the hub announces are
// confirmed and sampled by batched videos.list (server/connections/live.ts).
// - youtube_feeds: one subscription per channel: its own HMAC secret, whether the hub verified it, until when its
//   lease runs and when it is to be renewed, and when the broadcasts the feed announced before it (scheduled
//   earlier, or live already) were looked up once.
// - youtube_videos: the videos the feed (or a fallback look) made known, and what videos.list last said of each:
//   upcoming (with its scheduled start), live, ended or gone.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('youtube_feeds')
    .addColumn('channel_id', 'text', (c) => c.primaryKey())
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('requested_at', 'bigint', (c) => c.notNull())
    .addColumn('verified_at', 'bigint')
    .addColumn('lease_until', 'bigint')
    .addColumn('renew_at', 'bigint')
    .addColumn('last_push_at', 'bigint')
    .addColumn('caught_up_at', 'bigint')
    .addColumn('problem', 'text')
    .execute();
  await db.schema
    .createTable('youtube_videos')
    .addColumn('video_id', 'text', (c) => c.primaryKey())
    .addColumn('channel_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('scheduled_at', 'bigint')
    .addColumn('pushed_at', 'bigint')
    .addColumn('checked_at', 'bigint')
    .addColumn('flag_checked_at', 'bigint')
    .addColumn('flag_title', 'text')
    .addColumn('branded', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('youtube_videos_channel')
    .on('youtube_videos')
    .columns(['channel_id', 'status'])
    .execute();
  await db.schema.createIndex('youtube_videos_status').on('youtube_videos').columns(['status']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('youtube_videos').ifExists().execute();
  await db.schema.dropTable('youtube_feeds').ifExists().execute();
}
