// The matching job (docs/product.md §Marketplace): for one campaign (launched, resumed, or an offer declined) or one creator (profile
// completed or edited), score creators against active campaigns and create offers with their reasons — at most
// spots × 3 open offers per campaign, never two offers of one campaign to one creator (a unique key enforces it).
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { OPEN_OFFER_STATUSES, OPEN_OFFERS_PER_SPOT, type Platform } from '../../contract/marketplace.ts';
import type { Database } from '../db/types.ts';
import { worded } from '../http/texts.ts';
import type { Notifier } from '../notifications/store.ts';
import {
  compileTargeting,
  prepareCreator,
  reasonsFor,
  scoreCreator,
  type CreatorFacts,
  type Match,
  type PreparedCreator,
} from './matching.ts';
import { targetingOf, type CampaignRow } from './rows.ts';
import { touchOfferLists } from './offer-revisions.ts';
import { marketplaceTexts } from './texts.ts';

/** Offers written per INSERT (9 parameters each; SQLite binds at most 32,766). */
const INSERT_BATCH = 1000;

const CREATOR_FACTS = ['id', 'country', 'language', 'category', 'type_content', 'about', 'job_title', 'tier'] as const;

/**
 * The creators' facts with the platforms of their connected channels (docs/product.md "Matching": a connected channel
 * says where a creator streams better than their profile's words), read in one query for the whole pool.
 */
export async function withConnected(
  executor: Kysely<Database>,
  creators: Omit<CreatorFacts, 'connected'>[],
): Promise<CreatorFacts[]> {
  if (creators.length === 0) return [];
  const rows = await executor
    .selectFrom('connected_accounts')
    .select(['user_id', 'platform'])
    .where('status', '=', 'connected')
    .$if(creators.length <= 500, (query) =>
      query.where(
        'user_id',
        'in',
        creators.map((creator) => creator.id),
      ),
    )
    .execute();
  const connected = new Map<string, Platform[]>();
  for (const row of rows) {
    const platform: Platform = row.platform === 'twitch' ? 'Twitch' : 'YouTube';
    const list = connected.get(row.user_id) ?? [];
    if (!list.includes(platform)) list.push(platform);
    connected.set(row.user_id, list);
  }
  return creators.map((creator) => ({ ...creator, connected: connected.get(creator.id) ?? [] }));
}

export interface MatchPayload {
  campaignId?: string;
  creatorId?: string;
}

/** What an insert wrote: its notifications' announcement and the users whose offers lists changed. */
interface Written {
  announce: () => void;
  lists: string[];
}

/** What matching needs: the database and notifications for the offers it makes. */
export interface MatcherDeps {
  db: Kysely<Database>;
  notifier: Pick<Notifier, 'create'>;
}

export function createMatcher(services: MatcherDeps) {
  const { db } = services;

  /** Creators who can be matched: a creator account with a broadcasting language. */
  const creators = (executor: Kysely<Database>) =>
    executor.selectFrom('users').select(CREATOR_FACTS).where('role', '=', 'creator').where('language', 'is not', null);

  async function room(executor: Kysely<Database>, campaign: CampaignRow): Promise<number> {
    const open = await executor
      .selectFrom('offers')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('campaign_id', '=', campaign.id)
      .where('status', 'in', OPEN_OFFER_STATUSES)
      .executeTakeFirstOrThrow();
    const spotsLeft = Number(campaign.spots) - Number(campaign.accepted_count);
    return Math.max(0, spotsLeft * OPEN_OFFERS_PER_SPOT - Number(open.n));
  }

  /** Inserts offers (campaign × creator, with their match) in one statement and their notifications in another. */
  async function insertOffers(
    trx: Kysely<Database>,
    rows: { campaign: CampaignRow; creatorId: string; match: Match }[],
  ): Promise<Written> {
    if (rows.length === 0) return { announce: () => {}, lists: [] };
    const stamp = new Date().toISOString();
    const campaigns = new Map(rows.map(({ campaign }) => [campaign.id, campaign]));
    const inserted = await trx
      .insertInto('offers')
      .values(
        rows.map(({ campaign, creatorId, match }) => ({
          id: crypto.randomUUID(),
          campaign_id: campaign.id,
          creator_id: creatorId,
          status: 'invited' as const,
          reasons: JSON.stringify(match.reasons),
          score: match.score,
          decline_reason: null,
          created_at: stamp,
          updated_at: stamp,
        })),
      )
      .onConflict((oc) => oc.columns(['campaign_id', 'creator_id']).doNothing())
      .returning(['id', 'creator_id', 'campaign_id'])
      .execute();
    const lists = [
      ...new Set(inserted.map((offer) => campaigns.get(offer.campaign_id)!.advertiser_id)),
      ...inserted.map((offer) => offer.creator_id),
    ];
    const announce = await services.notifier.create(
      trx,
      inserted.map((offer) => {
        const campaign = campaigns.get(offer.campaign_id)!;
        return {
          userId: offer.creator_id,
          type: 'offer.new' as const,
          // In the creator's language (server/notifications/store.ts words it for its reader).
          title: worded((locale) => marketplaceTexts(locale)('notice.newOffer')),
          text: worded((locale) =>
            marketplaceTexts(locale)('notice.newOfferText', { brand: campaign.brand, title: campaign.title }),
          ),
          offerId: offer.id,
          link: '/sponsorship-offers',
        };
      }),
    );
    return { announce, lists };
  }

  /**
   * After the matching transaction commits: the offers lists of everyone who got or sent an offer change. Raised in
   * a short statement of its own rather than inside the long matching transaction, so that transaction holds no lock
   * on users rows that requests wait for; a list read in between is rebuilt once the revision rises (drain waits
   * for it: it is part of the job).
   */
  async function published(written: Written[]): Promise<void> {
    await touchOfferLists(
      db,
      written.flatMap((w) => w.lists),
    );
    for (const w of written) w.announce();
  }

  /**
   * Fills each active campaign's room with the best-ranked creators who have no offer of it yet. The creators are
   * read once for the whole batch (matching 10,000 creators against 100 campaigns reads them once, not 100 times).
   */
  async function matchCampaigns(campaignIds: string[]): Promise<number> {
    if (campaignIds.length === 0) return 0;
    const written: Written[] = [];
    const created = await db.transaction().execute(async (trx) => {
      const campaigns = await trx
        .selectFrom('campaigns')
        .selectAll()
        .where('id', 'in', campaignIds)
        .where('status', '=', 'active')
        // Invitations only: the brand fills the room itself (issue 48 item 6).
        .where('auto_match', '=', 1)
        .execute();
      if (campaigns.length === 0) return 0;
      const pool = (await withConnected(trx, (await creators(trx).execute()) as CreatorFacts[])).map(prepareCreator);
      const taken = new Map<string, Set<string>>(campaigns.map((c) => [c.id, new Set<string>()]));
      for (const row of await trx
        .selectFrom('offers')
        .select(['campaign_id', 'creator_id'])
        .where(
          'campaign_id',
          'in',
          campaigns.map((c) => c.id),
        )
        .execute()) {
        taken.get(row.campaign_id)!.add(row.creator_id);
      }
      let count = 0;
      const all: { campaign: CampaignRow; creatorId: string; match: Match }[] = [];
      for (const campaign of campaigns) {
        const free = await room(trx, campaign);
        if (free === 0) continue;
        const compiled = compileTargeting(targetingOf(campaign));
        const has = taken.get(campaign.id)!;
        const ranked: { creator: PreparedCreator; score: number }[] = [];
        for (const creator of pool) {
          if (has.has(creator.id)) continue;
          const score = scoreCreator(compiled, creator);
          if (score !== null) ranked.push({ creator, score });
        }
        ranked.sort((a, b) => b.score - a.score || (a.creator.id < b.creator.id ? -1 : 1));
        // Reasons are written only for the creators who get an offer.
        const chosen = ranked.slice(0, free).map(({ creator, score }) => ({
          campaign,
          creatorId: creator.id,
          match: { score, reasons: reasonsFor(compiled, creator) },
        }));
        all.push(...chosen);
        count += chosen.length;
      }
      // Written in batches of INSERT_BATCH rows (within SQLite's limit on bound parameters).
      for (let start = 0; start < all.length; start += INSERT_BATCH)
        written.push(await insertOffers(trx, all.slice(start, start + INSERT_BATCH)));
      return count;
    });
    await published(written);
    return created;
  }

  const matchCampaign = (campaignId: string) => matchCampaigns([campaignId]);

  /** Offers one creator every active campaign they match that has room and no offer to them yet. */
  async function matchOneCreator(creatorId: string): Promise<number> {
    const written: Written[] = [];
    const created = await db.transaction().execute(async (trx) => {
      const creator = await creators(trx).where('id', '=', creatorId).executeTakeFirst();
      if (!creator) return 0;
      const campaigns = await trx
        .selectFrom('campaigns')
        .selectAll()
        .where('status', '=', 'active')
        .where('auto_match', '=', 1)
        .whereRef('accepted_count', '<', 'spots')
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('offers')
                .select('offers.id')
                .whereRef('offers.campaign_id', '=', 'campaigns.id')
                .where('offers.creator_id', '=', creatorId),
            ),
          ),
        )
        .execute();
      // Open offers per campaign in one query, then every offer in one insert.
      const open = new Map<string, number>();
      if (campaigns.length > 0) {
        const counts = await trx
          .selectFrom('offers')
          .select(['campaign_id', (eb) => eb.fn.countAll<number | string>().as('n')])
          .where(
            'campaign_id',
            'in',
            campaigns.map((c) => c.id),
          )
          .where('status', 'in', OPEN_OFFER_STATUSES)
          .groupBy('campaign_id')
          .execute();
        for (const row of counts) open.set(row.campaign_id, Number(row.n));
      }
      const [facts] = await withConnected(trx, [creator as CreatorFacts]);
      const prepared = prepareCreator(facts!);
      const rows: { campaign: CampaignRow; creatorId: string; match: Match }[] = [];
      for (const campaign of campaigns) {
        const free =
          (Number(campaign.spots) - Number(campaign.accepted_count)) * OPEN_OFFERS_PER_SPOT -
          (open.get(campaign.id) ?? 0);
        if (free <= 0) continue;
        const compiled = compileTargeting(targetingOf(campaign));
        const score = scoreCreator(compiled, prepared);
        if (score !== null)
          rows.push({ campaign, creatorId, match: { score, reasons: reasonsFor(compiled, prepared) } });
      }
      written.push(await insertOffers(trx, rows));
      return rows.length;
    });
    await published(written);
    return created;
  }

  return {
    matchCampaign,
    matchCampaigns,
    matchCreator: matchOneCreator,
    async run(payload: MatchPayload): Promise<void> {
      if (payload.campaignId) await matchCampaign(payload.campaignId);
      if (payload.creatorId) await matchOneCreator(payload.creatorId);
    },
  };
}

export type Matcher = ReturnType<typeof createMatcher>;
