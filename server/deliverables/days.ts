// The daily rollup of what each offer's deliverables gathered (offer_days, docs/product.md §Deliverables). Whoever
// counts something — a click flush, a redemption, a bot post — adds to its day's row in the same transaction as the
// event's own row, so progress and the brand's report read a few hundred rows instead of every click.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/types.ts';

/** The counters of one offer_days row. */
export interface DayCounts {
  clicks?: number;
  clicks_bot?: number;
  clicks_repeat?: number;
  clicks_limited?: number;
  clicks_inactive?: number;
  redemptions?: number;
  redeemed_cents?: number;
  bot_posts?: number;
}

const COLUMNS = [
  'clicks',
  'clicks_bot',
  'clicks_repeat',
  'clicks_limited',
  'clicks_inactive',
  'redemptions',
  'redeemed_cents',
  'bot_posts',
] as const satisfies readonly (keyof DayCounts)[];

/** The UTC day (YYYY-MM-DD) of epoch milliseconds `ms`. */
export function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/**
 * Adds `counts` to the offer's row for `day` (creating it), inside the caller's transaction. The same statement on
 * SQLite and PostgreSQL: INSERT … ON CONFLICT (offer_id, day) DO UPDATE SET column = column + excluded.column.
 */
export async function bumpDay(
  trx: Kysely<Database>,
  key: { offerId: string; campaignId: string; day: string },
  counts: DayCounts,
): Promise<void> {
  if (await addDay(trx, key, counts)) await touchProgress(trx, [key.offerId]);
}

/**
 * Raises the offers-list revision (users.offers_rev, server/marketplace/offer-revisions.ts) of these offers' creators
 * and advertisers, inside the caller's transaction: their cached GET /api/offers answers carry each offer's progress,
 * so whatever changes it (a count, a pause, a code, a consent) says so. One statement whatever the offers.
 */
export async function touchProgress(trx: Kysely<Database>, offerIds: readonly string[]): Promise<void> {
  const ids = [...new Set(offerIds)];
  for (let from = 0; from < ids.length; from += 500) {
    const part = ids.slice(from, from + 500);
    await trx
      .updateTable('users')
      .set((eb) => ({ offers_rev: eb('offers_rev', '+', 1) }))
      .where((eb) =>
        eb.or([
          eb('id', 'in', eb.selectFrom('offers').select('offers.creator_id').where('offers.id', 'in', part)),
          eb(
            'id',
            'in',
            eb
              .selectFrom('offers')
              .innerJoin('campaigns', 'campaigns.id', 'offers.campaign_id')
              .select('campaigns.advertiser_id')
              .where('offers.id', 'in', part),
          ),
        ]),
      )
      .execute();
  }
}

/** Adds to one day's row; false when there was nothing to add. */
async function addDay(
  trx: Kysely<Database>,
  key: { offerId: string; campaignId: string; day: string },
  counts: DayCounts,
): Promise<boolean> {
  const present = COLUMNS.filter((column) => (counts[column] ?? 0) !== 0);
  if (present.length === 0) return false;
  const values = Object.fromEntries(present.map((column) => [column, counts[column]!]));
  await trx
    .insertInto('offer_days')
    .values({ offer_id: key.offerId, campaign_id: key.campaignId, day: key.day, ...values })
    .onConflict((oc) =>
      oc
        .columns(['offer_id', 'day'])
        .doUpdateSet(
          Object.fromEntries(
            present.map((column) => [column, sql`offer_days.${sql.ref(column)} + excluded.${sql.ref(column)}`]),
          ),
        ),
    )
    .execute();
  return true;
}

/** Many offers' and days' counts in one statement per row (a click flush's batch), the lists raised once. */
export async function bumpDays(
  trx: Kysely<Database>,
  rows: readonly { offerId: string; campaignId: string; day: string; counts: DayCounts }[],
): Promise<void> {
  const changed: string[] = [];
  for (const row of rows) if (await addDay(trx, row, row.counts)) changed.push(row.offerId);
  await touchProgress(trx, changed);
}

/** Sums of an offer's counters over every day (progress). */
export async function offerTotals(
  db: Kysely<Database>,
  offerIds: readonly string[],
): Promise<Map<string, Required<DayCounts>>> {
  const totals = new Map<string, Required<DayCounts>>();
  if (offerIds.length === 0) return totals;
  const rows = await db
    .selectFrom('offer_days')
    .select((eb) => ['offer_id', ...COLUMNS.map((column) => eb.fn.sum<number | string>(column).as(column))])
    .where('offer_id', 'in', offerIds)
    .groupBy('offer_id')
    .execute();
  for (const row of rows) {
    const record = row as unknown as Record<string, number | string | null> & { offer_id: string };
    totals.set(
      record.offer_id,
      Object.fromEntries(COLUMNS.map((column) => [column, Number(record[column] ?? 0)])) as Required<DayCounts>,
    );
  }
  return totals;
}
