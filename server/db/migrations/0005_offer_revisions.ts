// The offers list's revision per user (docs/product.md §Offers, threads, notifications): raised in the same transaction as any change to what the user's
// GET /api/offers shows, so a cached answer is served only while its revision is still the stored one.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('offers_rev', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('offers_rev').execute();
}
