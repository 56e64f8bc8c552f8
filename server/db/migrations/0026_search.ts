// Creator search (docs/product.md §Discovery and negotiation, server/marketplace/search.ts): GET /api/creators must
// answer in ≤ 50 ms (p95) over 100,000 listed creators with any combination of filters (bench/search.ts). Migration
// 0025's indexes order by one column but hold no filter column, so a search with a filter read a table row for
// every entry it passed, and a sort by completed sponsorships sorted the whole directory. These indexes cover a
// search: for each sort, one in that order (highest first, nulls last on both backends: PostgreSQL needs it said,
// SQLite's descending order already puts them last) and one per country in that order, each holding every filter
// column, so the ids of a page and the capped count are read from the index alone. They replace 0025's four.
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../dialect.ts';

const SORTS = {
  viewers: 'avg_viewers',
  followers: 'followers',
  rate: 'delivery_rate',
  completed: 'completed',
} as const;
// The name search (a prefix of the handle or display name) reads them from the index too.
const FILTERS = [
  'platforms',
  'language',
  'category',
  'followers',
  'avg_viewers',
  'delivery_rate',
  'completed',
  'handle',
  'display_name',
];

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  for (const name of ['creator_directory_viewers', 'creator_directory_followers', 'creator_directory_rate'])
    await db.schema.dropIndex(name).ifExists().execute();
  await db.schema.dropIndex('creator_directory_country').ifExists().execute();
  const nullsLast = dialect === 'postgres' ? ' nulls last' : '';
  for (const [name, column] of Object.entries(SORTS)) {
    const rest = FILTERS.filter((c) => c !== column);
    await sql
      .raw(
        `create index creator_search_${name} on creator_directory (listed, ${column} desc${nullsLast}, user_id desc, country, ${rest.join(', ')})`,
      )
      .execute(db);
    await sql
      .raw(
        `create index creator_search_country_${name} on creator_directory (listed, country, ${column} desc${nullsLast}, user_id desc, ${rest.join(', ')})`,
      )
      .execute(db);
  }
}
