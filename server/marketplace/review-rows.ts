// The review window of each completed offer (server/money/reviews.ts owns the windows), as every offer answer carries
// it: the campaign page's row and the creator's card both say where the earning is — in review until …, held,
// disputed, or released — rather than "in your Earning Balance" while it is not. The money layer raises the
// offers-list revisions when a window changes (ReviewsDeps.offerListsChanged, handed in by server/app.ts).
import type { Kysely } from 'kysely';
import type { Offer, OfferReview } from '../../contract/schemas/marketplace.ts';
import type { Database } from '../db/types.ts';

/** Fills each completed offer's `review` (null: none, paid at once on the advertiser's confirmation); one query. */
export async function withReviews(executor: Kysely<Database>, offers: Offer[]): Promise<Offer[]> {
  const completed = offers.filter((offer) => offer.completedAt !== null).map((offer) => offer.id);
  const byOffer = new Map<string, OfferReview>();
  for (let start = 0; start < completed.length; start += 500) {
    const rows = await executor
      .selectFrom('earning_reviews')
      .select(['offer_id', 'status', 'ends_at', 'released_at'])
      .where('offer_id', 'in', completed.slice(start, start + 500))
      .execute();
    for (const row of rows)
      byOffer.set(row.offer_id, {
        status: row.status,
        endsAt: new Date(Number(row.ends_at)).toISOString(),
        releasedAt: row.released_at,
      });
  }
  return offers.map((offer) => ({ ...offer, review: byOffer.get(offer.id) ?? null }));
}
