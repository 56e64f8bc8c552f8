// Money movement (docs/product.md §Money): creators' payouts with their life cycle, the per-day counter behind their references,
// the connected accounts payout providers keep for a creator, and what an offer earned when it completed.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('payouts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('creator_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('amount_cents', 'bigint', (c) => c.notNull())
    // The method as it was when requested: the method may be replaced or removed later, the history stays.
    .addColumn('method_id', 'text', (c) => c.notNull())
    .addColumn('method_kind', 'text', (c) => c.notNull())
    .addColumn('method_display', 'text', (c) => c.notNull())
    // manual | stripe | paypal
    .addColumn('provider', 'text', (c) => c.notNull())
    // requested | processing | paid | failed
    .addColumn('status', 'text', (c) => c.notNull())
    // #CB-YYMMDD-NNNN
    .addColumn('reference', 'text', (c) => c.notNull().unique())
    // The client's Idempotency-Key: one payout per creator and key.
    .addColumn('idempotency_key', 'text', (c) => c.notNull())
    // The provider's own id (Stripe payout, PayPal batch) or the operator's bank reference.
    .addColumn('provider_ref', 'text')
    .addColumn('failure_reason', 'text')
    .addColumn('requested_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('paid_at', 'text')
    .addColumn('decided_by', 'text')
    .addUniqueConstraint('payouts_creator_key', ['creator_id', 'idempotency_key'])
    .execute();
  await db.schema.createIndex('payouts_creator').on('payouts').columns(['creator_id', 'requested_at']).execute();
  await db.schema.createIndex('payouts_status').on('payouts').columns(['status', 'requested_at']).execute();

  // The NNNN of #CB-YYMMDD-NNNN: counted up per day in one upsert, so concurrent requests never share a number.
  await db.schema
    .createTable('payout_sequences')
    .addColumn('day', 'text', (c) => c.primaryKey())
    .addColumn('last', 'integer', (c) => c.notNull())
    .execute();

  // A creator's account at a payout provider (a Stripe Connect account) and the method attached to it.
  await db.schema
    .createTable('provider_accounts')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('account_id', 'text', (c) => c.notNull())
    // The payout method whose details the provider holds (attached again when the creator replaces it).
    .addColumn('method_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('provider_accounts_pk', ['user_id', 'provider'])
    .execute();

  // What an offer earned when it completed, and how its delivery was established: the advertiser's confirmation or
  // the overlay's display proof (docs/product.md §The overlay for OBS).
  await db.schema.alterTable('offers').addColumn('completed_at', 'text').execute();
  await db.schema.alterTable('offers').addColumn('completed_via', 'text').execute();
  await db.schema.alterTable('offers').addColumn('earned_cents', 'bigint').execute();
  await db.schema.alterTable('offers').addColumn('fee_cents', 'bigint').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['fee_cents', 'earned_cents', 'completed_via', 'completed_at'])
    await db.schema.alterTable('offers').dropColumn(column).execute();
  await db.schema.dropTable('provider_accounts').execute();
  await db.schema.dropTable('payout_sequences').execute();
  await db.schema.dropTable('payouts').execute();
}
