// Stripe Connect for the `stripe` payout rail (docs/product.md §Money): each creator's Stripe Express account, made
// once when they choose "Get paid through Stripe", and what Stripe's `account.updated` last said of it. The rail pays
// only while `payouts_enabled` is set; until then Set Payout Method says what Stripe still needs.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('stripe_connect_accounts')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('account_id', 'text', (c) => c.notNull().unique())
    .addColumn('payouts_enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('charges_enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('details_submitted', 'integer', (c) => c.notNull().defaultTo(0))
    // Stripe's requirements.currently_due, a JSON array of field names.
    .addColumn('currently_due', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('disabled_reason', 'text')
    // The `created` (seconds) of the event or read that set the row: an older event arriving late changes nothing.
    .addColumn('stripe_seen', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('stripe_connect_accounts').execute();
}
