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
  const present = COLUMNS.filter((column) => (counts[column] ?? 0) !== 0);
  if (present.length === 0) return;
  const values = Object.fromEntries(present.map((column) => [column, counts[column]!]));
  await trx
    .insertInto('offer_days')
    .values({ offer_id: key.offerId, campaign_id: key.campaignId, day: key.day, ...values })
    .onConflict((oc) =>
      oc.columns(['offer_id', 'day']).doUpdateSet(
        Object.fromEntries(
          present.map((column) => [column, sql`offer_days.${sql.ref(column)} + excluded.${sql.ref(column)}`]),
        ),
      ),
    )
    .execute();
}

/** Many offers' and days' counts in one statement per row (a click flush's batch). */
export async function bumpDays(
  trx: Kysely<Database>,
  rows: readonly { offerId: string; campaignId: string; day: string; counts: DayCounts }[],
): Promise<void> {
  for (const row of rows) await bumpDay(trx, row, row.counts);
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
    .select((eb) => [
      'offer_id',
      ...COLUMNS.map((column) => eb.fn.sum<number | string>(column).as(column)),
    ])
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
