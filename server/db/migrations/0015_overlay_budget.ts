// The overlay's wall-clock budget (docs/product.md §The overlay for OBS): a page shows one creative at a time, so the display credited to all of
// a creator's offers together never runs ahead of real time. Before this, each offer had its own budget
// (overlay_progress.credited_until), and heartbeats for several offers at once were each credited the same seconds.
// Epoch milliseconds up to which the overlay's display has been credited; 0: never.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('overlays')
    .addColumn('credited_until', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('overlays').dropColumn('credited_until').execute();
}
