// The offers-list revision (users.offers_rev): raised for every user whose GET /api/offers answer a write changes,
// inside that write's own transaction (matching, whose transaction is long, right after it commits). The cached
// answers (server/marketplace/offer-lists.ts) are served only while it stands, so the check costs one indexed read
// and a write made by any instance invalidates every instance's copy.
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';
import { CREATOR_FIELDS } from './rows.ts';

const CHUNK = 500;

/** Raises the offers-list revision of these users (deduplicated), inside the caller's transaction. */
export async function touchOfferLists(executor: Kysely<Database>, userIds: Iterable<string>): Promise<void> {
  const ids = [...new Set(userIds)];
  for (let start = 0; start < ids.length; start += CHUNK) {
    await executor
      .updateTable('users')
      .set((eb) => ({ offers_rev: eb('offers_rev', '+', 1) }))
      .where('id', 'in', ids.slice(start, start + CHUNK))
      .execute();
  }
}

/** Raises the revision of the other side of every offer of `userId` (a creator's advertisers, an advertiser's creators). */
async function touchCounterparts(
  executor: Kysely<Database>,
  userId: string,
  side: 'creator' | 'advertiser',
): Promise<void> {
  const [mine, theirs] =
    side === 'creator'
      ? (['offers.creator_id', 'campaigns.advertiser_id'] as const)
      : (['campaigns.advertiser_id', 'offers.creator_id'] as const);
  await executor
    .updateTable('users')
    .set((eb) => ({ offers_rev: eb('offers_rev', '+', 1) }))
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('offers')
        .innerJoin('campaigns', 'campaigns.id', 'offers.campaign_id')
        .select(theirs)
        .where(mine, '=', userId),
    )
    .execute();
}

/** Every advertiser with an offer to this creator: their lists show the creator's profile. */
export const touchAdvertisersOf = (executor: Kysely<Database>, creatorId: string) =>
  touchCounterparts(executor, creatorId, 'creator');

/** Every creator with an offer of this advertiser's campaigns. */
export const touchCreatorsOf = (executor: Kysely<Database>, advertiserId: string) =>
  touchCounterparts(executor, advertiserId, 'advertiser');

/**
 * What an account change does to offer lists, inside the change's transaction; server/app.ts hands these to the user
 * store (server/accounts/users.ts, UserChangeHooks), so accounts never imports the marketplace.
 */
export const offerListHooks = {
  /** Advertisers' offer lists show the creator's name, photo, country, language and content. */
  async profileChanged(trx: Kysely<Database>, userId: string, columns: readonly string[]): Promise<void> {
    if (CREATOR_FIELDS.some((field) => columns.includes(field))) await touchAdvertisersOf(trx, userId);
  },
  /** Their offers go with them: the other side's offer lists change. */
  async erasing(trx: Kysely<Database>, userId: string): Promise<void> {
    await touchAdvertisersOf(trx, userId);
    await touchCreatorsOf(trx, userId);
  },
};
