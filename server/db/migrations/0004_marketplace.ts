// The marketplace (docs/product.md §Marketplace): roles, advertiser profiles, campaigns, offers with their threads, notifications and
// the in-process job table that runs matching beside the HTTP server.
import { sql, type Kysely } from 'kysely';
import { autoIncrementId, type Dialect } from '../dialect.ts';

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  // creator | advertiser | operator. Existing accounts take theirs from the account type chosen at sign-up.
  await db.schema
    .alterTable('users')
    .addColumn('role', 'text', (c) => c.notNull().defaultTo('creator'))
    .execute();
  await sql`update users set role = 'advertiser' where type_account = 'Advertiser'`.execute(db);

  await db.schema
    .createTable('advertiser_profiles')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('company_name', 'text', (c) => c.notNull())
    .addColumn('website', 'text', (c) => c.notNull())
    .addColumn('contact_name', 'text', (c) => c.notNull())
    .addColumn('contact_email', 'text', (c) => c.notNull())
    // pending | approved | rejected
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('rejection_reason', 'text')
    .addColumn('reviewed_at', 'text')
    .addColumn('reviewed_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('advertiser_profiles_status')
    .on('advertiser_profiles')
    .columns(['status', 'created_at'])
    .execute();

  await db.schema
    .createTable('campaigns')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('advertiser_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('brand', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('image', 'text')
    .addColumn('pay_cents', 'bigint', (c) => c.notNull())
    .addColumn('spots', 'integer', (c) => c.notNull())
    // Accepted offers so far; raised only while below spots, in the same statement (no overbooking).
    .addColumn('accepted_count', 'integer', (c) => c.notNull().defaultTo(0))
    // JSON arrays of the targeting lists.
    .addColumn('platforms', 'text', (c) => c.notNull())
    .addColumn('languages', 'text', (c) => c.notNull())
    .addColumn('countries', 'text', (c) => c.notNull())
    .addColumn('categories', 'text', (c) => c.notNull())
    .addColumn('min_avg_viewers', 'integer')
    .addColumn('deliverable_minutes', 'integer', (c) => c.notNull())
    .addColumn('starts_on', 'text', (c) => c.notNull())
    .addColumn('ends_on', 'text', (c) => c.notNull())
    .addColumn('disclosure', 'text', (c) => c.notNull())
    // draft | active | paused | completed | cancelled
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('launched_at', 'text')
    .execute();
  await db.schema
    .createIndex('campaigns_advertiser')
    .on('campaigns')
    .columns(['advertiser_id', 'created_at'])
    .execute();
  await db.schema.createIndex('campaigns_status').on('campaigns').column('status').execute();

  await db.schema
    .createTable('offers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('campaign_id', 'text', (c) => c.notNull().references('campaigns.id').onDelete('cascade'))
    .addColumn('creator_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // invited | info_requested | accepted | declined | expired | active | completed | paid
    .addColumn('status', 'text', (c) => c.notNull())
    // JSON array of { criterion, detail }.
    .addColumn('reasons', 'text', (c) => c.notNull())
    .addColumn('score', 'integer', (c) => c.notNull())
    .addColumn('decline_reason', 'text')
    .addColumn('message_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    // Never two offers of one campaign to one creator.
    .addUniqueConstraint('offers_campaign_creator', ['campaign_id', 'creator_id'])
    .execute();
  await db.schema.createIndex('offers_creator').on('offers').columns(['creator_id', 'created_at']).execute();
  await db.schema.createIndex('offers_campaign_status').on('offers').columns(['campaign_id', 'status']).execute();

  await db.schema
    .createTable('offer_messages')
    // Increasing: the thread's order, also for messages written in the same millisecond.
    .addColumn('id', ...autoIncrementId(dialect))
    .addColumn('offer_id', 'text', (c) => c.notNull().references('offers.id').onDelete('cascade'))
    .addColumn('author_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // creator | advertiser
    .addColumn('author_side', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('offer_messages_offer').on('offer_messages').columns(['offer_id', 'id']).execute();

  await db.schema
    .createTable('notifications')
    .addColumn('id', ...autoIncrementId(dialect))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('offer_id', 'text', (c) => c.references('offers.id').onDelete('cascade'))
    .addColumn('link', 'text')
    .addColumn('read_at', 'text')
    .addColumn('cleared_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('notifications_user').on('notifications').columns(['user_id', 'id']).execute();

  // The in-process job queue: one row per pending job key; a repeated enqueue while it runs asks for one more run.
  await db.schema
    .createTable('jobs')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('run_at', 'bigint', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', 'bigint')
    .addColumn('rerun', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .execute();
  await db.schema.createIndex('jobs_run_at').on('jobs').column('run_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('jobs').execute();
  await db.schema.dropTable('notifications').execute();
  await db.schema.dropTable('offer_messages').execute();
  await db.schema.dropTable('offers').execute();
  await db.schema.dropTable('campaigns').execute();
  await db.schema.dropTable('advertiser_profiles').execute();
  await db.schema.alterTable('users').dropColumn('role').execute();
}
