// Analytics from real data (docs/product.md §Analytics): the platforms' figures of each connected account as time series (a sample per
// collection, at most one per metric and moment) with a daily rollup that the charts read (a year is 365 rows a
// series, whatever the sampling), and where each account's collector stands. Super Chats keep their amount and
// currency in the chat archive, and donations (bits, Super Chats) are read off partial indexes.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('metric_samples')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('platform', 'text', (c) => c.notNull())
    // followers, viewers (only while live), subscribers, views.
    .addColumn('metric', 'text', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('value', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('metric_samples_pk', ['user_id', 'platform', 'metric', 'at'])
    .execute();

  await db.schema
    .createTable('metric_days')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('platform', 'text', (c) => c.notNull())
    .addColumn('metric', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    // The day's first and latest samples (a total's value as the day began and ended), its largest, and sum and count
    // for averages.
    .addColumn('first_at', 'bigint', (c) => c.notNull())
    .addColumn('first_value', 'bigint', (c) => c.notNull())
    .addColumn('last_at', 'bigint', (c) => c.notNull())
    .addColumn('last_value', 'bigint', (c) => c.notNull())
    .addColumn('max_value', 'bigint', (c) => c.notNull())
    .addColumn('sum_value', 'bigint', (c) => c.notNull())
    .addColumn('samples', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('metric_days_pk', ['user_id', 'platform', 'metric', 'day'])
    .execute();

  await db.schema
    .createTable('metric_collection')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('platform', 'text', (c) => c.notNull())
    // pending (never collected), ok, reconnect (the platform refused the grant), rate_limited, error (will retry).
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('last_at', 'bigint')
    .addColumn('next_at', 'bigint')
    .addColumn('live', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('problem', 'text')
    // Series the grant's scopes do not allow (space-separated), shown as "scope missing".
    .addColumn('missing', 'text', (c) => c.notNull().defaultTo(''))
    .addPrimaryKeyConstraint('metric_collection_pk', ['user_id', 'platform'])
    .execute();

  await db.schema.alterTable('chat_messages').addColumn('amount_micros', 'bigint').execute();
  await db.schema.alterTable('chat_messages').addColumn('currency', 'text').execute();
  // Partial indexes (both databases have them): a year of donations is read without touching the other messages.
  await sql`create index chat_messages_bits on chat_messages (user_id, platform, day) where bits is not null`.execute(
    db,
  );
  await sql`create index chat_messages_superchats on chat_messages (user_id, platform, day) where amount_micros is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists chat_messages_superchats`.execute(db);
  await sql`drop index if exists chat_messages_bits`.execute(db);
  await db.schema.alterTable('chat_messages').dropColumn('currency').execute();
  await db.schema.alterTable('chat_messages').dropColumn('amount_micros').execute();
  await db.schema.dropTable('metric_collection').execute();
  await db.schema.dropTable('metric_days').execute();
  await db.schema.dropTable('metric_samples').execute();
}
