// What a deleted account leaves in the marketplace (docs/product.md §Marketplace "Creator account deleted"), inside the
// deletion's own transaction: server/app.ts hands these hooks to the user store (server/accounts/users.ts,
// UserChangeHooks), so accounts never imports the marketplace. A creator's offers go with the account:
// - an open offer (invited, more information requested) is withdrawn, so its campaign has room to offer again;
// - an accepted offer awaiting its delivery gives its spot back (the campaign counts one accepted creator less) and
//   the campaign's reservation is trued up (server/money/funding.ts releaseUnneeded): an active or paused campaign
//   keeps the pay of every spot it may still fill, so the freed spot's pay stays reserved for the creator matching
//   offers it next; a cancelled or ended campaign owes it to nobody any more and it returns to the advertiser's free
//   balance at once;
// - a completed or paid offer keeps its spot, and the money it moved stays in the ledger; what the creator earned was
//   withdrawn before (DELETE /api/user refuses while money is held for the account).
// Campaigns that may take creators again are matched again by the `match` job, queued in the same transaction.
import type { Kysely } from 'kysely';
import { DELIVERY_STATUSES } from '../../contract/marketplace.ts';
import type { UserChangeHooks } from '../accounts/users.ts';
import type { Database } from '../db/types.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { releaseUnneeded } from '../money/funding.ts';
import { offerListHooks } from './offer-revisions.ts';

/** What a departure needs: the match job, queued inside the deletion's transaction. */
export interface DepartureDeps {
  jobs: Pick<JobQueue, 'enqueue'>;
}

/** Gives back what `creatorId`'s offers hold, inside `trx` (before the account's row goes). */
export async function releaseCreatorOffers(
  trx: Kysely<Database>,
  deps: DepartureDeps,
  creatorId: string,
): Promise<{ spotsFreed: number; offersWithdrawn: number }> {
  const offers = await trx
    .selectFrom('offers')
    .innerJoin('campaigns', 'campaigns.id', 'offers.campaign_id')
    .select(['offers.id as id', 'offers.campaign_id as campaign_id', 'offers.status as status'])
    .select('campaigns.status as campaign_status')
    .where('offers.creator_id', '=', creatorId)
    .where('offers.completed_at', 'is', null)
    .execute();
  if (offers.length === 0) return { spotsFreed: 0, offersWithdrawn: 0 };
  const delivery = offers.filter((offer) => (DELIVERY_STATUSES as readonly string[]).includes(offer.status));
  const freed = new Map<string, number>();
  for (const offer of delivery) freed.set(offer.campaign_id, (freed.get(offer.campaign_id) ?? 0) + 1);
  // The offers go now (not with the account's row), so the reservation below is reckoned without them.
  await trx
    .deleteFrom('offers')
    .where(
      'id',
      'in',
      offers.map((offer) => offer.id),
    )
    .execute();
  for (const [campaignId, spots] of freed) {
    await trx
      .updateTable('campaigns')
      .set((eb) => ({ accepted_count: eb('accepted_count', '-', spots), updated_at: new Date().toISOString() }))
      .where('id', '=', campaignId)
      .where('accepted_count', '>=', spots)
      .execute();
    await releaseUnneeded(trx, campaignId, 'a creator who had accepted deleted their account');
  }
  // Every active campaign that lost an offer may offer its room to the next matching creator.
  for (const campaignId of new Set(offers.filter((o) => o.campaign_status === 'active').map((o) => o.campaign_id)))
    await deps.jobs.enqueue('match', `match:campaign:${campaignId}`, { campaignId }, trx);
  return { spotsFreed: delivery.length, offersWithdrawn: offers.length - delivery.length };
}

/** The user store's hooks: offer lists follow profile changes and erasures; a departing creator's offers give back. */
export function accountHooks(deps: DepartureDeps): UserChangeHooks {
  return {
    profileChanged: offerListHooks.profileChanged,
    async erasing(trx, userId) {
      await offerListHooks.erasing(trx, userId);
      await releaseCreatorOffers(trx, deps, userId);
    },
  };
}
