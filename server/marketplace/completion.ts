// Offer completion (docs/product.md §Money): an accepted offer whose deliverable is met becomes completed and its pay moves from
// the campaign's reservation to the creator's available balance, less the platform fee (FEE_BPS), in one transaction.
// The advertiser confirms a delivery (POST /api/offers/:id/confirm-delivery, server/marketplace/routes.ts); the overlay
// completes an offer once its proof of display meets the deliverable (server/overlay/store.ts, `via: 'overlay'`).
//
// The marketplace owns completion. It is an offer's transition (accepted or active → completed, 409 from any other
// status), on the offers table, raising the offers-list revisions and telling both sides; money contributes one
// ledger transfer (payEarning) and the release of what a settled campaign no longer owes (releaseUnneeded), which
// the marketplace already calls when a campaign launches, is cancelled or ends. So calls run one way:
// overlay → marketplace → money, and money imports neither (.dependency-cruiser.cjs holds it to that).
import type { Kysely } from 'kysely';
import { DELIVERY_STATUSES, formatCents } from '../../contract/marketplace.ts';
import { displayName } from '../accounts/users.ts';
import type { Database } from '../db/types.ts';
import { HttpError } from '../http/errors.ts';
import { feeOf, payEarning } from '../money/earnings.ts';
import { releaseUnneeded } from '../money/funding.ts';
import type { NewNotification } from '../notifications/store.ts';
import { touchOfferLists } from './offer-revisions.ts';

export type CompletedVia = 'advertiser' | 'overlay';

export interface Completion {
  offerId: string;
  earnedCents: number;
  feeCents: number;
  notices: NewNotification[];
}

/**
 * Completes offer `offerId` inside `trx`: 409 unless it is accepted or active; the earning transfer happens once
 * (its key is the offer). Returns the notifications for the caller to store with its transaction.
 */
export async function completeOffer(
  trx: Kysely<Database>,
  input: { offerId: string; via: CompletedVia; feeBps: number; at?: string },
): Promise<Completion> {
  const offer = await trx
    .selectFrom('offers')
    .innerJoin('campaigns', 'campaigns.id', 'offers.campaign_id')
    .innerJoin('users', 'users.id', 'offers.creator_id')
    .select([
      'offers.id as id',
      'offers.status as status',
      'offers.creator_id as creator_id',
      'campaigns.id as campaign_id',
      'campaigns.advertiser_id as advertiser_id',
      'campaigns.status as campaign_status',
      'campaigns.pay_cents as pay_cents',
      'campaigns.brand as brand',
      'campaigns.title as title',
      'users.first_name as first_name',
      'users.last_name as last_name',
      'users.email as email',
    ])
    .where('offers.id', '=', input.offerId)
    .executeTakeFirst();
  if (!offer) throw new HttpError(404, 'No such offer');
  const stamp = input.at ?? new Date().toISOString();
  const pay = Number(offer.pay_cents);
  const fee = feeOf(pay, input.feeBps);
  const earned = pay - fee;
  const changed = await trx
    .updateTable('offers')
    .set({
      status: 'completed',
      completed_at: stamp,
      completed_via: input.via,
      earned_cents: earned,
      fee_cents: fee,
      updated_at: stamp,
    })
    .where('id', '=', input.offerId)
    .where('status', 'in', DELIVERY_STATUSES)
    .executeTakeFirst();
  if (Number(changed.numUpdatedRows) !== 1) {
    throw new HttpError(
      409,
      offer.status === 'completed' || offer.status === 'paid'
        ? 'This offer is already completed'
        : `This offer is ${offer.status.replace('_', ' ')}: only an accepted offer can be completed`,
    );
  }
  await payEarning(trx, {
    offerId: offer.id,
    campaignId: offer.campaign_id,
    creatorId: offer.creator_id,
    payCents: pay,
    feeCents: fee,
    kind: input.via === 'overlay' ? 'overlay_earning' : 'earning',
    memo: `${offer.brand}: "${offer.title}"`,
    at: stamp,
  });
  // A cancelled or ended campaign gives back what it no longer owes.
  if (offer.campaign_status !== 'active' && offer.campaign_status !== 'paused')
    await releaseUnneeded(trx, offer.campaign_id, 'a pending delivery was settled');
  await touchOfferLists(trx, [offer.creator_id, offer.advertiser_id]);
  const creator = displayName({ first_name: offer.first_name, last_name: offer.last_name, email: offer.email });
  return {
    offerId: offer.id,
    earnedCents: earned,
    feeCents: fee,
    notices: [
      {
        userId: offer.creator_id,
        type: 'offer.completed',
        title: 'Sponsorship completed',
        text: `${input.via === 'overlay' ? `Your overlay showed "${offer.title}" for its full time` : `${offer.brand} confirmed "${offer.title}"`}: ${formatCents(earned)} is in your Earning Balance.`,
        offerId: offer.id,
        link: '/earnings',
      },
      {
        userId: offer.advertiser_id,
        type: 'offer.completed',
        title: 'Delivery confirmed',
        text: `${creator} completed "${offer.title}" and was paid ${formatCents(pay)}.`,
        offerId: offer.id,
        link: `/campaigns/${offer.campaign_id}`,
      },
    ],
  };
}
