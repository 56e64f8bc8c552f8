// The demo world's money (docs/product.md §Money, docs/product.md "Demo seed"): Nova Energy's deposit, and a history for the demo
// creator that reproduces the spec's sample Earnings screen as ordinary rows — past sponsorships that completed (some
// proven by the overlay, some confirmed by Nova), earning what the spec's figures show per period, a PayPal payout
// method, and the four payouts of the spec's Payout History (one still processing, for the operator to mark paid).
// Every amount goes through the ledger, dated in the past where the history is; the overlay's earnings went through
// their review window and were released.
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { CastbridgeApp } from '../../server/app.ts';
import type { Database } from '../../server/db/types.ts';
import { completeOffer, type CompletedVia } from '../../server/marketplace/completion.ts';
import { touchOfferLists } from '../../server/marketplace/offer-revisions.ts';
import { storedReason } from '../../server/marketplace/reasons.ts';
import type { Platform } from '../../contract/marketplace.ts';
import {
  advertiserBalance,
  campaignReserve,
  creatorAvailable,
  creatorInPayout,
  EXTERNAL,
  postTransfer,
} from '../../server/money/ledger.ts';
import { referenceFor } from '../../server/money/payouts.ts';
import { issueDocument } from '../../server/money/documents.ts';
import { taxFormInput } from '../../contract/schemas/taxForms.ts';
import { releaseReview } from '../../server/money/reviews.ts';

export const NOVA_DEPOSIT_CENTS = 5_000_000;

/** An ISO time `months` months before now (the 15th at noon UTC, so it never lands in the current month by accident). */
export function monthsAgo(months: number, now = new Date()): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - months, 15, 12)).toISOString();
}

export async function postDeposit(
  db: Kysely<Database>,
  operatorId: string,
  advertiserId: string,
  amountCents: number,
  reference: string,
  at: string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const { transferId } = await postTransfer(trx, {
      kind: 'deposit',
      memo: reference,
      createdBy: operatorId,
      at,
      legs: [
        { account: EXTERNAL, amountCents: -amountCents },
        { account: advertiserBalance(advertiserId), amountCents },
      ],
    });
    // Its receipt, as an operator's deposit issues one (server/money/funding.ts), dated when it was recorded.
    await issueDocument(trx, { kind: 'deposit_receipt', subjectId: String(transferId), at });
  });
}

/** A sponsorship that completed at `at` (its campaign ran the 20 days before). */
export interface PastSponsorship {
  brand: string;
  title: string;
  payCents: number;
  via: CompletedVia;
  at: string;
  /** The campaign's description and image, and the platform the offer's reason names (defaults: Nova's can, Twitch). */
  description?: string;
  image?: string;
  platform?: Platform;
}

/** The spec's sample figures (docs/spec.md §2 Earnings, §9): what each period adds, by the way delivery was proven. */
export function pastSponsorships(now: Date): PastSponsorship[] {
  // This month, earlier this year (last month, or last December in January), and last year. This month's is noon on
  // the 1st or an hour ago, whichever is later, and never after now: before noon on the 1st it is now itself (a date
  // still to come gave a negative review window, and npm start failed the first half of every month's 1st).
  const thisMonth = new Date(
    Math.min(
      now.getTime(),
      Math.max(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1, 12), now.getTime() - 60 * 60 * 1000),
    ),
  ).toISOString();
  const earlier = monthsAgo(1, now);
  const lastYear = new Date(Date.UTC(now.getUTCFullYear() - 1, 5, 15, 12)).toISOString();
  return [
    { brand: 'Nova Energy', title: 'Nova Night Streams', payCents: 42_000, via: 'overlay', at: thisMonth },
    { brand: 'Nova Energy', title: 'Nova Launch Week', payCents: 73_000, via: 'advertiser', at: thisMonth },
    { brand: 'Nova Energy', title: 'Nova Summer Cans', payCents: 229_000, via: 'overlay', at: earlier },
    { brand: 'Nova Energy', title: 'Nova Marathon', payCents: 350_000, via: 'advertiser', at: earlier },
    { brand: 'Nova Energy', title: 'Nova Retro Weekend', payCents: 215_000, via: 'overlay', at: lastYear },
    { brand: 'Nova Energy', title: 'Nova Holiday Special', payCents: 339_000, via: 'advertiser', at: lastYear },
  ];
}

/**
 * The display that proved an overlay completion (docs/product.md §The overlay for OBS): `minutes` in 30-minute evening sessions on the days before
 * `endIso`, as ordinary per-minute rows, so the demo's proof of display shows them.
 */
async function seedDisplay(trx: Kysely<Database>, offerId: string, endIso: string, minutes: number): Promise<void> {
  const end = new Date(endIso);
  const rows: { offer_id: string; minute: number; seconds: number }[] = [];
  for (let session = 0; session * 30 < minutes; session += 1) {
    const start = Date.UTC(
      end.getUTCFullYear(),
      end.getUTCMonth(),
      end.getUTCDate() - (Math.ceil(minutes / 30) - session),
      19,
      0,
    );
    for (let minute = 0; minute < Math.min(30, minutes - session * 30); minute += 1)
      rows.push({ offer_id: offerId, minute: start / 60_000 + minute, seconds: 60 });
  }
  await trx.insertInto('overlay_minutes').values(rows).execute();
  const first = new Date(rows[0]!.minute * 60_000).toISOString();
  const last = new Date((rows.at(-1)!.minute + 1) * 60_000);
  await trx
    .insertInto('overlay_progress')
    .values({
      offer_id: offerId,
      displayed_seconds: minutes * 60,
      credited_until: last.getTime(),
      last_beat_id: `seed-${offerId}`,
      first_beat_at: first,
      last_beat_at: last.toISOString(),
    })
    .execute();
}

/** The spec's Payout History rows: one still processing, three paid (PayPal). */
const PAST_PAYOUTS = [
  { amountCents: 128_900, monthsBack: 0, paid: false },
  { amountCents: 85_000, monthsBack: 1, paid: true },
  { amountCents: 102_000, monthsBack: 2, paid: true },
  { amountCents: 64_000, monthsBack: 3, paid: true },
];

/** A past sponsorship as ordinary rows: a completed one-spot campaign of the advertiser, its reserve, the creator's
 * offer and its completion through the ledger (an overlay one with its display, released after its review window). */
export async function seedPastSponsorship(
  castbridge: CastbridgeApp,
  ids: { advertiserId: string; creatorId: string },
  past: PastSponsorship,
  now = new Date(),
): Promise<void> {
  const { db, config } = castbridge;
  const { advertiserId, creatorId } = ids;
  const campaignId = crypto.randomUUID();
  const offerId = crypto.randomUUID();
  const start = new Date(new Date(past.at).getTime() - 20 * 86_400_000).toISOString();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('campaigns')
      .values({
        id: campaignId,
        advertiser_id: advertiserId,
        brand: past.brand,
        title: past.title,
        description:
          past.description ??
          `${past.brand} on stream: the can in frame, a chat command for viewers, and the disclosure label.`,
        image: past.image ?? '/images/offers/energy.svg',
        pay_cents: past.payCents,
        spots: 1,
        accepted_count: 1,
        platforms: JSON.stringify(['Twitch', 'YouTube']),
        languages: JSON.stringify(['English', 'Spanish']),
        countries: '[]',
        categories: '[]',
        min_avg_viewers: null,
        deliverable_minutes: 120,
        starts_on: start.slice(0, 10),
        ends_on: past.at.slice(0, 10),
        disclosure: `Sponsored by ${past.brand}`,
        status: 'completed',
        created_at: start,
        updated_at: past.at,
        launched_at: start,
      })
      .execute();
    await postTransfer(trx, {
      kind: 'reserve',
      key: `reserve:${campaignId}`,
      memo: `Reserved for "${past.title}"`,
      createdBy: advertiserId,
      at: start,
      legs: [
        { account: advertiserBalance(advertiserId), amountCents: -past.payCents },
        { account: campaignReserve(campaignId), amountCents: past.payCents },
      ],
    });
    await trx
      .insertInto('offers')
      .values({
        id: offerId,
        campaign_id: campaignId,
        creator_id: creatorId,
        status: 'accepted',
        // Worded again for each reader, as matching stores it (server/marketplace/reasons.ts): "Transmite en Twitch".
        reasons: JSON.stringify([
          storedReason('platform', { id: 'streamsOn', platforms: [past.platform ?? 'Twitch'] }),
        ]),
        score: 1,
        decline_reason: null,
        created_at: start,
        updated_at: start,
      })
      .execute();
    if (past.via === 'overlay') await seedDisplay(trx, offerId, past.at, 120);
    // A past overlay earning has been through its review window: released when it ended (never later than now).
    const reviewSeconds = Math.min(config.reviewSeconds, Math.floor((now.getTime() - Date.parse(past.at)) / 1000));
    const done = await completeOffer(trx, {
      offerId,
      via: past.via,
      feeBps: config.feeBps,
      at: past.at,
      reviewSeconds,
    });
    if (done.review) await releaseReview(trx, offerId, done.review.endsAt, touchOfferLists);
  });
}

export async function seedEarningsHistory(
  castbridge: CastbridgeApp,
  ids: { novaId: string; creatorId: string },
): Promise<void> {
  const { db, services } = castbridge;
  const now = new Date();
  for (const past of pastSponsorships(now))
    await seedPastSponsorship(castbridge, { advertiserId: ids.novaId, creatorId: ids.creatorId }, past, now);

  await services.payoutMethods.add(ids.creatorId, {
    kind: 'paypal',
    email: 'alex.rivera@demo.castbridge.app',
    makeDefault: true,
  });
  // A W-9 on file (docs/product.md §Self-serve money), so the demo's withdrawals keep working; the TIN is a made-up one.
  await services.taxForms.submit(
    ids.creatorId,
    taxFormInput.parse({
      kind: 'w9',
      legalName: 'Alex Rivera',
      businessType: 'individual',
      tinType: 'ssn',
      tin: '400-12-3456',
      address: { line1: '500 Congress Ave', city: 'Austin', state: 'TX', postalCode: '78701' },
      certified: true,
      signedName: 'Alex Rivera',
    }),
  );
  const method = await db
    .selectFrom('payout_methods')
    .selectAll()
    .where('user_id', '=', ids.creatorId)
    .executeTakeFirstOrThrow();
  // Oldest first, so each day's reference numbers count up in order.
  for (const past of [...PAST_PAYOUTS].reverse()) {
    const at =
      past.monthsBack === 0 ? new Date(now.getTime() - 2 * 86_400_000).toISOString() : monthsAgo(past.monthsBack, now);
    const id = crypto.randomUUID();
    await db.transaction().execute(async (trx) => {
      const sequence = await trx
        .insertInto('payout_sequences')
        .values({ day: at.slice(0, 10), last: 1 })
        .onConflict((oc) =>
          oc.column('day').doUpdateSet((eb) => ({ last: eb(eb.ref('payout_sequences.last'), '+', 1) })),
        )
        .returning('last')
        .executeTakeFirstOrThrow();
      const reference = referenceFor(at, Number(sequence.last));
      await trx
        .insertInto('payouts')
        .values({
          id,
          creator_id: ids.creatorId,
          amount_cents: past.amountCents,
          method_id: method.id,
          method_kind: method.kind,
          method_display: method.display,
          provider: 'manual',
          status: past.paid ? 'paid' : 'processing',
          reference,
          idempotency_key: `demo-seed-${id}`,
          provider_ref: past.paid ? `PP-DEMO-${reference.slice(4)}` : null,
          failure_reason: null,
          requested_at: at,
          updated_at: at,
          paid_at: past.paid ? at : null,
          decided_by: null,
        })
        .execute();
      await postTransfer(trx, {
        kind: 'payout_hold',
        key: `payout:${id}`,
        memo: `${reference} requested`,
        createdBy: ids.creatorId,
        at,
        legs: [
          { account: creatorAvailable(ids.creatorId), amountCents: -past.amountCents },
          { account: creatorInPayout(ids.creatorId), amountCents: past.amountCents },
        ],
      });
      if (past.paid) {
        await postTransfer(trx, {
          kind: 'payout_paid',
          key: `payout_paid:${id}`,
          memo: `${reference} paid`,
          at,
          legs: [
            { account: creatorInPayout(ids.creatorId), amountCents: -past.amountCents },
            { account: EXTERNAL, amountCents: past.amountCents },
          ],
        });
        // Its statement, as a payout paid issues one (server/money/payouts.ts), dated when it was paid.
        await issueDocument(trx, { kind: 'payout_statement', subjectId: id, at });
      }
    });
  }
}
