// The review window of overlay earnings (docs/product.md §Review window and disputes). An overlay completion pays into the
// creator's pending balance and opens a review (earning_reviews, migration 0024; ../marketplace/completion.ts calls
// openReview in its transaction):
//   pending ──window ends──► released        (creator_pending → creator_available, the release job)
//      │  └──advertiser disputes in the window──► disputed ─┐
//      └─ (opened held: fraud signals) held ──dispute──► disputed
//                                     held, disputed ──operator──► resolved (pay, refund or part of each)
// Every step is one transaction with a conditional UPDATE of the review's status, so two instances, a retry or a
// dispute racing the release settle it once; each transfer also has its own key. Pending money is never
// withdrawable: payouts take from creator_available only (./payouts.ts).
import type { Kysely, Selectable } from 'kysely';
import { formatCentsIn } from '../../contract/cents.ts';
import { DEFAULT_LOCALE, intlLocale, type Locale } from '../../contract/locales.ts';
import { formatCents } from '../../contract/marketplace.ts';
import type { AdminReview as AdminReviewAnswer } from '../../contract/schemas/money.ts';
import type { EarningReview, HoldReason } from '../../contract/schemas/overlay.ts';
import { displayName } from '../accounts/users.ts';
import type { Config } from '../config.ts';
import type { Database, EarningReviewsTable } from '../db/types.ts';
import { HttpError } from '../http/errors.ts';
import { money, worded, type Worded } from '../http/texts.ts';
import type { JobQueue } from '../jobs/queue.ts';
import type { Logger } from '../log.ts';
import type { NewNotification, Notifier } from '../notifications/store.ts';
import { creditAdvertiser } from './debts.ts';
import { creatorAvailable, creatorPending, PLATFORM_FEES, postTransfer, type Leg } from './ledger.ts';
import { moneyTexts } from './texts.ts';
import { moneyProblems } from './problems.ts';
import type { Problem } from '../http/problems.ts';

/** A review as the operator reads it, less the evidence (server/operator/routes.ts adds it: money never imports the deliverables). */
export type AdminReview = Omit<AdminReviewAnswer, 'evidence'>;

type ReviewRow = Selectable<EarningReviewsTable>;

export const RELEASE_JOB = 'release-earnings';
/** One recurring job for every instance: it reschedules itself (the row survives restarts). */
export const RELEASE_JOB_KEY = 'earnings:release';
/** Reviews released per batch of the job (each in its own transaction). */
const RELEASE_BATCH = 200;

/** How often the release job looks: every minute, or a quarter of the window when that is shorter (at least 1 s). */
export const releaseIntervalMs = (reviewSeconds: number): number =>
  Math.round(Math.min(60, Math.max(1, reviewSeconds / 4)) * 1000);

/** "Nov 29, 2026, 14:05 UTC", "29 nov 2026, 14:05 UTC": a window's end as notices word it, on the UTC clock. */
export const whenIn = (locale: Locale, ms: number): string =>
  `${new Date(ms).toLocaleString(intlLocale(locale), {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'UTC',
  })} UTC`;

/** A window's end in English. */
export const formatWhen = (ms: number): string => whenIn(DEFAULT_LOCALE, ms);

/** A window's end as a notice's value, worded in the notice's language. */
export const when = (ms: number): Worded => worded((locale) => whenIn(locale, ms));

/** The review of an overlay completion, inside the completion's transaction. */
export async function openReview(
  trx: Kysely<Database>,
  input: {
    offerId: string;
    creatorId: string;
    advertiserId: string;
    campaignId: string;
    earnedCents: number;
    feeCents: number;
    endsAt: number;
    holdReasons: HoldReason[];
    at: string;
  },
): Promise<void> {
  await trx
    .insertInto('earning_reviews')
    .values({
      offer_id: input.offerId,
      creator_id: input.creatorId,
      advertiser_id: input.advertiserId,
      campaign_id: input.campaignId,
      earned_cents: input.earnedCents,
      fee_cents: input.feeCents,
      status: input.holdReasons.length > 0 ? 'held' : 'pending',
      ends_at: input.endsAt,
      hold_reasons: JSON.stringify(input.holdReasons),
      created_at: input.at,
    })
    .execute();
}

export const holdReasonsOf = (row: Pick<ReviewRow, 'hold_reasons'>): HoldReason[] => {
  try {
    const parsed = JSON.parse(row.hold_reasons) as unknown;
    return Array.isArray(parsed) ? (parsed as HoldReason[]) : [];
  } catch {
    return [];
  }
};

/**
 * The contract's earningReview of a row. The hold reasons are read by the operators (GET /api/admin/reviews) and by
 * the creator whose earning waits on them (the proof, server/overlay/proof.ts: "under review" and why, in the words the
 * operator reads); the advertiser sees none.
 */
export function toEarningReview(row: ReviewRow, viewer: 'creator' | 'advertiser' | 'operator'): EarningReview {
  return {
    status: row.status,
    endsAt: new Date(Number(row.ends_at)).toISOString(),
    earnedCents: Number(row.earned_cents),
    holdReasons: viewer === 'advertiser' ? [] : holdReasonsOf(row),
    disputeReason: row.dispute_reason,
    disputedAt: row.disputed_at,
    resolution:
      row.status === 'resolved'
        ? {
            payCents: Number(row.resolved_pay_cents ?? 0),
            refundCents: Number(row.resolved_refund_cents ?? 0),
            reason: row.resolution_reason ?? '',
            at: row.resolved_at ?? '',
          }
        : null,
    releasedAt: row.released_at,
  };
}

/** The review with what its notices and the console name: brand, title, creator. */
const reviewsWithNames = (db: Kysely<Database>) =>
  db
    .selectFrom('earning_reviews')
    .innerJoin('campaigns', 'campaigns.id', 'earning_reviews.campaign_id')
    .innerJoin('users', 'users.id', 'earning_reviews.creator_id')
    .leftJoin('overlay_progress', 'overlay_progress.offer_id', 'earning_reviews.offer_id')
    .selectAll('earning_reviews')
    .select([
      'campaigns.brand as brand',
      'campaigns.title as title',
      'users.first_name as first_name',
      'users.last_name as last_name',
      'users.email as creator_email',
      'overlay_progress.verified_seconds as verified_seconds',
      'overlay_progress.impressions as impressions',
    ]);
type NamedRow = Awaited<ReturnType<ReturnType<typeof reviewsWithNames>['executeTakeFirstOrThrow']>>;

const creatorNameOf = (row: Pick<NamedRow, 'first_name' | 'last_name' | 'creator_email'>) =>
  displayName({ first_name: row.first_name, last_name: row.last_name, email: row.creator_email });

function toAdminReview(row: NamedRow): AdminReview {
  return {
    offerId: row.offer_id,
    campaignId: row.campaign_id,
    status: row.status,
    brand: row.brand,
    title: row.title,
    creatorName: creatorNameOf(row),
    creatorEmail: row.creator_email,
    earnedCents: Number(row.earned_cents),
    feeCents: Number(row.fee_cents),
    endsAt: new Date(Number(row.ends_at)).toISOString(),
    holdReasons: holdReasonsOf(row),
    disputeReason: row.dispute_reason,
    disputedAt: row.disputed_at,
    verifiedSeconds: Number(row.verified_seconds ?? 0),
    impressions: Number(row.impressions ?? 0),
    createdAt: row.created_at,
  };
}

/**
 * Releases one pending review whose window has ended, inside `trx`: the conditional UPDATE (status still pending,
 * window over at `at`) lets exactly one of concurrent releases through; the others find nothing and return null.
 * Returns the notices for the caller to store with its transaction. The demo seed calls it for its past earnings.
 */
export async function releaseReview(
  trx: Kysely<Database>,
  offerId: string,
  at: number,
  offerListsChanged?: OfferListsChanged,
): Promise<NewNotification[] | null> {
  const stamp = new Date(at).toISOString();
  const released = await trx
    .updateTable('earning_reviews')
    .set({ status: 'released', released_at: stamp })
    .where('offer_id', '=', offerId)
    .where('status', '=', 'pending')
    .where('ends_at', '<=', at)
    .executeTakeFirst();
  if (Number(released.numUpdatedRows) !== 1) return null;
  const row = await reviewsWithNames(trx).where('earning_reviews.offer_id', '=', offerId).executeTakeFirstOrThrow();
  await offerListsChanged?.(trx, [row.creator_id, row.advertiser_id]);
  const earned = Number(row.earned_cents);
  if (earned > 0)
    await postTransfer(trx, {
      kind: 'review_release',
      key: `review_release:${offerId}`,
      memo: `${row.brand}: "${row.title}" released after its review window`,
      at: stamp,
      legs: [
        { account: creatorPending(row.creator_id), amountCents: -earned },
        { account: creatorAvailable(row.creator_id), amountCents: earned },
      ],
    });
  return [
    {
      userId: row.creator_id,
      type: 'earning.released',
      // In the creator's language (server/notifications/store.ts words it for its reader).
      title: worded((locale) => moneyTexts(locale)('notice.payReleased')),
      text: worded((locale) =>
        moneyTexts(locale)('notice.payReleasedText', {
          amount: formatCentsIn(locale, earned),
          brand: row.brand,
          title: row.title,
        }),
      ),
      offerId,
      link: '/earnings',
    },
    {
      userId: row.advertiser_id,
      type: 'earning.released',
      title: worded((locale) => moneyTexts(locale)('notice.reviewEnded')),
      text: worded((locale) =>
        moneyTexts(locale)('notice.reviewEndedText', {
          title: row.title,
          creator: creatorNameOf(row),
          amount: money(earned),
        }),
      ),
      offerId,
      link: `/campaigns/${row.campaign_id}`,
    },
  ];
}

/**
 * Raises the offers-list revisions of these users inside `trx`: each offer answer carries its review's status
 * (server/marketplace/review-rows.ts), so a cached list is stale once it changes. The marketplace's, handed in by
 * server/app.ts (money never imports the marketplace).
 */
export type OfferListsChanged = (trx: Kysely<Database>, userIds: string[]) => Promise<void>;

export interface ReviewsDeps {
  db: Kysely<Database>;
  notifier: Pick<Notifier, 'create'>;
  config: Pick<Config, 'reviewSeconds'>;
  logger?: Pick<Logger, 'error'>;
  offerListsChanged?: OfferListsChanged;
}

export function createReviews(deps: ReviewsDeps) {
  const { db, notifier } = deps;

  /** Every operator: each is told of a dispute (the console lists it). */
  const operatorIds = async (executor: Kysely<Database>) =>
    (await executor.selectFrom('users').select('id').where('role', '=', 'operator').execute()).map((row) => row.id);

  /** Releases every pending review whose window ended by `now`, each in its own transaction; how many it released. */
  async function releaseDue(now: number = Date.now()): Promise<number> {
    let released = 0;
    let after = '';
    for (;;) {
      const due = await db
        .selectFrom('earning_reviews')
        .select('offer_id')
        .where('status', '=', 'pending')
        .where('ends_at', '<=', now)
        .where('offer_id', '>', after)
        .orderBy('offer_id')
        .limit(RELEASE_BATCH)
        .execute();
      for (const { offer_id: offerId } of due) {
        try {
          let announce = () => {};
          const done = await db.transaction().execute(async (trx) => {
            const notices = await releaseReview(trx, offerId, now, deps.offerListsChanged);
            if (notices) announce = await notifier.create(trx, notices);
            return notices !== null;
          });
          announce();
          if (done) released += 1;
        } catch (error) {
          // One review that cannot be released (say, a broken account) does not hold back the others.
          deps.logger?.error('earning release failed', { offerId, error: (error as Error).message });
        }
      }
      if (due.length < RELEASE_BATCH) return released;
      after = due.at(-1)!.offer_id;
    }
  }

  /** When the next pending window ends (epoch ms), or null. */
  async function nextEnd(): Promise<number | null> {
    const row = await db
      .selectFrom('earning_reviews')
      .select((eb) => eb.fn.min<number | string>('ends_at').as('next'))
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return row?.next === null || row?.next === undefined ? null : Number(row.next);
  }

  /**
   * The advertiser disputes an overlay delivery inside its window (pending, or held: its dispute joins the hold).
   * 404 unless the offer is of the advertiser's campaigns; 409 when no window is open.
   */
  async function dispute(
    advertiserId: string,
    offerId: string,
    reason: string,
    now: number = Date.now(),
  ): Promise<EarningReview> {
    let announce = () => {};
    const review = await db.transaction().execute(async (trx) => {
      const offer = await trx
        .selectFrom('offers')
        .innerJoin('campaigns', 'campaigns.id', 'offers.campaign_id')
        .select(['offers.id as id', 'offers.status as status', 'campaigns.brand as brand'])
        .where('offers.id', '=', offerId)
        .where('campaigns.advertiser_id', '=', advertiserId)
        .executeTakeFirst();
      if (!offer) throw new HttpError(404, moneyProblems.offer_unknown);
      const stamp = new Date(now).toISOString();
      const changed = await trx
        .updateTable('earning_reviews')
        .set({ status: 'disputed', dispute_reason: reason, disputed_at: stamp })
        .where('offer_id', '=', offerId)
        .where('status', 'in', ['pending', 'held'])
        .where('ends_at', '>', now)
        .executeTakeFirst();
      const row = await reviewsWithNames(trx).where('earning_reviews.offer_id', '=', offerId).executeTakeFirst();
      if (Number(changed.numUpdatedRows) !== 1) throw new HttpError(409, whyNoDispute(offer.status, row, now));
      await deps.offerListsChanged?.(trx, [row!.creator_id, row!.advertiser_id]);
      const operators = await operatorIds(trx);
      // Each reader in their language; the advertiser's reason as they wrote it.
      const values = {
        brand: row!.brand,
        title: row!.title,
        creator: creatorNameOf(row!),
        amount: money(Number(row!.earned_cents)),
        reason,
      };
      const title = worded((locale) => moneyTexts(locale)('notice.disputed'));
      announce = await notifier.create(trx, [
        {
          userId: row!.creator_id,
          type: 'earning.disputed',
          title,
          text: worded((locale) => moneyTexts(locale)('notice.disputedText', values)),
          offerId,
          link: '/earnings',
        },
        ...operators.map((userId): NewNotification => ({
          userId,
          type: 'earning.disputed',
          title,
          text: worded((locale) => moneyTexts(locale)('notice.disputedOperatorText', values)),
          offerId,
          link: '/admin',
        })),
      ]);
      return toEarningReview(row!, 'advertiser');
    });
    announce();
    return review;
  }

  /** Held and disputed reviews, oldest first (the console's queue). */
  async function list(): Promise<AdminReview[]> {
    const rows = await reviewsWithNames(db)
      .where('earning_reviews.status', 'in', ['held', 'disputed'])
      .orderBy('earning_reviews.created_at')
      .orderBy('earning_reviews.offer_id')
      .limit(500)
      .execute();
    return rows.map(toAdminReview);
  }

  /**
   * An operator settles a held or disputed review: `payCents` of the earning to the creator's balance, the rest back
   * to the advertiser with the matching share of the platform's fee, in one transfer.
   */
  async function resolve(
    operatorId: string,
    offerId: string,
    input: { payCents: number; reason: string },
    now: number = Date.now(),
  ): Promise<AdminReview> {
    let announce = () => {};
    const review = await db.transaction().execute(async (trx) => {
      const current = await trx
        .selectFrom('earning_reviews')
        .selectAll()
        .where('offer_id', '=', offerId)
        .executeTakeFirst();
      if (!current) throw new HttpError(404, moneyProblems.review_unknown);
      if (current.status !== 'held' && current.status !== 'disputed')
        throw new HttpError(409, moneyProblems.review_not_resolvable.with({ status: current.status }));
      const earned = Number(current.earned_cents);
      const fee = Number(current.fee_cents);
      if (input.payCents > earned)
        throw new HttpError(
          422,
          moneyProblems.pay_over_earning.with({ earned: money(earned), pay: money(input.payCents) }),
        );
      const taken = earned - input.payCents;
      // The fee was taken on the whole pay: the share of it on what goes back returns too.
      const feeRefund = earned > 0 ? Math.round((fee * taken) / earned) : 0;
      const refund = taken + feeRefund;
      const stamp = new Date(now).toISOString();
      const changed = await trx
        .updateTable('earning_reviews')
        .set({
          status: 'resolved',
          resolution_reason: input.reason,
          resolved_pay_cents: input.payCents,
          resolved_refund_cents: refund,
          resolved_by: operatorId,
          resolved_at: stamp,
        })
        .where('offer_id', '=', offerId)
        .where('status', 'in', ['held', 'disputed'])
        .executeTakeFirst();
      if (Number(changed.numUpdatedRows) !== 1) throw new HttpError(409, moneyProblems.review_resolved_meanwhile);
      await deps.offerListsChanged?.(trx, [current.creator_id, current.advertiser_id]);
      // What returns to the advertiser pays what they owe for a card dispute first (./debts.ts).
      const credit = await creditAdvertiser(trx, current.advertiser_id, refund);
      const legs = (
        [
          { account: creatorPending(current.creator_id), amountCents: -earned },
          { account: creatorAvailable(current.creator_id), amountCents: input.payCents },
          ...credit.legs,
          { account: PLATFORM_FEES, amountCents: -feeRefund },
        ] satisfies Leg[]
      ).filter((leg) => leg.amountCents !== 0);
      if (legs.length > 0)
        await postTransfer(trx, {
          kind: 'review_resolution',
          key: `review_resolution:${offerId}`,
          memo: `Review resolved: ${formatCents(input.payCents)} paid, ${formatCents(refund)} refunded (${input.reason})`.slice(
            0,
            1000,
          ),
          createdBy: operatorId,
          at: stamp,
          legs,
        });
      const row = await reviewsWithNames(trx).where('earning_reviews.offer_id', '=', offerId).executeTakeFirstOrThrow();
      // Each side in their language; the operator's reason as they wrote it.
      const values = {
        title: row.title,
        brand: row.brand,
        creator: creatorNameOf(row),
        outcome: input.payCents === earned ? 'full' : input.payCents === 0 ? 'refund' : 'split',
        paid: money(input.payCents),
        earned: money(earned),
        refund: money(refund),
        reason: input.reason,
      };
      const title = worded((locale) => moneyTexts(locale)('notice.resolved'));
      announce = await notifier.create(trx, [
        {
          userId: row.creator_id,
          type: 'earning.resolved',
          title,
          text: worded((locale) => moneyTexts(locale)('notice.resolvedText', values)),
          offerId,
          link: '/earnings',
        },
        {
          userId: row.advertiser_id,
          type: 'earning.resolved',
          title,
          text: worded((locale) => moneyTexts(locale)('notice.resolvedAdvertiserText', values)),
          offerId,
          link: `/campaigns/${row.campaign_id}`,
        },
      ]);
      return toAdminReview(row);
    });
    announce();
    return review;
  }

  /** The release job's work: release what is due, then look again at the next window's end or the interval. */
  async function runReleaseJob(jobs: Pick<JobQueue, 'schedule'>): Promise<void> {
    const now = Date.now();
    try {
      await releaseDue(now);
    } finally {
      const every = releaseIntervalMs(deps.config.reviewSeconds);
      const next = await nextEnd().catch(() => null);
      // Never sooner than a second from now: a review that could not be released is not retried in a tight loop.
      const at = Math.max(now + 1000, Math.min(now + every, next ?? Infinity));
      await jobs.schedule(RELEASE_JOB, RELEASE_JOB_KEY, {}, at);
    }
  }

  return {
    releaseDue,
    dispute,
    list,
    resolve,
    /** Registers the release job's handler. */
    register(jobs: Pick<JobQueue, 'register' | 'schedule'>) {
      jobs.register(RELEASE_JOB, () => runReleaseJob(jobs));
    },
    /**
     * Makes sure the release job exists (at start and on the app's sweep: a job that failed for good is queued
     * again); a waiting one keeps its time.
     */
    async ensureScheduled(jobs: Pick<JobQueue, 'enqueue'>) {
      await jobs.enqueue(RELEASE_JOB, RELEASE_JOB_KEY, {});
    },
  };
}

export type Reviews = ReturnType<typeof createReviews>;

/** Why a dispute cannot be opened (409), in the advertiser's language. */
function whyNoDispute(
  offerStatus: string,
  row: Pick<ReviewRow, 'status' | 'ends_at'> | undefined,
  now: number,
): Problem {
  if (!row)
    return offerStatus === 'completed' || offerStatus === 'paid'
      ? moneyProblems.dispute_confirmed
      : moneyProblems.dispute_not_completed;
  if (row.status === 'released') return moneyProblems.dispute_released;
  if (row.status === 'disputed') return moneyProblems.dispute_already_open;
  if (row.status === 'resolved') return moneyProblems.dispute_resolved;
  if (Number(row.ends_at) <= now) return moneyProblems.dispute_window_ended.with({ ends: when(Number(row.ends_at)) });
  return moneyProblems.dispute_not_now;
}
