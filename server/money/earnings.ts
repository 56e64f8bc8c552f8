// What creators earn (docs/product.md §Money). payEarning is the ledger's side of an offer's completion (the marketplace owns the
// completion itself: server/marketplace/completion.ts): the pay moves from the campaign's reservation to the
// creator, less the platform fee (FEE_BPS) — into the available balance when the advertiser confirmed the delivery,
// into the pending balance for the review window when the overlay proved it (./reviews.ts). earningsOf is the
// Earnings screen's figures, computed from the ledger: per period (All Over, This Year, This Month, in UTC) what the
// creator earned — through the overlay's proof of display ("Earning Through OBS Extension"), less what an operator's
// resolution gave back to the advertiser, and through deliveries the advertiser confirmed ("Earning Through
// Sponserships") — and the balances now.
import type { ExpressionBuilder, Kysely } from 'kysely';
import type { WithdrawNeed } from '../../contract/money.ts';
import type { Earnings } from '../../contract/schemas/money.ts';
import { hasTaxForm } from './tax-forms.ts';
import type { Database } from '../db/types.ts';
import { HttpError } from '../http/errors.ts';
import {
  balanceOf,
  campaignReserve,
  creatorAvailable,
  creatorPending,
  creatorInPayout,
  EARNING_KINDS,
  InsufficientFunds,
  PLATFORM_FEES,
  postTransfer,
  type Leg,
} from './ledger.ts';
import { moneyProblems } from './problems.ts';

/** The fee on `payCents` at `feeBps` basis points, rounded down (a fraction of a cent stays with the creator). */
export const feeOf = (payCents: number, feeBps: number): number => Math.floor((payCents * feeBps) / 10_000);

export interface EarningInput {
  /** The completed offer: the transfer happens once per offer (its key). */
  offerId: string;
  campaignId: string;
  creatorId: string;
  payCents: number;
  feeCents: number;
  /**
   * `overlay_earning` when the overlay's proof of display completed the offer, `deliverable_earning` when the other
   * deliverables' counts did (clicks, bot posts, redemptions), `earning` when the advertiser confirmed it.
   */
  kind: (typeof EARNING_KINDS)[number];
  /** Where the creator's part goes: `pending` for an earning in its review window. */
  into: 'available' | 'pending';
  memo: string;
  at: string;
}

/** Pays a completed offer inside `trx`; 409 when the campaign's reservation does not cover the pay. */
export async function payEarning(trx: Kysely<Database>, input: EarningInput): Promise<void> {
  const creator = input.into === 'pending' ? creatorPending(input.creatorId) : creatorAvailable(input.creatorId);
  // A zero leg is no leg (a fee of 0, or a fee of 100%).
  const legs = (
    [
      { account: campaignReserve(input.campaignId), amountCents: -input.payCents },
      { account: creator, amountCents: input.payCents - input.feeCents },
      { account: PLATFORM_FEES, amountCents: input.feeCents },
    ] satisfies Leg[]
  ).filter((leg) => leg.amountCents !== 0);
  try {
    await postTransfer(trx, {
      kind: input.kind,
      key: `earning:${input.offerId}`,
      memo: input.memo,
      legs,
      at: input.at,
    });
  } catch (error) {
    // Only a campaign launched before money existed can lack its reservation.
    if (error instanceof InsufficientFunds) throw new HttpError(409, moneyProblems.reservation_short);
    throw error;
  }
}

export async function earningsOf(
  db: Kysely<Database>,
  creatorId: string,
  minPayoutCents: number,
  now = new Date(),
): Promise<Earnings> {
  const iso = now.toISOString();
  const yearStart = `${iso.slice(0, 4)}-01-01T00:00:00.000Z`;
  const monthStart = `${iso.slice(0, 7)}-01T00:00:00.000Z`;
  const rows = await db
    .selectFrom('ledger_entries')
    .innerJoin('ledger_accounts', 'ledger_accounts.id', 'ledger_entries.account_id')
    .innerJoin('ledger_transfers', 'ledger_transfers.id', 'ledger_entries.transfer_id')
    .select((eb) => [
      'ledger_transfers.kind as kind',
      eb.fn.sum<number | string>('ledger_entries.amount_cents').as('all'),
      eb.fn
        .sum<number | string>(
          eb
            .case()
            .when('ledger_transfers.created_at', '>=', yearStart)
            .then(eb.ref('ledger_entries.amount_cents'))
            .else(0)
            .end(),
        )
        .as('year'),
      eb.fn
        .sum<number | string>(
          eb
            .case()
            .when('ledger_transfers.created_at', '>=', monthStart)
            .then(eb.ref('ledger_entries.amount_cents'))
            .else(0)
            .end(),
        )
        .as('month'),
    ])
    // Earned is earned whether still in its review window or released (the release itself is no new earning).
    .where('ledger_accounts.kind', 'in', ['creator_available', 'creator_pending'])
    .where('ledger_accounts.owner_id', '=', creatorId)
    .where('ledger_transfers.kind', 'in', EARNING_KINDS)
    .groupBy('ledger_transfers.kind')
    .execute();
  // What operators' resolutions gave back to advertisers, counted in the period the earning was made (so a refund
  // never makes a later month negative).
  // Split by what proved the earning (the offer's completed_via): the overlay's go to the OBS card, the other
  // deliverables' to the sponsorships card, each less its own refunds.
  const inPeriod = (start: string) => (eb: ExpressionBuilder<Database, 'earning_reviews' | 'offers'>) =>
    eb.fn.sum<number | string>(
      eb
        .case()
        .when('earning_reviews.created_at', '>=', start)
        .then(eb('earning_reviews.earned_cents', '-', eb.ref('earning_reviews.resolved_pay_cents')))
        .else(0)
        .end(),
    );
  const refunds = await db
    .selectFrom('earning_reviews')
    .innerJoin('offers', 'offers.id', 'earning_reviews.offer_id')
    .select((eb) => [
      'offers.completed_via as via',
      eb.fn
        .sum<number | string>(eb('earning_reviews.earned_cents', '-', eb.ref('earning_reviews.resolved_pay_cents')))
        .as('all'),
      inPeriod(yearStart)(eb).as('year'),
      inPeriod(monthStart)(eb).as('month'),
    ])
    .where('earning_reviews.creator_id', '=', creatorId)
    .where('earning_reviews.status', '=', 'resolved')
    .groupBy('offers.completed_via')
    .execute();
  const refunded = (overlay: boolean, column: 'all' | 'year' | 'month') =>
    refunds
      .filter((row) => (row.via === 'overlay') === overlay)
      .reduce((total, row) => total + Number(row[column] ?? 0), 0);
  const sum = (kind: (typeof EARNING_KINDS)[number], column: 'all' | 'year' | 'month') =>
    Number(rows.find((row) => row.kind === kind)?.[column] ?? 0);
  const period = (column: 'all' | 'year' | 'month') => {
    const overlayCents = sum('overlay_earning', column) - refunded(true, column);
    const sponsorshipCents = sum('earning', column) + sum('deliverable_earning', column) - refunded(false, column);
    return { totalCents: overlayCents + sponsorshipCents, overlayCents, sponsorshipCents };
  };
  const [availableCents, pendingCents, inPayoutCents, taxForm, method, waiting] = await Promise.all([
    balanceOf(db, creatorAvailable(creatorId)),
    balanceOf(db, creatorPending(creatorId)),
    balanceOf(db, creatorInPayout(creatorId)),
    hasTaxForm(db, creatorId),
    db.selectFrom('payout_methods').select('id').where('user_id', '=', creatorId).executeTakeFirst(),
    // The reviews still holding pending money, with the end of each window (./reviews.ts): when Pending frees up.
    db
      .selectFrom('earning_reviews')
      .innerJoin('campaigns', 'campaigns.id', 'earning_reviews.campaign_id')
      .select([
        'earning_reviews.offer_id as offer_id',
        'earning_reviews.status as status',
        'earning_reviews.ends_at as ends_at',
        'earning_reviews.earned_cents as earned_cents',
        'campaigns.brand as brand',
        'campaigns.title as title',
      ])
      .where('earning_reviews.creator_id', '=', creatorId)
      .where('earning_reviews.status', 'in', ['pending', 'held', 'disputed'])
      .orderBy('earning_reviews.ends_at')
      .orderBy('earning_reviews.offer_id')
      .execute(),
  ]);
  const pending = waiting.map((row) => ({
    offerId: row.offer_id,
    brand: row.brand,
    title: row.title,
    earnedCents: Number(row.earned_cents),
    status: row.status as 'pending' | 'held' | 'disputed',
    // Held or disputed: released or resolved by an operator, not at the window's end.
    availableAt: row.status === 'pending' ? new Date(Number(row.ends_at)).toISOString() : null,
  }));
  // What POST /api/payouts would refuse for, said before a withdrawal is tried (issue 48 item 13).
  const withdrawNeeds: WithdrawNeed[] = [];
  if (!taxForm) withdrawNeeds.push('taxForm');
  if (!method) withdrawNeeds.push('payoutMethod');
  return {
    periods: { allOver: period('all'), thisYear: period('year'), thisMonth: period('month') },
    availableCents,
    pendingCents,
    pending,
    inPayoutCents,
    minPayoutCents,
    withdrawNeeds,
  };
}
