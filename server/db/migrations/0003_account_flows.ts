// Account flows (docs/product.md §Accounts): session versions, password-reset links, support tickets, the newsletter list and the
// request limits shared by every process on the database.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Bumped when the password changes: tokens carrying an older version stop working.
  await db.schema
    .alterTable('users')
    .addColumn('token_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('password_resets')
    // SHA-256 of the link's 32 random bytes; the link itself is never stored.
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    // Set when the link was used or replaced by a newer one.
    .addColumn('used_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('password_resets_user').on('password_resets').column('user_id').execute();

  await db.schema
    .createTable('support_tickets')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('page', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('support_tickets_user').on('support_tickets').column('user_id').execute();

  await db.schema
    .createTable('newsletter_subscriptions')
    .addColumn('email', 'text', (c) => c.primaryKey())
    // SHA-256 of the unsubscribe link's token.
    .addColumn('unsubscribe_hash', 'text', (c) => c.notNull().unique())
    .addColumn('subscribed_at', 'text', (c) => c.notNull())
    .addColumn('unsubscribed_at', 'text')
    .execute();

  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('window_start', 'bigint', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('rate_limits').execute();
  await db.schema.dropTable('newsletter_subscriptions').execute();
  await db.schema.dropTable('support_tickets').execute();
  await db.schema.dropTable('password_resets').execute();
  await db.schema.alterTable('users').dropColumn('token_version').execute();
}
