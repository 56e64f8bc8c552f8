// Creator search for brands (docs/product.md §Discovery and negotiation): GET /api/creators reads the creator directory
// (creator_directory, filled by ./directory.ts from profiles, connected channels, analytics and offers) and nothing
// else, so an answer can only carry the public figures the media kit shows; only `listed` rows (a published media kit)
// are ever read. Filters are plain indexed comparisons (the platforms bitmask as `IN`), sorted by one indexed column
// highest first with nulls last (ties: the newest user id) and paged with LIMIT/OFFSET; `total` counts at most
// SEARCH_LIMITS.countCap matches (a full count of 100,000 rows is what would break the 50 ms budget), and no count
// is run when the page itself shows where the results end. bench/search.ts measures it over 100,000 listed rows.
import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { Platform } from '../../contract/marketplace.ts';
import type { CreatorCard, CreatorsAnswer } from '../../contract/schemas/search.ts';
import { mediaKitPath, PLATFORM_BITS, platformsOfBits, SEARCH_LIMITS, type SearchSort } from '../../contract/search.ts';
import type { CreatorDirectoryTable, Database } from '../db/types.ts';
import { HttpError } from '../http/errors.ts';
import type { Selectable } from 'kysely';
import { marketplaceProblems } from './problems.ts';

export interface CreatorFilters {
  platform?: Platform;
  category?: string;
  language?: 'English' | 'Spanish';
  country?: string;
  minViewers?: number;
  maxViewers?: number;
  minFollowers?: number;
  minDeliveryRate?: number;
  q?: string;
  sort: SearchSort;
  page: number;
  pageSize: number;
}

/** The directory's column each sort reads (each has a (listed, column, user_id) index). */
const SORT_COLUMN = {
  viewers: 'avg_viewers',
  followers: 'followers',
  deliveryRate: 'delivery_rate',
  completed: 'completed',
} as const satisfies Record<SearchSort, keyof CreatorDirectoryTable>;

/** The columns a card reads: public figures only (no about, no audience countries, nothing of the account). */
export const CARD_COLUMNS = [
  'creator_directory.user_id',
  'creator_directory.handle',
  'creator_directory.display_name',
  'creator_directory.image',
  'creator_directory.platforms',
  'creator_directory.category',
  'creator_directory.language',
  'creator_directory.country',
  'creator_directory.followers',
  'creator_directory.avg_viewers',
  'creator_directory.completed',
  'creator_directory.delivery_rate',
  'creator_directory.channels',
] as const;

type CardRow = Pick<
  Selectable<CreatorDirectoryTable>,
  | 'user_id'
  | 'handle'
  | 'display_name'
  | 'image'
  | 'platforms'
  | 'category'
  | 'language'
  | 'country'
  | 'followers'
  | 'avg_viewers'
  | 'completed'
  | 'delivery_rate'
  | 'channels'
>;

const int = (value: number | string | null): number | null => (value === null ? null : Number(value));

/** The public fields of each channel, whatever else the directory's JSON holds. */
function publicChannels(json: string): CreatorCard['channels'] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  return parsed
    .filter(
      (c): c is Record<string, unknown> =>
        typeof c === 'object' && c !== null && (c.platform === 'Twitch' || c.platform === 'YouTube'),
    )
    .map((c) => ({
      platform: c.platform as Platform,
      name: typeof c.name === 'string' ? c.name : '',
      url: typeof c.url === 'string' ? c.url : '',
      followers: typeof c.followers === 'number' ? Math.round(c.followers) : null,
      avgViewers: typeof c.avgViewers === 'number' ? Math.round(c.avgViewers) : null,
    }));
}

export function toCreatorCard(row: CardRow): CreatorCard {
  return {
    id: row.user_id,
    handle: row.handle,
    displayName: row.display_name,
    image: row.image,
    platforms: platformsOfBits(Number(row.platforms)),
    category: row.category,
    language: row.language,
    country: row.country,
    followers: Number(row.followers),
    avgViewers: int(row.avg_viewers),
    completed: Number(row.completed),
    deliveryRate: int(row.delivery_rate),
    channels: publicChannels(row.channels),
    mediaKitUrl: mediaKitPath(row.handle),
  };
}

/** `LIKE` pattern for a prefix, with the wildcards of the text itself escaped. */
const prefix = (text: string) => `${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * 403 unless the caller's company profile is approved: searching creators, keeping lists of them and inviting them
 * is for approved advertisers (docs/product.md §Advertiser onboarding).
 */
export function approvedAdvertiser(db: Kysely<Database>) {
  return async (userId: string): Promise<void> => {
    const profile = await db
      .selectFrom('advertiser_profiles')
      .select('status')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (profile?.status !== 'approved') {
      throw new HttpError(
        403,
        profile
          ? marketplaceProblems.search_needs_approval.with({ status: profile.status })
          : marketplaceProblems.search_needs_profile,
      );
    }
  };
}

export function createCreatorSearch(db: Kysely<Database>) {
  /** The WHERE of a search: listed rows only, whatever the filters. */
  function filtered(filters: CreatorFilters) {
    return db.selectFrom('creator_directory').where((eb) => {
      const all: Expression<SqlBool>[] = [eb('listed', '=', 1)];
      if (filters.platform) {
        const bit = PLATFORM_BITS[filters.platform];
        // Every bitmask with this platform's bit: an IN list the indexes can use, where `platforms & bit` cannot.
        all.push(eb('platforms', 'in', [bit, 3]));
      }
      if (filters.category) all.push(eb('category', '=', filters.category));
      if (filters.language) all.push(eb('language', '=', filters.language));
      if (filters.country) all.push(eb('country', '=', filters.country));
      if (filters.minViewers !== undefined) all.push(eb('avg_viewers', '>=', filters.minViewers));
      if (filters.maxViewers !== undefined) all.push(eb('avg_viewers', '<=', filters.maxViewers));
      if (filters.minFollowers !== undefined) all.push(eb('followers', '>=', filters.minFollowers));
      if (filters.minDeliveryRate !== undefined) all.push(eb('delivery_rate', '>=', filters.minDeliveryRate));
      if (filters.q) {
        const pattern = prefix(filters.q);
        all.push(
          eb.or([
            sql<SqlBool>`lower(handle) like ${pattern} escape '\\'`,
            sql<SqlBool>`lower(display_name) like ${pattern} escape '\\'`,
          ]),
        );
      }
      return eb.and(all);
    });
  }

  /** The listed creators among `ids`, as cards, in the order of `ids`. */
  async function cards(ids: readonly string[]): Promise<CreatorCard[]> {
    if (ids.length === 0) return [];
    // By primary key alone: with `listed` in the WHERE, SQLite may pick a search index and scan the directory.
    const rows = await db
      .selectFrom('creator_directory')
      .select([...CARD_COLUMNS, 'creator_directory.listed'])
      .where('user_id', 'in', [...ids])
      .execute();
    const byId = new Map(
      rows.filter((row) => Number(row.listed) === 1).map((row) => [row.user_id, toCreatorCard(row as CardRow)]),
    );
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  return {
    cards,
    async search(filters: CreatorFilters): Promise<CreatorsAnswer> {
      const column = SORT_COLUMN[filters.sort];
      const offset = (filters.page - 1) * filters.pageSize;
      // The page's ids from a covering index (server/db/migrations/0026_search.ts), then their cards by primary key.
      const ids = (
        await filtered(filters)
          .select('user_id')
          .orderBy(sql`${sql.ref(column)} desc nulls last`)
          .orderBy('user_id', 'desc')
          .limit(filters.pageSize)
          .offset(offset)
          .execute()
      ).map((row) => row.user_id);
      const rows = await cards(ids);
      let total: number;
      let totalCapped = false;
      if (ids.length > 0 && ids.length < filters.pageSize) {
        // The last page: the total is known without counting.
        total = offset + ids.length;
      } else if (ids.length === 0 && offset === 0) {
        total = 0;
      } else {
        // Counted up to the cap (and beyond the current page), never the whole directory.
        const cap = Math.max(SEARCH_LIMITS.countCap, offset + ids.length);
        const counted = await db
          .selectFrom(
            filtered(filters)
              .select(sql`1`.as('one'))
              .limit(cap + 1)
              .as('matches'),
          )
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirstOrThrow();
        total = Math.min(Number(counted.n), cap);
        totalCapped = Number(counted.n) > cap;
      }
      return {
        creators: rows,
        total,
        totalCapped,
        page: filters.page,
        pageSize: filters.pageSize,
      };
    },
  };
}

export type CreatorSearch = ReturnType<typeof createCreatorSearch>;
