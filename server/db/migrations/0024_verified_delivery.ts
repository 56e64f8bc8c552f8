// Verified delivery (docs/product.md §Verified delivery): what the platforms said about creators' channels (live
// streams, the samples of their title, disclosure and viewers, when each channel was last looked at), the overlay's
// claims settled against them (overlay_minutes.status, verified seconds and impressions), the network addresses an
// overlay's heartbeats came from (hashed) and its page's last report, a campaign's disclosure requirement, and each
// overlay earning's review window (pending → available, or held / disputed until an operator resolves it).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('live_streams')
    // `${platform}:${the platform's stream or broadcast id}`
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('creator_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // The connected account it was seen through (kept after a disconnect: the evidence stays).
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('platform', 'text', (c) => c.notNull())
    .addColumn('channel_id', 'text', (c) => c.notNull())
    .addColumn('channel_login', 'text', (c) => c.notNull())
    .addColumn('stream_id', 'text', (c) => c.notNull())
    // Epoch ms: the platform's start, the last look that found it live, the first look that found it gone.
    .addColumn('started_at', 'bigint', (c) => c.notNull())
    .addColumn('last_live_at', 'bigint', (c) => c.notNull())
    .addColumn('ended_at', 'bigint')
    .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
    // The platform's recording of it (Twitch VOD, YouTube watch page), once known.
    .addColumn('recording_url', 'text')
    .execute();
  await db.schema
    .createIndex('live_streams_creator')
    .on('live_streams')
    .columns(['creator_id', 'started_at'])
    .execute();
  await db.schema
    .createTable('live_samples')
    .addColumn('stream_key', 'text', (c) => c.notNull().references('live_streams.id').onDelete('cascade'))
    .addColumn('at', 'bigint', (c) => c.notNull())
    // Concurrent viewers as the platform reported them; null when it did not say.
    .addColumn('viewers', 'integer')
    .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
    // 1: disclosed as sponsored (branded-content / paid-promotion flag, or #ad / #sponsored in the title).
    .addColumn('disclosed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('branded', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('live_samples_pk', ['stream_key', 'at'])
    .execute();
  await db.schema
    .createTable('live_watch')
    .addColumn('account_id', 'text', (c) => c.primaryKey().references('connected_accounts.id').onDelete('cascade'))
    .addColumn('creator_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('platform', 'text', (c) => c.notNull())
    // Epoch ms of the last look the platform answered (0: never); what was seen then; why it could not look.
    .addColumn('checked_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('live', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('stream_key', 'text')
    .addColumn('problem', 'text')
    .execute();
  await db.schema.createIndex('live_watch_creator').on('live_watch').column('creator_id').execute();

  await db.schema
    .alterTable('campaigns')
    .addColumn('requires_disclosure', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();

  // A minute's claimed seconds (on Program while OBS streamed) are settled once the platform has been asked after it.
  await db.schema
    .alterTable('overlay_minutes')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .execute();
  await db.schema
    .alterTable('overlay_minutes')
    .addColumn('verified_seconds', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('overlay_minutes').addColumn('viewers', 'integer').execute();
  await db.schema.alterTable('overlay_minutes').addColumn('stream_key', 'text').execute();
  await db.schema.createIndex('overlay_minutes_status').on('overlay_minutes').columns(['status', 'minute']).execute();
  await db.schema
    .alterTable('overlay_progress')
    .addColumn('verified_seconds', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('overlay_progress')
    .addColumn('impressions', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('overlay_sources')
    .addColumn('creator_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('minute', 'bigint', (c) => c.notNull())
    // HMAC of the client address: which addresses, never the addresses themselves.
    .addColumn('address', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('overlay_sources_pk', ['creator_id', 'minute', 'address'])
    .execute();
  await db.schema
    .createTable('overlay_presence')
    .addColumn('creator_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    // What the page last said of its host (contract/overlay.ts HOST_STATES) and when (epoch ms).
    .addColumn('host', 'text', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('earning_reviews')
    .addColumn('offer_id', 'text', (c) => c.primaryKey().references('offers.id').onDelete('cascade'))
    .addColumn('creator_id', 'text', (c) => c.notNull())
    .addColumn('advertiser_id', 'text', (c) => c.notNull())
    .addColumn('campaign_id', 'text', (c) => c.notNull())
    .addColumn('earned_cents', 'bigint', (c) => c.notNull())
    .addColumn('fee_cents', 'bigint', (c) => c.notNull())
    // pending → released | disputed | held; disputed, held → resolved (contract/money.ts REVIEW_STATUSES).
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('ends_at', 'bigint', (c) => c.notNull())
    // JSON array of { rule, detail }: why the earning is held for an operator.
    .addColumn('hold_reasons', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('dispute_reason', 'text')
    .addColumn('disputed_at', 'text')
    .addColumn('resolution_reason', 'text')
    .addColumn('resolved_pay_cents', 'bigint')
    .addColumn('resolved_refund_cents', 'bigint')
    .addColumn('resolved_by', 'text')
    .addColumn('resolved_at', 'text')
    .addColumn('released_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('earning_reviews_status').on('earning_reviews').columns(['status', 'ends_at']).execute();
  await db.schema.createIndex('earning_reviews_creator').on('earning_reviews').column('creator_id').execute();
  await db.schema.createIndex('earning_reviews_advertiser').on('earning_reviews').column('advertiser_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('earning_reviews').execute();
  await db.schema.dropTable('overlay_presence').execute();
  await db.schema.dropTable('overlay_sources').execute();
  await db.schema.alterTable('overlay_progress').dropColumn('impressions').execute();
  await db.schema.alterTable('overlay_progress').dropColumn('verified_seconds').execute();
  await db.schema.dropIndex('overlay_minutes_status').execute();
  for (const column of ['stream_key', 'viewers', 'verified_seconds', 'status'])
    await db.schema.alterTable('overlay_minutes').dropColumn(column).execute();
  await db.schema.alterTable('campaigns').dropColumn('requires_disclosure').execute();
  await db.schema.dropTable('live_watch').execute();
  await db.schema.dropTable('live_samples').execute();
  await db.schema.dropTable('live_streams').execute();
}
