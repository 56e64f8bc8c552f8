// Campaigns (docs/product.md §Marketplace, docs/product.md "Campaign"): advertisers create, edit while draft, launch, pause, resume and
// cancel their own; anyone else's campaign is a 404, and other roles get 403. Launching or resuming queues matching.
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  CAMPAIGN_ACTIONS,
  DELIVERY_STATUSES,
  MARKETPLACE_LIMITS,
  OPEN_OFFER_STATUSES,
  type CampaignAction,
  type CampaignStatus,
  type OfferStatus,
} from '../../contract/marketplace.ts';
import {
  deliverablesProblem,
  type Campaign,
  type CampaignInput,
  type CampaignPatch,
} from '../../contract/schemas/marketplace.ts';
import type { Database } from '../db/types.ts';
import { HttpError } from '../http/errors.ts';
import { fieldRefusal } from '../http/schema-words.ts';
import type { Problem } from '../http/problems.ts';
import { money } from '../http/texts.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { releaseUnneeded, reserveForLaunch, reserveForSpots } from '../money/funding.ts';
import type { Notifier } from '../notifications/store.ts';
import {
  emptyCounts,
  OFFER_COLUMNS,
  CREATOR_COLUMNS,
  toCampaign,
  toOffer,
  withProgress,
  type CampaignRow,
  type OfferJoinRow,
  type ProgressOf,
} from './rows.ts';
import { touchOfferLists } from './offer-revisions.ts';
import { marketplaceProblems } from './problems.ts';
import { withReviews } from './review-rows.ts';
import { withdrawProposals, withProposals } from './proposal-rows.ts';
import { marketplaceWords } from './texts.ts';

type ValidInput = Omit<CampaignInput, 'description'> & { description: string };

const NEXT: Record<CampaignAction, CampaignStatus> = {
  launch: 'active',
  pause: 'paused',
  resume: 'active',
  cancel: 'cancelled',
};

const today = () => new Date().toISOString().slice(0, 10);

/** Who is told when offers expire. */
interface Notifies {
  notifier: Pick<Notifier, 'create'>;
}

/** What the campaign store needs: the database, the matching job, and notifications in the write's transaction. */
export interface CampaignDeps extends Notifies {
  db: Kysely<Database>;
  jobs: Pick<JobQueue, 'enqueue' | 'poke'>;
  /** Each accepted offer's deliverables progress (server/deliverables/progress.ts, filled by server/app.ts). */
  progress?: ProgressOf;
}

export function createCampaignStore(services: CampaignDeps) {
  const { db } = services;
  const now = () => new Date().toISOString();

  async function counts(ids: string[]): Promise<Map<string, Record<OfferStatus, number>>> {
    const result = new Map<string, Record<OfferStatus, number>>();
    if (ids.length === 0) return result;
    const rows = await db
      .selectFrom('offers')
      .select(['campaign_id', 'status', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('campaign_id', 'in', ids)
      .groupBy(['campaign_id', 'status'])
      .execute();
    for (const row of rows) {
      const entry = result.get(row.campaign_id) ?? emptyCounts();
      entry[row.status] = Number(row.n);
      result.set(row.campaign_id, entry);
    }
    return result;
  }

  async function withCounts(rows: CampaignRow[]): Promise<Campaign[]> {
    const byId = await counts(rows.map((row) => row.id));
    return rows.map((row) => toCampaign(row, byId.get(row.id)));
  }

  /**
   * What the campaigns' overlay offers delivered, for their advertiser: verified seconds and impressions as the
   * overlay's settlement keeps them per offer (overlay_progress), and the effective CPM: the pay of the offers that
   * had impressions (each at its own pay: a counter-offer's, else the campaign's), per thousand impressions (as each
   * offer's proof computes it, server/overlay/proof.ts).
   */
  async function withDelivery(campaigns: Campaign[]): Promise<Campaign[]> {
    if (campaigns.length === 0) return campaigns;
    const rows = await db
      .selectFrom('overlay_progress')
      .innerJoin('offers', 'offers.id', 'overlay_progress.offer_id')
      .select((eb) => [
        'offers.campaign_id as campaignId',
        eb.fn.sum<number | string>('overlay_progress.verified_seconds').as('verified'),
        eb.fn.sum<number | string>('overlay_progress.impressions').as('impressions'),
        // Offers with impressions at the campaign's pay, and the agreed pay of those a counter-offer changed.
        eb.fn
          .sum<number | string>(
            eb
              .case()
              .when(eb.and([eb('overlay_progress.impressions', '>', 0), eb('offers.pay_cents', 'is', null)]))
              .then(1)
              .else(0)
              .end(),
          )
          .as('delivering'),
        eb.fn
          .sum<number | string>(
            eb.case().when('overlay_progress.impressions', '>', 0).then(eb.ref('offers.pay_cents')).else(0).end(),
          )
          .as('agreed'),
      ])
      .where(
        'offers.campaign_id',
        'in',
        campaigns.map((campaign) => campaign.id),
      )
      .groupBy('offers.campaign_id')
      .execute();
    const byId = new Map(rows.map((row) => [row.campaignId, row]));
    return campaigns.map((campaign) => {
      const row = byId.get(campaign.id);
      const impressions = Number(row?.impressions ?? 0);
      const paid = campaign.payCents * Number(row?.delivering ?? 0) + Number(row?.agreed ?? 0);
      return {
        ...campaign,
        delivery: {
          verifiedSeconds: Number(row?.verified ?? 0),
          impressions,
          cpmCents: impressions > 0 ? Math.round((paid * 1000) / impressions) : null,
        },
      };
    });
  }

  /** The advertiser's own campaign, or 404 (another advertiser's campaign does not exist for them). */
  async function own(advertiserId: string, id: string, executor: Kysely<Database> = db): Promise<CampaignRow> {
    const row = await executor
      .selectFrom('campaigns')
      .selectAll()
      .where('id', '=', id)
      .where('advertiser_id', '=', advertiserId)
      .executeTakeFirst();
    if (!row) throw new HttpError(404, marketplaceProblems.campaign_unknown);
    return row;
  }

  const columns = (input: Partial<ValidInput>) => ({
    ...(input.brand !== undefined && { brand: input.brand }),
    ...(input.title !== undefined && { title: input.title }),
    ...(input.description !== undefined && { description: input.description }),
    ...(input.payCents !== undefined && { pay_cents: input.payCents }),
    ...(input.spots !== undefined && { spots: input.spots }),
    ...(input.targeting && {
      platforms: JSON.stringify(input.targeting.platforms),
      languages: JSON.stringify(input.targeting.languages),
      countries: JSON.stringify(input.targeting.countries),
      categories: JSON.stringify(input.targeting.categories),
      min_avg_viewers: input.targeting.minAvgViewers,
    }),
    ...(input.deliverable && {
      deliverable_minutes: input.deliverable.minutes,
      starts_on: input.deliverable.startsOn,
      ends_on: input.deliverable.endsOn,
      disclosure: input.deliverable.disclosure,
      requires_disclosure: input.deliverable.requiresDisclosure === false ? 0 : 1,
      // What else the campaign asks for (docs/product.md §Deliverables): a deliverable left out is null.
      overlay_required: input.deliverable.overlay === false ? 0 : 1,
      link_url: input.deliverable.link?.url ?? null,
      link_clicks: input.deliverable.link?.clicks ?? null,
      chat_message: input.deliverable.chat?.message ?? null,
      chat_every_minutes: input.deliverable.chat?.everyMinutes ?? null,
      chat_command: input.deliverable.chat?.command ?? null,
      chat_posts: input.deliverable.chat?.posts ?? null,
      promo_redemptions: input.deliverable.promo?.redemptions ?? null,
    }),
    ...(input.perClickCents !== undefined && { per_click_cents: input.perClickCents }),
    ...(input.autoMatch !== undefined && { auto_match: input.autoMatch ? 1 : 0 }),
  });

  /** Why a draft cannot launch yet, or null. */
  async function launchProblem(advertiserId: string, row: CampaignRow): Promise<Problem | null> {
    const profile = await db
      .selectFrom('advertiser_profiles')
      .select('status')
      .where('user_id', '=', advertiserId)
      .executeTakeFirst();
    if (profile?.status !== 'approved') return marketplaceProblems.launch_needs_approval;
    const campaign = toCampaign(row);
    if (campaign.targeting.platforms.length === 0) return marketplaceProblems.launch_needs_platform;
    if (campaign.targeting.languages.length === 0) return marketplaceProblems.launch_needs_language;
    if (campaign.description.trim() === '') return marketplaceProblems.launch_needs_description;
    if (campaign.deliverable.endsOn < today()) return marketplaceProblems.launch_window_over;
    return null;
  }

  return {
    async create(advertiserId: string, input: ValidInput): Promise<Campaign> {
      const id = crypto.randomUUID();
      const stamp = now();
      const row = await db
        .insertInto('campaigns')
        .values({
          id,
          advertiser_id: advertiserId,
          image: null,
          status: 'draft',
          created_at: stamp,
          updated_at: stamp,
          launched_at: null,
          ...(columns(input) as Required<ReturnType<typeof columns>>),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toCampaign(row);
    },

    async list(advertiserId: string): Promise<Campaign[]> {
      const rows = await db
        .selectFrom('campaigns')
        .selectAll()
        .where('advertiser_id', '=', advertiserId)
        .orderBy('created_at', 'desc')
        .execute();
      return withDelivery(await withCounts(rows));
    },

    async listAll(): Promise<(Campaign & { advertiser: string })[]> {
      const rows = await db
        .selectFrom('campaigns')
        .leftJoin('advertiser_profiles', 'advertiser_profiles.user_id', 'campaigns.advertiser_id')
        .innerJoin('users', 'users.id', 'campaigns.advertiser_id')
        .selectAll('campaigns')
        .select(['advertiser_profiles.company_name as company_name', 'users.email as advertiser_email'])
        .orderBy('campaigns.created_at', 'desc')
        .limit(500)
        .execute();
      const campaigns = await withCounts(rows);
      return campaigns.map((campaign, i) => ({
        ...campaign,
        advertiser: rows[i]!.company_name ?? rows[i]!.advertiser_email,
      }));
    },

    async detail(advertiserId: string, id: string) {
      const row = await own(advertiserId, id);
      const offers = await db
        .selectFrom('offers')
        .innerJoin('campaigns', 'campaigns.id', 'offers.campaign_id')
        .innerJoin('users', 'users.id', 'offers.creator_id')
        .select([...OFFER_COLUMNS, ...CREATOR_COLUMNS, 'offers.creator_id as creator_id'])
        .where('offers.campaign_id', '=', id)
        .orderBy('offers.score', 'desc')
        .orderBy('offers.created_at')
        .execute();
      const [campaign] = await withDelivery(await withCounts([row]));
      return {
        campaign: campaign!,
        offers: await withProgress(
          services.progress,
          // The review window of a completion the counts proved: the row says "in review until …" until released.
          await withReviews(
            db,
            await withProposals(
              db,
              offers.map((offer) => toOffer(offer as OfferJoinRow, true)),
            ),
          ),
          new Map(offers.map((offer) => [offer.id, offer.creator_id])),
        ),
      };
    },

    async update(advertiserId: string, id: string, patch: CampaignPatch): Promise<Campaign> {
      const row = await own(advertiserId, id);
      if (row.status !== 'draft') throw new HttpError(409, marketplaceProblems.campaign_not_draft);
      const next = { ...toCampaign(row), ...patch } as Campaign;
      if (next.deliverable.endsOn < next.deliverable.startsOn)
        throw new HttpError(400, fieldRefusal('deliverable.endsOn', 'must not end before it starts'));
      // The deliverables and the pay are checked together once merged: a patch of one may break the other (a rate
      // without the link it counts, a flat fee whose link has no click target).
      const problem = deliverablesProblem(next);
      if (problem) throw new HttpError(400, fieldRefusal(problem.path.join('.'), problem.message));
      const updated = await db
        .updateTable('campaigns')
        .set({ ...columns(patch as Partial<ValidInput>), updated_at: now() })
        .where('id', '=', id)
        .where('status', '=', 'draft')
        .returningAll()
        .executeTakeFirst();
      if (!updated) throw new HttpError(409, marketplaceProblems.campaign_not_draft);
      return (await withCounts([updated]))[0]!;
    },

    /** Sets the creative; the previous file's name is returned for deletion. */
    async setImage(
      advertiserId: string,
      id: string,
      image: string,
    ): Promise<{ campaign: Campaign; previous: string | null }> {
      const row = await own(advertiserId, id);
      if (row.status !== 'draft') throw new HttpError(409, marketplaceProblems.campaign_image_not_draft);
      const updated = await db
        .updateTable('campaigns')
        .set({ image, updated_at: now() })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
      return { campaign: (await withCounts([updated]))[0]!, previous: row.image };
    },

    async act(advertiserId: string, id: string, action: CampaignAction): Promise<Campaign> {
      const row = await own(advertiserId, id);
      const from = CAMPAIGN_ACTIONS[action] as readonly CampaignStatus[];
      if (!from.includes(row.status))
        throw new HttpError(409, marketplaceProblems.campaign_action_refused.with({ status: row.status, action }));
      if (action === 'launch') {
        const problem = await launchProblem(advertiserId, row);
        if (problem) throw new HttpError(409, problem);
      }
      const stamp = now();
      let announce = () => {};
      const updated = await db.transaction().execute(async (trx) => {
        const next = await trx
          .updateTable('campaigns')
          .set({ status: NEXT[action], updated_at: stamp, ...(action === 'launch' ? { launched_at: stamp } : {}) })
          .where('id', '=', id)
          .where('status', 'in', from)
          .returningAll()
          .executeTakeFirst();
        if (!next) throw new HttpError(409, marketplaceProblems.campaign_changed);
        // Launching reserves pay × spots from the advertiser's balance (docs/product.md §Money); short funds refuse the launch.
        if (action === 'launch') await reserveForLaunch(trx, next);
        if (action === 'cancel') {
          announce = await expireOpenOffers(trx, services, next, 'cancelled');
          // Accepted offers may still be delivered: their pay stays reserved, the rest goes back.
          await releaseUnneeded(trx, id, 'the campaign was cancelled');
        }
        if (action === 'launch' || action === 'resume')
          await services.jobs.enqueue('match', `match:campaign:${id}`, { campaignId: id }, trx);
        return next;
      });
      services.jobs.poke();
      announce();
      return (await withCounts([updated]))[0]!;
    },

    /**
     * Adds `added` spots to a running (active or paused) campaign and reserves pay × them from the advertiser's balance
     * in the same transaction (the row written first holds concurrent invitations, accepts and additions in turn);
     * short funds, money owed or more than the most spots refuse it and change nothing. Matching is queued for the new
     * room (an active campaign that matches).
     */
    async addSpots(advertiserId: string, id: string, added: number): Promise<Campaign> {
      await own(advertiserId, id);
      let announce = () => {};
      const updated = await db.transaction().execute(async (trx) => {
        const next = await trx
          .updateTable('campaigns')
          .set((eb) => ({ spots: eb('spots', '+', added), updated_at: now() }))
          .where('id', '=', id)
          .where('advertiser_id', '=', advertiserId)
          .where('status', 'in', ['active', 'paused'])
          .returningAll()
          .executeTakeFirst();
        if (!next) {
          const row = await own(advertiserId, id, trx);
          throw new HttpError(409, marketplaceProblems.spots_not_running.with({ status: row.status }));
        }
        if (Number(next.spots) > MARKETPLACE_LIMITS.maxSpots)
          throw new HttpError(
            409,
            marketplaceProblems.spots_too_many.with({
              max: MARKETPLACE_LIMITS.maxSpots,
              spots: Number(next.spots) - added,
            }),
          );
        await reserveForSpots(trx, next, added);
        if (next.status === 'active' && Number(next.auto_match) !== 0)
          await services.jobs.enqueue('match', `match:campaign:${id}`, { campaignId: id }, trx);
        announce = () => services.jobs.poke();
        return next;
      });
      announce();
      const [campaign] = await withDelivery(await withCounts([updated]));
      return campaign!;
    },

    /**
     * Active or paused campaigns whose window has ended complete: their open offers, and accepted ones whose delivery
     * was not confirmed in time, expire, and what the reservation still holds returns to the advertiser. A cancelled
     * campaign's pending deliveries end the same way.
     */
    async completeEnded(): Promise<number> {
      const ended = await db
        .selectFrom('campaigns')
        .selectAll()
        .where('ends_on', '<', today())
        .where((eb) =>
          eb.or([
            eb('status', 'in', ['active', 'paused']),
            eb.and([
              eb('status', '=', 'cancelled'),
              eb.exists(
                eb
                  .selectFrom('offers')
                  .select('offers.id')
                  .whereRef('offers.campaign_id', '=', 'campaigns.id')
                  .where('offers.status', 'in', DELIVERY_STATUSES),
              ),
            ]),
          ]),
        )
        .execute();
      for (const row of ended) {
        let announce = () => {};
        await db.transaction().execute(async (trx) => {
          const done =
            row.status === 'cancelled'
              ? row
              : await trx
                  .updateTable('campaigns')
                  .set({ status: 'completed', updated_at: now() })
                  .where('id', '=', row.id)
                  .where('status', 'in', ['active', 'paused'])
                  .returningAll()
                  .executeTakeFirst();
          if (!done) return;
          const announceOpen = await expireOpenOffers(trx, services, done, 'ended');
          const announceUndelivered = await expireUndelivered(trx, services, done);
          const released = await releaseUnneeded(trx, done.id, 'the campaign ended');
          const completed = await trx
            .selectFrom('offers')
            .select((eb) => eb.fn.countAll<number | string>().as('n'))
            .where('campaign_id', '=', done.id)
            .where('completed_at', 'is not', null)
            .executeTakeFirstOrThrow();
          const announceEnd =
            row.status === 'cancelled'
              ? () => {}
              : await services.notifier.create(trx, [
                  {
                    userId: done.advertiser_id,
                    type: 'campaign.completed',
                    title: marketplaceWords('notice.campaignEnded'),
                    text: marketplaceWords('notice.campaignEndedText', {
                      title: done.title,
                      count: Number(completed.n),
                      released: released > 0 ? 'yes' : 'no',
                      amount: money(released),
                    }),
                    link: `/campaigns/${done.id}`,
                  },
                ]);
          announce = () => {
            announceOpen();
            announceUndelivered();
            announceEnd();
          };
        });
        announce();
      }
      return ended.length;
    },
  };
}

/**
 * Why a campaign's offers expired, as their creators are told (`notice.expiredText`, ./texts.ts): every spot taken,
 * the campaign cancelled or ended, or ended before an accepted offer's delivery was confirmed.
 */
export type ExpiredWhy = 'full' | 'cancelled' | 'ended' | 'undelivered';

/** Expires the campaign's open offers inside `trx` and returns the announcement of their notifications. */
export function expireOpenOffers(
  trx: Kysely<Database>,
  services: Notifies,
  campaign: Pick<CampaignRow, 'id' | 'advertiser_id' | 'brand' | 'title'>,
  why: Exclude<ExpiredWhy, 'undelivered'>,
): Promise<() => void> {
  return expireOffers(trx, services, campaign, OPEN_OFFER_STATUSES, why);
}

/** Accepted offers of an ended campaign whose delivery was never confirmed expire, inside `trx` (docs/product.md §Money). */
function expireUndelivered(
  trx: Kysely<Database>,
  services: Notifies,
  campaign: Pick<CampaignRow, 'id' | 'advertiser_id' | 'brand' | 'title'>,
): Promise<() => void> {
  return expireOffers(trx, services, campaign, DELIVERY_STATUSES, 'undelivered');
}

/** Expires the campaign's offers in `statuses`; each creator is told why, in their language. */
async function expireOffers(
  trx: Kysely<Database>,
  services: Notifies,
  campaign: Pick<CampaignRow, 'id' | 'advertiser_id' | 'brand' | 'title'>,
  statuses: readonly OfferStatus[],
  why: ExpiredWhy,
): Promise<() => void> {
  const expired = await trx
    .updateTable('offers')
    .set({ status: 'expired', updated_at: new Date().toISOString() })
    .where('campaign_id', '=', campaign.id)
    .where('status', 'in', statuses)
    .returning(['id', 'creator_id'])
    .execute();
  // An open counter-offer ends with its offer.
  if (expired.length > 0)
    await withdrawProposals(
      trx,
      expired.map((offer) => offer.id),
    );
  if (expired.length > 0)
    await touchOfferLists(trx, [campaign.advertiser_id, ...expired.map((offer) => offer.creator_id)]);
  return services.notifier.create(
    trx,
    expired.map((offer) => ({
      userId: offer.creator_id,
      type: 'offer.expired' as const,
      title: marketplaceWords('notice.expired'),
      text: marketplaceWords('notice.expiredText', { brand: campaign.brand, title: campaign.title, why }),
      offerId: offer.id,
      link: '/sponsorship-offers',
    })),
  );
}

export type CampaignStore = ReturnType<typeof createCampaignStore>;
