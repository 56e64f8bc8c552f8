// The demo's deliverables beyond the overlay (docs/product.md §Deliverables): the demo creator's accepted SwiftVPN
// offer asks for every kind. Its tracked link and promo code exist, the creator has let the bot post in their Twitch
// chat (the stand-in's), and the last days hold what a week of streams gathered — clicks counted once per visitor per
// day (the visitors' keyed hashes, as the click path stores them), a few refused, and redemptions from the shop — so
// that the offer card, the campaign page and the brand's report show real rows. The bot's own posts are not seeded:
// it posts when the demo channel goes live on the stand-in (its control page under /standin/).
import crypto from 'node:crypto';
import type { CastbridgeApp } from '../../server/app.ts';
import { bumpDay, utcDay } from '../../server/deliverables/days.ts';
import { ensureLink } from '../../server/deliverables/links.ts';

const DAY = 24 * 60 * 60 * 1000;
/** Counted clicks, refused ones and redemptions on each of the last days, oldest first. */
const WEEK = [
  { clicks: 21, bots: 3, repeats: 4, redemptions: 1 },
  { clicks: 34, bots: 5, repeats: 6, redemptions: 2 },
  { clicks: 18, bots: 2, repeats: 2, redemptions: 0 },
  { clicks: 41, bots: 7, repeats: 9, redemptions: 2 },
  { clicks: 27, bots: 4, repeats: 3, redemptions: 1 },
];

export async function seedDeliverables(
  castbridge: CastbridgeApp,
  offer: { offerId: string; campaignId: string; creatorId: string; brand: string },
): Promise<void> {
  const { db } = castbridge;
  const code = await ensureLink(db, offer);
  const now = Date.now();
  const promo = `ALEX-${offer.brand.replace(/[^A-Za-z]/g, '').toUpperCase()}`;
  await db
    .insertInto('promo_codes')
    .values({ offer_id: offer.offerId, campaign_id: offer.campaignId, code: promo, code_key: promo, created_at: now })
    .execute();
  const twitch = await db
    .selectFrom('connected_accounts')
    .select('id')
    .where('user_id', '=', offer.creatorId)
    .where('platform', '=', 'twitch')
    .executeTakeFirst();
  if (twitch)
    await db
      .insertInto('bot_consents')
      .values({ account_id: twitch.id, creator_id: offer.creatorId, granted_at: now })
      .execute();
  await db.transaction().execute(async (trx) => {
    let order = 1000;
    for (const [index, figures] of WEEK.entries()) {
      const dayStart = Date.parse(`${utcDay(now - (WEEK.length - index) * DAY)}T00:00:00Z`);
      const day = utcDay(dayStart);
      const at = (n: number) => dayStart + 18 * 3600_000 + n * 97_000;
      await trx
        .insertInto('link_clicks')
        .values(
          Array.from({ length: figures.clicks }, (_, n) => ({
            code,
            day,
            visitor: crypto.randomBytes(32).toString('hex'),
            at: at(n),
          })),
        )
        .execute();
      for (let n = 0; n < figures.redemptions; n++) {
        order += 1;
        await trx
          .insertInto('promo_redemptions')
          .values({
            campaign_id: offer.campaignId,
            order_id: `SV-${order}`,
            offer_id: offer.offerId,
            code: promo,
            amount_cents: 4_788,
            redeemed_at: at(n * 7),
            source: 'api',
            counted: 1,
            created_at: at(n * 7),
          })
          .execute();
      }
      await bumpDay(
        trx,
        { offerId: offer.offerId, campaignId: offer.campaignId, day },
        {
          clicks: figures.clicks,
          clicks_bot: figures.bots,
          clicks_repeat: figures.repeats,
          redemptions: figures.redemptions,
          redeemed_cents: figures.redemptions * 4_788,
        },
      );
    }
  });
}
