// Each accepted offer's progress on what its campaign asks for (docs/product.md §Deliverables): overlay seconds the
// platform verified (overlay_progress), counted and refused clicks of its tracked link, the bot's posts with its
// preview, pause and consent, the promo code and its redemptions — the counters read from the daily rollup
// (offer_days, ./days.ts), never from the clicks themselves — and whether it is met: with a flat fee every deliverable
// asked for, paid per click the cap. Offer lists, the campaign page and each offer's answer carry it
// (server/marketplace/rows.ts withProgress: one batch per answer, a fixed number of queries whatever the offers), and
// settlement (./settlement.ts) decides completion from the same figures.
import type { Kysely } from 'kysely';
import { botLine } from '../../contract/deliverables.ts';
import type { DeliverableProgress } from '../../contract/schemas/deliverables.ts';
import type { Database } from '../db/types.ts';
import type { Links } from '../mail/links.ts';
import { CAMPAIGN_DELIVERABLE_COLUMNS, deliverableOf, type ProgressKey } from '../marketplace/rows.ts';
import { offerTotals } from './days.ts';
import { ensureLink, linkUrl } from './links.ts';

/** Offers in these statuses have progress; before acceptance (or declined, expired) there is none. */
export const PROGRESS_STATUSES: readonly string[] = ['accepted', 'active', 'completed', 'paid'];

const CHUNK = 500;

/** What progress needs of an offer and its campaign (settlement reads the same). */
export interface ProgressFacts {
  offerId: string;
  campaignId: string;
  creatorId: string;
  status: string;
  /** The offer's pay (a counter-offer's, else the campaign's): the flat fee, or the per-click cap. */
  payCents: number;
  perClickCents: number | null;
  progress: DeliverableProgress;
}

export interface ProgressDeps {
  db: Kysely<Database>;
  /** The server's origin for the tracked link's absolute URL. */
  links: Pick<Links, 'url'>;
}

const chunks = <T>(values: readonly T[]): T[][] => {
  const out: T[][] = [];
  for (let from = 0; from < values.length; from += CHUNK) out.push(values.slice(from, from + CHUNK));
  return out;
};

const PLATFORM_KEYS: Record<string, 'twitch' | 'youtube'> = { Twitch: 'twitch', YouTube: 'youtube' };

export function createProgress(deps: ProgressDeps) {
  const { db } = deps;

  /** Every fact of these offers (any status; none for an unknown id), in a fixed number of queries. */
  async function factsOf(offerIds: readonly string[]): Promise<Map<string, ProgressFacts>> {
    const result = new Map<string, ProgressFacts>();
    const ids = [...new Set(offerIds)];
    if (ids.length === 0) return result;
    const rows = (
      await Promise.all(
        chunks(ids).map((part) =>
          db
            .selectFrom('offers')
            .innerJoin('campaigns', 'campaigns.id', 'offers.campaign_id')
            .select([
              'offers.id as offer_id',
              'offers.status as status',
              'offers.creator_id as creator_id',
              'offers.pay_cents as offer_pay_cents',
              'offers.deliverable_minutes as offer_deliverable_minutes',
              'campaigns.id as campaign_id',
              'campaigns.pay_cents as pay_cents',
              'campaigns.platforms as platforms',
              ...CAMPAIGN_DELIVERABLE_COLUMNS,
            ])
            .where('offers.id', 'in', part)
            .execute(),
        ),
      )
    ).flat();
    if (rows.length === 0) return result;
    const found = rows.map((row) => row.offer_id);
    const creators = [...new Set(rows.map((row) => row.creator_id))];
    const [totals, overlay, links, codes, bots, consents] = await Promise.all([
      offerTotals(db, found),
      many(found, (part) =>
        db
          .selectFrom('overlay_progress')
          .select(['offer_id', 'verified_seconds'])
          .where('offer_id', 'in', part)
          .execute(),
      ),
      many(found, (part) =>
        db.selectFrom('offer_links').select(['offer_id', 'code']).where('offer_id', 'in', part).execute(),
      ),
      many(found, (part) =>
        db.selectFrom('promo_codes').select(['offer_id', 'code']).where('offer_id', 'in', part).execute(),
      ),
      many(found, (part) =>
        db
          .selectFrom('offer_bots')
          .select(['offer_id', 'paused', 'last_posted_at'])
          .where('offer_id', 'in', part)
          .execute(),
      ),
      // The bot may post for a creator on a platform where one of their connected channels has its consent.
      many(creators, (part) =>
        db
          .selectFrom('bot_consents')
          .innerJoin('connected_accounts', 'connected_accounts.id', 'bot_consents.account_id')
          .select(['connected_accounts.user_id as creator_id', 'connected_accounts.platform as platform'])
          .where('connected_accounts.user_id', 'in', part)
          .where('connected_accounts.status', '=', 'connected')
          .execute(),
      ),
    ]);
    const verifiedOf = new Map(overlay.map((row) => [row.offer_id, Number(row.verified_seconds)]));
    const codeOf = new Map(links.map((row) => [row.offer_id, row.code]));
    const promoOf = new Map(codes.map((row) => [row.offer_id, row.code]));
    const botOf = new Map(bots.map((row) => [row.offer_id, row]));
    const consentOf = new Map<string, Set<string>>();
    for (const row of consents)
      consentOf.set(row.creator_id, (consentOf.get(row.creator_id) ?? new Set()).add(row.platform));

    // The tracked link is made on first need: an accepted offer of a campaign with a link (only the first answer that
    // shows it pays for the insert; the bot's line carries the same link).
    const base = deps.links.url('/');
    for (const row of rows) {
      if (codeOf.has(row.offer_id) || row.link_url === null || !PROGRESS_STATUSES.includes(row.status)) continue;
      codeOf.set(
        row.offer_id,
        await ensureLink(db, { offerId: row.offer_id, campaignId: row.campaign_id, creatorId: row.creator_id }),
      );
    }

    for (const row of rows) {
      const deliverable = deliverableOf(row);
      const minutes = Number(row.offer_deliverable_minutes ?? row.deliverable_minutes);
      const pay = Number(row.offer_pay_cents ?? row.pay_cents);
      const perClick = row.per_click_cents === null ? null : Number(row.per_click_cents);
      const counted = totals.get(row.offer_id);
      const clicks = counted?.clicks ?? 0;
      const code = codeOf.get(row.offer_id) ?? null;
      const url = code === null ? null : linkUrl(base, code);
      const bot = botOf.get(row.offer_id);
      const platforms = JSON.parse(row.platforms) as string[];
      const wanted = (platforms.length > 0 ? platforms : Object.keys(PLATFORM_KEYS)).map((p) => PLATFORM_KEYS[p]);
      const consented = consentOf.get(row.creator_id) ?? new Set<string>();
      const progress: DeliverableProgress = {
        met: false,
        overlay: deliverable.overlay
          ? { verifiedSeconds: verifiedOf.get(row.offer_id) ?? 0, targetSeconds: minutes * 60 }
          : null,
        link: deliverable.link
          ? {
              url,
              clicks,
              target: perClick === null ? deliverable.link.clicks : null,
              refused:
                (counted?.clicks_bot ?? 0) +
                (counted?.clicks_repeat ?? 0) +
                (counted?.clicks_limited ?? 0) +
                (counted?.clicks_inactive ?? 0),
            }
          : null,
        chat: deliverable.chat
          ? {
              posts: counted?.bot_posts ?? 0,
              target: deliverable.chat.posts,
              paused: Number(bot?.paused ?? 0) !== 0,
              consent: wanted.some((platform) => platform !== undefined && consented.has(platform)),
              preview: botLine(deliverable.chat.message, deliverable.link ? url : null),
              everyMinutes: deliverable.chat.everyMinutes,
              command: deliverable.chat.command,
              lastPostedAt:
                bot?.last_posted_at === null || bot?.last_posted_at === undefined
                  ? null
                  : new Date(Number(bot.last_posted_at)).toISOString(),
            }
          : null,
        promo: deliverable.promo
          ? {
              code: promoOf.get(row.offer_id) ?? null,
              redemptions: counted?.redemptions ?? 0,
              target: deliverable.promo.redemptions,
            }
          : null,
        clickEarningsCents: perClick === null ? null : Math.min(clicks * perClick, pay),
      };
      progress.met = metOf(progress, pay, perClick);
      result.set(row.offer_id, {
        offerId: row.offer_id,
        campaignId: row.campaign_id,
        creatorId: row.creator_id,
        status: row.status,
        payCents: pay,
        perClickCents: perClick,
        progress,
      });
    }
    return result;
  }

  return {
    factsOf,

    /**
     * The progress of each offer accepted, active, completed or paid (others: null), for an answer's offers: one batch
     * of queries for the whole list.
     */
    async progressOf(offers: readonly ProgressKey[]): Promise<Map<string, DeliverableProgress | null>> {
      const result = new Map<string, DeliverableProgress | null>();
      const wanted = offers.filter((offer) => PROGRESS_STATUSES.includes(offer.status));
      for (const offer of offers) result.set(offer.offerId, null);
      const facts = await factsOf(wanted.map((offer) => offer.offerId));
      for (const [offerId, fact] of facts) result.set(offerId, fact.progress);
      return result;
    },
  };
}

/**
 * Met: paid per click, when the counted clicks reached the cap (the offer's pay); with a flat fee, when each
 * deliverable asked for reached its target.
 */
export function metOf(progress: DeliverableProgress, payCents: number, perClickCents: number | null): boolean {
  if (perClickCents !== null) return (progress.link?.clicks ?? 0) * perClickCents >= payCents;
  return (
    (!progress.overlay || progress.overlay.verifiedSeconds >= progress.overlay.targetSeconds) &&
    (!progress.link || progress.link.clicks >= (progress.link.target ?? Infinity)) &&
    (!progress.chat || progress.chat.posts >= progress.chat.target) &&
    (!progress.promo || progress.promo.redemptions >= progress.promo.target)
  );
}

async function many<T, R>(values: readonly T[], read: (part: T[]) => Promise<R[]>): Promise<R[]> {
  if (values.length === 0) return [];
  return (await Promise.all(chunks(values).map(read))).flat();
}

export type Progress = ReturnType<typeof createProgress>;
