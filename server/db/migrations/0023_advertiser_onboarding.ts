// A new advertiser's first use (docs/product.md §Advertiser onboarding): what the company wants to promote (asked at
// sign-up), the transfer reference that identifies each advertiser's bank transfers (stable, unique, CB-XXXX-XXXX),
// and the operator's settings (the transfer instructions advertisers read on Funds).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('advertiser_profiles')
    .addColumn('promotes', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createTable('funding_references')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('reference', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('platform_settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('platform_settings').execute();
  await db.schema.dropTable('funding_references').execute();
  await db.schema.alterTable('advertiser_profiles').dropColumn('promotes').execute();
}
