// Completion (issue 14): an accepted offer whose deliverable is met becomes completed and its pay moves from the
// campaign's reservation to the creator's available balance, less the platform fee (FEE_BPS), in one transaction.
// Today the advertiser confirms delivery; the overlay (issue 15) will complete offers from display minutes through
// the same function (`via: 'overlay'`).
import type { Kysely } from 'kysely';
import { DELIVERY_STATUSES, formatCents } from '../../contract/marketplace.ts';
import type { Database } from '../db/types.ts';
import { HttpError } from '../http/errors.ts';
import { touchOfferLists } from '../marketplace/offer-lists.ts';
import { displayName } from '../marketplace/rows.ts';
import type { NewNotification } from '../notifications/store.ts';
import { releaseUnneeded } from './funding.ts';
import { campaignReserve, creatorAvailable, InsufficientFunds, PLATFORM_FEES, postTransfer, type Leg } from './ledger.ts';

export type CompletedVia = 'advertiser' | 'overlay';

/** The fee on `payCents` at `feeBps` basis points, rounded down (a fraction of a cent stays with the creator). */
export const feeOf = (payCents: number, feeBps: number): number => Math.floor((payCents * feeBps) / 10_000);

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
export async function completeOffer(trx: Kysely<Database>, input: { offerId: string; via: CompletedVia; feeBps: number; at?: string }): Promise<Completion> {
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
    .set({ status: 'completed', completed_at: stamp, completed_via: input.via, earned_cents: earned, fee_cents: fee, updated_at: stamp })
    .where('id', '=', input.offerId)
    .where('status', 'in', DELIVERY_STATUSES)
    .executeTakeFirst();
  if (Number(changed.numUpdatedRows) !== 1) {
    throw new HttpError(409, offer.status === 'completed' || offer.status === 'paid' ? 'This offer is already completed' : `This offer is ${offer.status.replace('_', ' ')}: only an accepted offer can be completed`);
  }
  const legs: Leg[] = [
    { account: campaignReserve(offer.campaign_id), amountCents: -pay },
    { account: creatorAvailable(offer.creator_id), amountCents: earned },
  ];
  if (fee > 0) legs.push({ account: PLATFORM_FEES, amountCents: fee });
  try {
    await postTransfer(trx, {
      kind: input.via === 'overlay' ? 'overlay_earning' : 'earning',
      key: `earning:${offer.id}`,
      memo: `${offer.brand}: "${offer.title}"`,
      legs,
      at: stamp,
    });
  } catch (error) {
    // Only a campaign launched before money existed can lack its reservation.
    if (error instanceof InsufficientFunds) throw new HttpError(409, "This campaign's reservation does not cover the pay; contact Castbridge support");
    throw error;
  }
  // A cancelled or ended campaign gives back what it no longer owes.
  if (offer.campaign_status !== 'active' && offer.campaign_status !== 'paused') await releaseUnneeded(trx, offer.campaign_id, 'a pending delivery was settled');
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
