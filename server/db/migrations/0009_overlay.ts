// The overlay for OBS (docs/product.md §The overlay for OBS): one per creator, found by the hash of its secret token; what each offer's creative
// was displayed, minute by minute (the proof), and each offer's running total with the wall-clock budget that caps it.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('overlays')
    .addColumn('creator_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    // SHA-256 of the token (hex): what a request's token is looked up by.
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    // The token itself, sealed with PAYOUT_KEY, so the dashboard can show the URL again.
    .addColumn('token_sealed', 'text', (c) => c.notNull())
    .addColumn('token_created_at', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('position', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('rotation_seconds', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  // Seconds displayed per offer and minute (UTC epoch minute); at most 60 per row.
  await db.schema
    .createTable('overlay_minutes')
    .addColumn('offer_id', 'text', (c) => c.notNull().references('offers.id').onDelete('cascade'))
    .addColumn('minute', 'bigint', (c) => c.notNull())
    .addColumn('seconds', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('overlay_minutes_pk', ['offer_id', 'minute'])
    .execute();

  // Per offer: the total, the wall-clock budget (credit never runs ahead of real time) and the last heartbeat's id.
  await db.schema
    .createTable('overlay_progress')
    .addColumn('offer_id', 'text', (c) => c.primaryKey().references('offers.id').onDelete('cascade'))
    .addColumn('displayed_seconds', 'integer', (c) => c.notNull())
    // Epoch milliseconds up to which display has been credited.
    .addColumn('credited_until', 'bigint', (c) => c.notNull())
    .addColumn('last_beat_id', 'text', (c) => c.notNull())
    .addColumn('first_beat_at', 'text', (c) => c.notNull())
    .addColumn('last_beat_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('overlay_progress').execute();
  await db.schema.dropTable('overlay_minutes').execute();
  await db.schema.dropTable('overlays').execute();
}
