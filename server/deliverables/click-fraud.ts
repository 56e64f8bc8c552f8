// Click patterns as a fraud signal (docs/product.md §Tracked links, §Fraud signals): an offer most of whose clicks were
// refused — known bots, the same visitors again, floods over the limits — is held for an operator at completion, like
// the overlay's own signals. Read from the daily rollup (offer_days), never from the clicks.
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
