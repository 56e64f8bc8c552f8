// The evidence of one offer, per deliverable its campaign asks for (GET /api/offers/:id/evidence, docs/product.md
// §Deliverables): overlay seconds verified against the target; the tracked link's counted clicks and the refused ones by
// why, in total and per UTC day (the daily rollup, offer_days: ./days.ts); the promo code's redemptions with their order
// ids; the bot's posts with the platform's message ids (./bot.ts botPosts). A deliverable the campaign does not ask for
// is null. The proof report (server/overlay/proof.ts) and the operator's reviews (server/operator/routes.ts) carry the
// same. Its creator and its campaign's advertiser read it, and operators; for anyone else the offer does not exist.
import type { Kysely } from 'kysely';
import type { OfferEvidence } from '../../contract/schemas/deliverables.ts';
import type { Database } from '../db/types.ts';
import { HttpError } from '../http/errors.ts';
import { marketplaceProblems } from '../marketplace/problems.ts';
import { botPosts } from './bot.ts';
import type { Progress } from './progress.ts';

/** The most redemptions listed (newest first); the total says how many there are. */
export const EVIDENCE_REDEMPTIONS = 200;

export interface EvidenceDeps {
  db: Kysely<Database>;
  progress: Pick<Progress, 'factsOf'>;
}

/** Whether `party` may read the offer's evidence: its creator, its campaign's advertiser, or an operator. */
async function mayRead(db: Kysely<Database>, party: { userId: string; role: string }, offerId: string) {
  if (party.role === 'operator') return true;
  if (party.role !== 'creator' && party.role !== 'advertiser') return false;
  const row = await db
    .selectFrom('offers')
    .innerJoin('campaigns', 'campaigns.id', 'offers.campaign_id')
    .select('offers.id')
    .where('offers.id', '=', offerId)
    .where(party.role === 'creator' ? 'offers.creator_id' : 'campaigns.advertiser_id', '=', party.userId)
    .executeTakeFirst();
  return row !== undefined;
}

export function createEvidence(deps: EvidenceDeps) {
  const { db } = deps;

  /** The offer's evidence; null for an unknown offer. Whoever asks has been authorised. */
  async function of(offerId: string): Promise<OfferEvidence | null> {
    const fact = (await deps.progress.factsOf([offerId])).get(offerId);
    if (!fact) return null;
    const { progress } = fact;
    const [days, redemptions, total, posts, postCount] = await Promise.all([
      progress.link
        ? db
            .selectFrom('offer_days')
            .select(['day', 'clicks', 'clicks_bot', 'clicks_repeat', 'clicks_limited', 'clicks_inactive'])
            .where('offer_id', '=', offerId)
            .orderBy('day')
            .execute()
        : [],
      progress.promo
        ? db
            .selectFrom('promo_redemptions')
            .select(['order_id', 'code', 'amount_cents', 'redeemed_at', 'counted', 'source'])
            .where('offer_id', '=', offerId)
            .orderBy('redeemed_at', 'desc')
            .orderBy('order_id', 'desc')
            .limit(EVIDENCE_REDEMPTIONS)
            .execute()
        : [],
      progress.promo
        ? db
            .selectFrom('promo_redemptions')
            .select((eb) => eb.fn.countAll<number | string>().as('n'))
            .where('offer_id', '=', offerId)
            .executeTakeFirst()
        : undefined,
      progress.chat ? botPosts(db, offerId) : [],
      progress.chat
        ? db
            .selectFrom('bot_posts')
            .select((eb) => eb.fn.countAll<number | string>().as('n'))
            .where('offer_id', '=', offerId)
            .executeTakeFirst()
        : undefined,
    ]);
    const clickDays = days
      .map((row) => ({
        day: row.day,
        counted: Number(row.clicks),
        bot: Number(row.clicks_bot),
        repeat: Number(row.clicks_repeat),
        limited: Number(row.clicks_limited),
        inactive: Number(row.clicks_inactive),
      }))
      // Days of redemptions or bot posts alone have no click.
      .filter((day) => day.counted + day.bot + day.repeat + day.limited + day.inactive > 0);
    const sum = (key: 'bot' | 'repeat' | 'limited' | 'inactive') =>
      clickDays.reduce((total, day) => total + day[key], 0);
    return {
      offerId,
      overlay: progress.overlay
        ? { verifiedSeconds: progress.overlay.verifiedSeconds, targetSeconds: progress.overlay.targetSeconds }
        : null,
      link: progress.link
        ? {
            url: progress.link.url,
            counted: progress.link.clicks,
            target: progress.link.target,
            refused: { bot: sum('bot'), repeat: sum('repeat'), limited: sum('limited'), inactive: sum('inactive') },
            days: clickDays,
          }
        : null,
      promo: progress.promo
        ? {
            code: progress.promo.code,
            counted: progress.promo.redemptions,
            target: progress.promo.target,
            total: Number(total?.n ?? 0),
            redemptions: redemptions.map((row) => ({
              orderId: row.order_id,
              code: row.code,
              amountCents: row.amount_cents === null ? null : Number(row.amount_cents),
              redeemedAt: new Date(Number(row.redeemed_at)).toISOString(),
              counted: Number(row.counted) !== 0,
              source: row.source,
            })),
          }
        : null,
      chat: progress.chat
        ? {
            sent: progress.chat.posts,
            target: progress.chat.target,
            total: Number(postCount?.n ?? 0),
            posts,
          }
        : null,
    };
  }

  return {
    of,

    /** The offer's evidence for `party` (404 when it is not theirs, or does not exist). */
    async forParty(party: { userId: string; role: string }, offerId: string): Promise<OfferEvidence> {
      const evidence = (await mayRead(db, party, offerId)) ? await of(offerId) : null;
      if (!evidence) throw new HttpError(404, marketplaceProblems.offer_unknown);
      return evidence;
    },

    /** Many offers' evidence (the operator's queue), unknown ones left out. */
    async ofMany(offerIds: readonly string[]): Promise<Map<string, OfferEvidence>> {
      const result = new Map<string, OfferEvidence>();
      for (const offerId of offerIds) {
        const evidence = await of(offerId);
        if (evidence) result.set(offerId, evidence);
      }
      return result;
    },
  };
}

export type Evidence = ReturnType<typeof createEvidence>;
