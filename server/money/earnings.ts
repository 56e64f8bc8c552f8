// The Earnings screen's figures (issue 14), computed from the ledger: per period (All Over, This Year, This Month,
// in UTC) what the creator earned — through the overlay's proof of display ("Earning Through OBS Extension") and
// through deliveries the advertiser confirmed ("Earning Through Sponserships") — and the balances now.
import type { Kysely } from 'kysely';
import type { Earnings } from '../../contract/schemas/money.ts';
import type { Database } from '../db/types.ts';
import { balanceOf, creatorAvailable, creatorInPayout, EARNING_KINDS } from './ledger.ts';

export async function earningsOf(db: Kysely<Database>, creatorId: string, minPayoutCents: number, now = new Date()): Promise<Earnings> {
  const iso = now.toISOString();
  const yearStart = `${iso.slice(0, 4)}-01-01T00:00:00.000Z`;
  const monthStart = `${iso.slice(0, 7)}-01T00:00:00.000Z`;
  const rows = await db
    .selectFrom('ledger_entries')
    .innerJoin('ledger_accounts', 'ledger_accounts.id', 'ledger_entries.account_id')
    .innerJoin('ledger_transfers', 'ledger_transfers.id', 'ledger_entries.transfer_id')
    .select((eb) => [
      'ledger_transfers.kind as kind',
      eb.fn.sum<number | string>('ledger_entries.amount_cents').as('all'),
      eb.fn.sum<number | string>(eb.case().when('ledger_transfers.created_at', '>=', yearStart).then(eb.ref('ledger_entries.amount_cents')).else(0).end()).as('year'),
      eb.fn.sum<number | string>(eb.case().when('ledger_transfers.created_at', '>=', monthStart).then(eb.ref('ledger_entries.amount_cents')).else(0).end()).as('month'),
    ])
    .where('ledger_accounts.kind', '=', 'creator_available')
    .where('ledger_accounts.owner_id', '=', creatorId)
    .where('ledger_transfers.kind', 'in', EARNING_KINDS)
    .groupBy('ledger_transfers.kind')
    .execute();
  const sum = (kind: (typeof EARNING_KINDS)[number], column: 'all' | 'year' | 'month') => Number(rows.find((row) => row.kind === kind)?.[column] ?? 0);
  const period = (column: 'all' | 'year' | 'month') => {
    const overlayCents = sum('overlay_earning', column);
    const sponsorshipCents = sum('earning', column);
    return { totalCents: overlayCents + sponsorshipCents, overlayCents, sponsorshipCents };
  };
  const [availableCents, inPayoutCents] = await Promise.all([balanceOf(db, creatorAvailable(creatorId)), balanceOf(db, creatorInPayout(creatorId))]);
  return { periods: { allOver: period('all'), thisYear: period('year'), thisMonth: period('month') }, availableCents, inPayoutCents, minPayoutCents };
}
