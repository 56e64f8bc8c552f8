// Platform limits (docs/product.md §Platform limits): every call to Twitch and YouTube spends a budget the platform
// sets per credential — Helix's 800 points a minute per token, YouTube's 10,000 units a day per project — and every
// instance spends the same one. platform_budgets holds each credential's current window as the cluster knows it: what
// is handed out to instances (granted, in slices that each instance then spends from memory), what they reported
// spent, and the end of the window. eventsub_conduits keeps the Twitch conduit the instances' shards serve, so that a
// restart or another instance finds it instead of creating a second one.
import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect.ts';

export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('platform_budgets')
    // `${provider}:${credential}`: twitch:app, twitch:user:<id>, youtube:project
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('credential', 'text', (c) => c.notNull())
    .addColumn('capacity', 'integer', (c) => c.notNull())
    // Epoch milliseconds when the window ends (Helix's Ratelimit-Reset; YouTube's midnight Pacific).
    .addColumn('window_end', 'bigint', (c) => c.notNull())
    // Handed out to instances in this window (never above capacity).
    .addColumn('granted', 'integer', (c) => c.notNull().defaultTo(0))
    // Reported spent by the instances in this window.
    .addColumn('spent', 'integer', (c) => c.notNull().defaultTo(0))
    // The platform itself said no (a 429, quotaExceeded) until this time: nothing is handed out before it.
    .addColumn('refused_until', 'bigint')
    .addColumn('refused_reason', 'text')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('eventsub_conduits')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('conduit_id', 'text', (c) => c.notNull())
    .addColumn('shard_count', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('eventsub_conduits').ifExists().execute();
  await db.schema.dropTable('platform_budgets').ifExists().execute();
}
