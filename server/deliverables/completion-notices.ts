// A reviewed completion's notices in each reader's language (docs/architecture.md §Languages). The marketplace
// completes the offer and builds its two notices, the creator's and the advertiser's, in English
// (server/marketplace/completion.ts); the overlay (server/overlay/verification.ts) and the deliverables' settlement
// (./settlement.ts), which completed it, hand the notifier the same notices worded for their readers from their own
// texts (server/overlay/texts.ts, ./texts.ts): the same type, offer and link, the English word for word. A brand's
// name, a campaign's title and a creator's name stay as they are; the sums are `money(cents)`, the window's end
// `when(ms)`.
import type { Kysely } from 'kysely';
import { displayName } from '../accounts/users.ts';
import type { Database } from '../db/types.ts';
import { money, type Worded } from '../http/texts.ts';
import type { Completion } from '../marketplace/completion.ts';
import { when } from '../money/reviews.ts';
import type { NewNotification } from '../notifications/store.ts';

/** What a reviewed completion's notices say, as ICU values (`held`: 'yes' or 'no', for a `select`). */
export interface CompletionValues {
  brand: string;
  title: string;
  creator: string;
  /** What the creator earned (the pay less the fee). */
  amount: Worded;
  /** The pay, what the advertiser pays. */
  pay: Worded;
  /** The offer's pay: per click, the cap. */
  cap: Worded;
  /** Per click: 'partial' (the window ended below the cap) or 'capped'; otherwise 'none'. */
  clicks: 'partial' | 'capped' | 'none';
  until: Worded;
  held: 'yes' | 'no';
}

/** A notice's words, each in its reader's language. */
export interface NoticeWords {
  title: Worded;
  text: Worded;
}

/**
 * `done.notices` with the creator's and the advertiser's words from `word` (given the completion's values), the rest
 * as the marketplace set it. A completion without a review (the advertiser confirmed it) keeps its notices.
 */
export async function wordedCompletion(
  trx: Kysely<Database>,
  done: Completion,
  word: (values: CompletionValues) => { creator: NoticeWords; advertiser: NoticeWords },
): Promise<NewNotification[]> {
  if (!done.review) return done.notices;
  const offer = await trx
    .selectFrom('offers')
    .innerJoin('campaigns', 'campaigns.id', 'offers.campaign_id')
    .innerJoin('users', 'users.id', 'offers.creator_id')
    .select([
      'offers.creator_id as creator_id',
      'campaigns.advertiser_id as advertiser_id',
      'campaigns.brand as brand',
      'campaigns.title as title',
      'campaigns.pay_cents as pay_cents',
      'offers.pay_cents as offer_pay_cents',
      'campaigns.per_click_cents as per_click_cents',
      'users.first_name as first_name',
      'users.last_name as last_name',
      'users.email as email',
    ])
    .where('offers.id', '=', done.offerId)
    .executeTakeFirstOrThrow();
  const pay = done.earnedCents + done.feeCents;
  // The pay a counter-offer agreed, else the campaign's (as completion.ts reads it).
  const agreed = Number(offer.offer_pay_cents ?? offer.pay_cents);
  const words = word({
    brand: offer.brand,
    title: offer.title,
    creator: displayName({ first_name: offer.first_name, last_name: offer.last_name, email: offer.email }),
    amount: money(done.earnedCents),
    pay: money(pay),
    cap: money(agreed),
    clicks: offer.per_click_cents === null ? 'none' : pay < agreed ? 'partial' : 'capped',
    until: when(done.review.endsAt),
    held: done.review.held ? 'yes' : 'no',
  });
  return done.notices.map((notice) =>
    notice.userId === offer.creator_id
      ? { ...notice, ...words.creator }
      : notice.userId === offer.advertiser_id
        ? { ...notice, ...words.advertiser }
        : notice,
  );
}
