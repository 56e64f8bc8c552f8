// Offer completion (docs/product.md §Money): an accepted offer whose deliverable is met becomes completed and its pay moves from
// the campaign's reservation to the creator, less the platform fee (FEE_BPS), in one transaction. The advertiser
// confirms a delivery (POST /api/offers/:id/confirm-delivery, server/marketplace/routes.ts): the pay is available at
// once, the one who could dispute it has just vouched for it. The overlay completes an offer once the platform
// verified its display (server/overlay/, `via: 'overlay'`): the pay goes to the creator's pending balance and a review
// window opens (docs/product.md §Review window and disputes, server/money/reviews.ts): released when it ends, or
// disputed by the advertiser, or held by fraud signals, for an operator to resolve. The deliverables beyond the overlay
// (server/deliverables/settlement.ts, `via: 'deliverables'`) complete the same way once every deliverable asked is met
// or, paid per click, with what the clicks earned (`payCents`, at most the offer's pay): the rest of the offer's
// reservation no longer owed goes back to the advertiser in the same transaction.
//
// The marketplace owns completion. It is an offer's transition (accepted or active → completed, 409 from any other
// status), on the offers table, raising the offers-list revisions and telling both sides; money contributes one
// ledger transfer (payEarning), the review (openReview) and the release of what a settled campaign no longer owes
// (releaseUnneeded), which the marketplace already calls when a campaign launches, is cancelled or ends. So calls run
// one way: overlay → marketplace → money, and money imports neither (.dependency-cruiser.cjs holds it to that). The
// marketplace words both sides' notices, each in its reader's language (./texts.ts), whoever completed the offer.
import type { Kysely } from 'kysely';
import { DELIVERY_STATUSES, formatCents } from '../../contract/marketplace.ts';
import { displayName } from '../accounts/users.ts';
import type { HoldReason } from '../../contract/schemas/overlay.ts';
import type { Database } from '../db/types.ts';
import { HttpError } from '../http/errors.ts';
import { money } from '../http/texts.ts';
import { feeOf, payEarning } from '../money/earnings.ts';
import { releaseUnneeded } from '../money/funding.ts';
import { openReview, when } from '../money/reviews.ts';
import type { NewNotification } from '../notifications/store.ts';
import { touchOfferLists } from './offer-revisions.ts';
import { marketplaceProblems, offerState } from './problems.ts';
import { marketplaceWords } from './texts.ts';

export type CompletedVia = 'advertiser' | 'overlay' | 'deliverables';

export interface Completion {
  offerId: string;
  earnedCents: number;
  feeCents: number;
  /** An overlay completion's review: when its window ends (epoch ms) and whether fraud signals hold it. */
  review: { endsAt: number; held: boolean } | null;
  notices: NewNotification[];
}

export interface CompletionInput {
  offerId: string;
  via: CompletedVia;
  feeBps: number;
  /** When it completed (ISO); now unless given (the demo seed writes a past history). */
  at?: string;
  /** The review window (config.reviewSeconds): required for `via: 'overlay'` and `via: 'deliverables'`. */
  reviewSeconds?: number;
  /**
   * What the creator earned when it is less than the offer's pay (pay per click: the counted clicks × the rate, at
   * most the pay, which is the cap); the offer's pay when absent. More than the pay, or negative, is refused.
   */
  payCents?: number;
  /** Fraud signals (server/overlay/): any holds the earning for an operator instead of releasing it. */
  holdReasons?: HoldReason[];
}

/**
 * Completes offer `offerId` inside `trx`: 409 unless it is accepted or active; the earning transfer happens once
 * (its key is the offer). Returns the notifications for the caller to store with its transaction.
 */
export async function completeOffer(trx: Kysely<Database>, input: CompletionInput): Promise<Completion> {
  // The platform (overlay) or Castbridge's own counts (deliverables) proved it, not the advertiser: a review window.
  const reviewed = input.via === 'overlay' || input.via === 'deliverables';
  if (
    reviewed &&
    (input.reviewSeconds === undefined || !Number.isFinite(input.reviewSeconds) || input.reviewSeconds < 0)
  )
    throw new Error(
      `completeOffer: a ${input.via} completion needs its review window (reviewSeconds, from the config)`,
    );
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
      'offers.pay_cents as offer_pay_cents',
      'campaigns.brand as brand',
      'campaigns.title as title',
      'campaigns.per_click_cents as per_click_cents',
      'users.first_name as first_name',
      'users.last_name as last_name',
      'users.email as email',
    ])
    .where('offers.id', '=', input.offerId)
    .executeTakeFirst();
  if (!offer) throw new HttpError(404, marketplaceProblems.offer_unknown);
  const stamp = input.at ?? new Date().toISOString();
  // The pay a counter-offer agreed, else the campaign's; paid per click, what the clicks earned of it.
  const agreed = Number(offer.offer_pay_cents ?? offer.pay_cents);
  if (
    input.payCents !== undefined &&
    (!Number.isSafeInteger(input.payCents) || input.payCents < 1 || input.payCents > agreed)
  )
    throw new Error(`completeOffer: payCents ${input.payCents} is outside 1..${agreed}, the offer's pay`);
  const pay = input.payCents ?? agreed;
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
        ? marketplaceProblems.offer_already_completed
        : marketplaceProblems.offer_not_completable.with({ status: offerState(offer.status) }),
    );
  }
  await payEarning(trx, {
    offerId: offer.id,
    campaignId: offer.campaign_id,
    creatorId: offer.creator_id,
    payCents: pay,
    feeCents: fee,
    // What proved it names the transfer: the Earnings screen counts overlay earnings under "Earning Through OBS
    // Extension" and the rest under "Earning Through Sponserships" (server/money/earnings.ts); reviewed ones go
    // through the same pending balance.
    kind: !reviewed ? 'earning' : input.via === 'overlay' ? 'overlay_earning' : 'deliverable_earning',
    into: reviewed ? 'pending' : 'available',
    memo: `${offer.brand}: "${offer.title}"`,
    at: stamp,
  });
  const holdReasons = input.holdReasons ?? [];
  const review = reviewed
    ? { endsAt: new Date(stamp).getTime() + Math.round(input.reviewSeconds! * 1000), held: holdReasons.length > 0 }
    : null;
  if (review)
    await openReview(trx, {
      offerId: offer.id,
      creatorId: offer.creator_id,
      advertiserId: offer.advertiser_id,
      campaignId: offer.campaign_id,
      earnedCents: earned,
      feeCents: fee,
      endsAt: review.endsAt,
      holdReasons,
      at: stamp,
    });
  // A cancelled or ended campaign gives back what it no longer owes; so does an offer that earned less than its pay
  // (the completed offer's spot no longer needs its reservation, server/money/funding.ts).
  if (offer.campaign_status !== 'active' && offer.campaign_status !== 'paused')
    await releaseUnneeded(trx, offer.campaign_id, 'a pending delivery was settled');
  else if (pay < agreed)
    await releaseUnneeded(
      trx,
      offer.campaign_id,
      `"${offer.title}" earned ${formatCents(pay)} of its ${formatCents(agreed)} cap`,
    );
  await touchOfferLists(trx, [offer.creator_id, offer.advertiser_id]);
  // Each side's notice in its reader's language: what proved the delivery, and where the pay is. The brand's name,
  // the campaign's title and the creator's name as they are; the sums as `money(cents)`, the window's end as `when`.
  const values = {
    brand: offer.brand,
    title: offer.title,
    creator: displayName({ first_name: offer.first_name, last_name: offer.last_name, email: offer.email }),
    /** What the creator earned (the pay less the fee). */
    amount: money(earned),
    /** What the advertiser pays. */
    pay: money(pay),
    /** The offer's pay: per click, the cap. */
    cap: money(agreed),
    clicks: offer.per_click_cents === null ? 'none' : pay < agreed ? 'partial' : 'capped',
    until: review ? when(review.endsAt) : '',
    held: review?.held ? 'yes' : 'no',
  };
  const [creatorText, advertiserText] = !review
    ? (['notice.completedConfirmedText', 'notice.deliveryConfirmedPaidText'] as const)
    : input.via === 'overlay'
      ? (['notice.completedOverlayText', 'notice.deliveryConfirmedOverlayText'] as const)
      : (['notice.completedDeliverablesText', 'notice.deliveryConfirmedDeliverablesText'] as const);
  return {
    offerId: offer.id,
    earnedCents: earned,
    feeCents: fee,
    review,
    notices: [
      {
        userId: offer.creator_id,
        type: 'offer.completed',
        title: marketplaceWords('notice.completed'),
        text: marketplaceWords(creatorText, values),
        offerId: offer.id,
        link: '/earnings',
      },
      {
        userId: offer.advertiser_id,
        type: 'offer.completed',
        title: marketplaceWords('notice.deliveryConfirmed'),
        text: marketplaceWords(advertiserText, values),
        offerId: offer.id,
        link: `/campaigns/${offer.campaign_id}`,
      },
    ],
  };
}
