// Click patterns as fraud signals (docs/product.md §Tracked links, §Fraud signals), each holding the offer's earning
// for an operator at completion like the overlay's own signals:
// - refused clicks: most of the offer's clicks were refused — known bots, the same visitors again, floods over the
//   limits. Read from the daily rollup (offer_days), never from the clicks.
// - concentrated clicks (issue 44): a few network addresses made most of the clicks by people on the offer's link
//   (counted or repeats) — a farm rotating user agents, or an address clicking all day. Read from link_addresses
//   (per link, day and hashed address); an address is known within its day only, so "an address" is one day's.
import type { Kysely } from 'kysely';
import type { HoldReason } from '../../contract/schemas/overlay.ts';
import type { Database } from '../db/types.ts';
import { offerTotals } from './days.ts';

/** Fewer clicks than this say nothing either way. */
export const FRAUD_MIN_CLICKS = 50;

/**
 * The offer's click hold reasons: one when its refused clicks (bot, repeat, limited; a click after the offer ended is
 * nobody's fraud) reach `fraudClickShare` of all its clicks, counted or refused, and there are at least 50.
 */
export async function clickSignals(
  db: Kysely<Database>,
  offerId: string,
  thresholds: { fraudClickShare: number; fraudClickAddresses: number; fraudClickAddressShare: number },
): Promise<HoldReason[]> {
  return [...(await refusedSignal(db, offerId, thresholds)), ...(await concentrationSignal(db, offerId, thresholds))];
}

async function refusedSignal(
  db: Kysely<Database>,
  offerId: string,
  thresholds: { fraudClickShare: number },
): Promise<HoldReason[]> {
  const totals = (await offerTotals(db, [offerId])).get(offerId);
  if (!totals) return [];
  const refused = totals.clicks_bot + totals.clicks_repeat + totals.clicks_limited;
  const all = totals.clicks + refused;
  if (all < FRAUD_MIN_CLICKS || refused === 0 || refused < thresholds.fraudClickShare * all) return [];
  return [
    {
      rule: 'clicks',
      detail: `${refused} of ${all} clicks on the tracked link were refused (bots, repeats, over the limits)`,
    },
  ];
}

/**
 * One hold reason when the offer's `fraudClickAddresses` busiest addresses (each on one UTC day) made more than
 * `fraudClickAddressShare` of the clicks by people on its link, with at least 50 such clicks.
 */
async function concentrationSignal(
  db: Kysely<Database>,
  offerId: string,
  thresholds: { fraudClickAddresses: number; fraudClickAddressShare: number },
): Promise<HoldReason[]> {
  const ofOffer = () =>
    db
      .selectFrom('link_addresses')
      .innerJoin('offer_links', 'offer_links.code', 'link_addresses.code')
      .where('offer_links.offer_id', '=', offerId);
  const total = await ofOffer()
    .select((eb) => [
      eb.fn.sum<string | number | null>('link_addresses.clicks').as('clicks'),
      eb.fn.countAll<string | number>().as('addresses'),
    ])
    .executeTakeFirst();
  const all = Number(total?.clicks ?? 0);
  if (all < FRAUD_MIN_CLICKS) return [];
  const busiest = await ofOffer()
    .select('link_addresses.clicks as clicks')
    .orderBy('link_addresses.clicks', 'desc')
    .limit(thresholds.fraudClickAddresses)
    .execute();
  const top = busiest.reduce((sum, row) => sum + Number(row.clicks), 0);
  if (top <= thresholds.fraudClickAddressShare * all) return [];
  const n = busiest.length;
  const percent = Math.round((top / all) * 100);
  const first = Number(busiest[0]?.clicks ?? 0);
  return [
    {
      rule: 'click_addresses',
      detail:
        `${n === 1 ? 'One network address' : `${n} network addresses`} made ${top} of the ${all} clicks by people on ` +
        `the tracked link (${percent}%${n > 1 ? `; the busiest ${first}` : ''}; ${Number(total?.addresses ?? 0)} ` +
        `addresses in all, each UTC day apart): a click farm, or a shared address such as an office or a mobile carrier`,
    },
  ];
}
