// Creator search, saved lists and invitations (docs/product.md §Discovery and negotiation): what GET /api/creators
// accepts and answers, the creator card (only the public figures of the directory: nothing private), the lists and
// the invitation's body. Plain data in ../search.ts.
import { z } from 'zod';
import { PLATFORMS } from '../marketplace.ts';
import { SEARCH_LANGUAGES, SEARCH_LIMITS as L, SEARCH_SORTS } from '../search.ts';
import { NO_NUL } from './common.ts';

const count = (name: string, max = 100_000_000) =>
  z.coerce
    .number({ error: `${name} must be a whole number` })
    .int(`${name} must be a whole number`)
    .min(0, `${name} must be 0 or more`)
    .max(max, `${name} must be at most ${max}`)
    .optional();

const filterText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `must be at most ${max} characters`)
    .refine(...NO_NUL)
    .optional()
    .transform((value) => (value ? value : undefined));

export const creatorsQuery = z
  .object({
    platform: z.enum(PLATFORMS, { error: `platform must be one of ${PLATFORMS.join(', ')}` }).optional(),
    category: filterText(60),
    language: z.enum(SEARCH_LANGUAGES, { error: `language must be one of ${SEARCH_LANGUAGES.join(', ')}` }).optional(),
    country: filterText(80),
    minViewers: count('minViewers'),
    maxViewers: count('maxViewers'),
    minFollowers: count('minFollowers'),
    minDeliveryRate: count('minDeliveryRate', 100),
    q: filterText(L.q),
    sort: z.enum(SEARCH_SORTS, { error: `sort must be one of ${SEARCH_SORTS.join(', ')}` }).default('viewers'),
    page: z.coerce
      .number({ error: 'page must be a whole number' })
      .int('page must be a whole number')
      .min(1, 'page must be 1 or more')
      .max(L.maxPage, `page must be at most ${L.maxPage}: narrow the filters`)
      .default(1),
    pageSize: z.coerce
      .number({ error: 'pageSize must be a whole number' })
      .int('pageSize must be a whole number')
      .min(1, 'pageSize must be 1 or more')
      .max(L.maxPageSize, `pageSize must be at most ${L.maxPageSize}`)
      .default(L.pageSize),
  })
  .refine(
    (query) => query.minViewers === undefined || query.maxViewers === undefined || query.minViewers <= query.maxViewers,
    { message: 'minViewers must not exceed maxViewers' },
  );

export const creatorChannel = z.object({
  platform: z.enum(PLATFORMS),
  name: z.string(),
  url: z.string(),
  followers: z.number().int().nullable(),
  avgViewers: z.number().int().nullable(),
});

/** A creator as search and lists show them: the directory's public figures only. */
export const creatorCard = z.object({
  id: z.string(),
  handle: z.string(),
  displayName: z.string(),
  image: z.string().nullable(),
  platforms: z.array(z.enum(PLATFORMS)),
  category: z.string().nullable(),
  language: z.string().nullable(),
  country: z.string().nullable(),
  followers: z.number().int(),
  /** Average live viewers; null until measured. */
  avgViewers: z.number().int().nullable(),
  /** Sponsorships delivered. */
  completed: z.number().int(),
  /** Delivered out of those that ended, in percent; null until one ended. */
  deliveryRate: z.number().int().nullable(),
  channels: z.array(creatorChannel),
  /** The public media kit, /c/<handle>. */
  mediaKitUrl: z.string(),
});
export type CreatorCard = z.infer<typeof creatorCard>;

export const creatorsResponse = z.object({
  creators: z.array(creatorCard),
  /** Matches, counted up to SEARCH_LIMITS.countCap; `totalCapped`: there are more ("1,000+"). */
  total: z.number().int(),
  totalCapped: z.boolean(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type CreatorsAnswer = z.infer<typeof creatorsResponse>;

const listName = z
  .string({ error: 'name is required' })
  .trim()
  .min(1, 'name is required')
  .max(L.listName, `name must be at most ${L.listName} characters`)
  .refine(...NO_NUL);

export const creatorListInput = z.object({ name: listName });

export const creatorList = z.object({
  id: z.string(),
  name: z.string(),
  /** Listed creators in it (one who unpublished the media kit is not counted). */
  size: z.number().int(),
  /** Ids of the listed creators in it, to show which lists a creator is already in. */
  creatorIds: z.array(z.string()),
  createdAt: z.string(),
});
export type CreatorList = z.infer<typeof creatorList>;

export const creatorListsResponse = z.object({ lists: z.array(creatorList) });
export const creatorListResponse = z.object({ list: creatorList });
export const creatorListDetailResponse = z.object({ list: creatorList, creators: z.array(creatorCard) });
export const deletedResponse = z.object({ deleted: z.literal(true) });

/**
 * One of the advertiser's campaigns as the Invite dialog offers it for one creator: whether an invitation to it would
 * be accepted now, and if not why (the refusal POST /api/campaigns/:id/invitations would answer).
 */
export const inviteOption = z.object({
  id: z.string(),
  brand: z.string(),
  title: z.string(),
  status: z.string(),
  canInvite: z.boolean(),
  /** Why not, in the server's words; null when it can. */
  reason: z.string().nullable(),
});
export type InviteOption = z.infer<typeof inviteOption>;
export const inviteOptionsResponse = z.object({ campaigns: z.array(inviteOption) });

export const invitationRequest = z.object({
  creatorId: z.string({ error: 'creatorId is required' }).trim().min(1, 'creatorId is required').max(64),
  message: z
    .string()
    .trim()
    .max(L.invitationMessage, `message must be at most ${L.invitationMessage} characters`)
    .refine(...NO_NUL)
    .optional(),
});
