// Creator search for brands (docs/product.md §Discovery and negotiation): the filters, sorts and limits of
// GET /api/creators, saved lists and invitations. Zod-free plain data, so machines and views import it;
// ./schemas/search.ts builds the request and answer schemas from it.
import { PLATFORMS, type Platform } from './marketplace.ts';

/** Bits of creator_directory.platforms: 1 Twitch, 2 YouTube. */
export const PLATFORM_BITS: Record<Platform, number> = { Twitch: 1, YouTube: 2 };
export const platformsOfBits = (bits: number): Platform[] => PLATFORMS.filter((p) => (bits & PLATFORM_BITS[p]) !== 0);

/** Broadcasting languages a creator can be searched by. */
export const SEARCH_LANGUAGES = ['English', 'Spanish'] as const;

/** What results are sorted by, highest first (ties: the newest account id first). */
export const SEARCH_SORTS = ['viewers', 'followers', 'deliveryRate', 'completed'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];
export const SEARCH_SORT_LABELS: Record<SearchSort, string> = {
  viewers: 'Average viewers',
  followers: 'Followers',
  deliveryRate: 'Delivery rate',
  completed: 'Completed sponsorships',
};

export const SEARCH_LIMITS = {
  pageSize: 20,
  maxPageSize: 50,
  /** Deepest page: past it, narrow the filters. */
  maxPage: 200,
  /** `total` counts up to this many matches; past it the answer says `totalCapped` ("1,000+"). */
  countCap: 1000,
  q: 60,
  listName: 60,
  /** Lists per advertiser and creators per list. */
  lists: 50,
  listMembers: 500,
  invitationMessage: 2000,
} as const;

/** The media kit's public page of a creator. */
export const mediaKitPath = (handle: string) => `/c/${handle}`;
