// Discovery and negotiation (docs/product.md §Discovery and negotiation): the creator's media kit (a handle and
// whether it is published), the directory brands search (one row per creator, the public figures the media kit shows,
// kept by server/marketplace/directory.ts), advertisers' saved lists of creators, and counter-offers: an offer's
// agreed pay and deliverable when they differ from the campaign's, where it came from (matching or an invitation),
// and every proposal of its negotiation, each round kept.
import type { Kysely } from 'kysely';
import { autoIncrementId, type Dialect } from '../dialect.ts';

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('media_kits')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    // Lower-case letters, digits and underscores: the page is /c/<handle>.
    .addColumn('handle', 'text', (c) => c.notNull().unique())
    .addColumn('published', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('published_at', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('creator_directory')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('handle', 'text', (c) => c.notNull())
    // 1 while the creator's media kit is published: only listed rows are searched or shown.
    .addColumn('listed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('display_name', 'text', (c) => c.notNull())
    .addColumn('image', 'text')
    // Bits of connected platforms: 1 Twitch, 2 YouTube.
    .addColumn('platforms', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('category', 'text')
    // 'English' | 'Spanish' (the profile's language read as a broadcasting language).
    .addColumn('language', 'text')
    .addColumn('country', 'text')
    // Platform-verified figures: followers across channels, average live viewers (null: not measured yet).
    .addColumn('followers', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('avg_viewers', 'integer')
    // Sponsorships delivered, and delivered out of those that ended, in percent (null: none ended yet).
    .addColumn('completed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('delivery_rate', 'integer')
    // JSON: the public channels ({ platform, name, url, followers, avgViewers }) and audience countries.
    .addColumn('channels', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('audience_countries', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('about', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  for (const [name, columns] of [
    ['creator_directory_viewers', ['listed', 'avg_viewers', 'user_id']],
    ['creator_directory_followers', ['listed', 'followers', 'user_id']],
    ['creator_directory_rate', ['listed', 'delivery_rate', 'user_id']],
    ['creator_directory_country', ['listed', 'country', 'avg_viewers']],
    ['creator_directory_handle', ['handle']],
  ] as const) {
    await db.schema
      .createIndex(name)
      .on('creator_directory')
      .columns([...columns])
      .execute();
  }

  await db.schema
    .createTable('creator_lists')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('advertiser_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('creator_lists_owner').on('creator_lists').column('advertiser_id').execute();
  await db.schema
    .createTable('creator_list_members')
    .addColumn('list_id', 'text', (c) => c.notNull().references('creator_lists.id').onDelete('cascade'))
    .addColumn('creator_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('added_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('creator_list_members_pk', ['list_id', 'creator_id'])
    .execute();

  await db.schema
    .alterTable('offers')
    // The agreed pay and deliverable when a counter-offer changed them; null: the campaign's.
    .addColumn('pay_cents', 'bigint')
    .execute();
  await db.schema.alterTable('offers').addColumn('deliverable_minutes', 'integer').execute();
  // 'match' (matching made it) or 'invitation' (the brand invited the creator from search).
  await db.schema
    .alterTable('offers')
    .addColumn('origin', 'text', (c) => c.notNull().defaultTo('match'))
    .execute();

  await db.schema
    .createTable('offer_proposals')
    .addColumn('id', ...autoIncrementId(dialect))
    .addColumn('offer_id', 'text', (c) => c.notNull().references('offers.id').onDelete('cascade'))
    // 1, 2, 3…: one open proposal at a time; each round answers the one before.
    .addColumn('round', 'integer', (c) => c.notNull())
    .addColumn('side', 'text', (c) => c.notNull())
    .addColumn('author_id', 'text', (c) => c.notNull())
    .addColumn('pay_cents', 'bigint', (c) => c.notNull())
    .addColumn('deliverable_minutes', 'integer')
    .addColumn('message', 'text', (c) => c.notNull())
    // 'open' | 'accepted' | 'declined' | 'countered' | 'withdrawn' (the offer ended meanwhile).
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('open'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('decided_at', 'text')
    .addUniqueConstraint('offer_proposals_round', ['offer_id', 'round'])
    .execute();
}
