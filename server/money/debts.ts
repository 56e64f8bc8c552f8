// What advertisers owe Castbridge for card disputes (docs/product.md §Card disputes). A dispute holds what the
// advertiser's free balance covers (./card-disputes.ts); the rest Stripe has taken back from Castbridge all the same,
// so it is a debt in the ledger: `dispute_owed` posts it to the advertiser's `advertiser_owed` account, below zero.
// Every cent that becomes free for the advertiser afterwards — a campaign's release, a deposit, a refund that failed,
// a review that returned pay, a won dispute's return — pays the debt first (creditAdvertiser), recorded on the
// disputes oldest first (card_disputes.recovered_cents); only the rest reaches the free balance. While anything is
// owed, refunds and launches are refused with the reason and the amount (refuseWhileOwed).
//
// Every writer of a debt takes the advertiser's balance row first (lockAdvertiser), then reads the disputes: two
// transactions never split the same free cents, and the rows are taken in the ledger's own order (advertiser_balance
// before advertiser_owed), so no two of them wait on each other.
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';
import { HttpError } from '../http/errors.ts';
import { money } from '../http/texts.ts';
import { advertiserBalance, advertiserOwed, type Leg } from './ledger.ts';
import { moneyProblems } from './problems.ts';

export interface Owed {
  disputeId: string;
  status: 'open' | 'lost';
  /** What is still owed for this dispute: amount − held − recovered. */
  owedCents: number;
}

/**
 * Takes the advertiser's balance row for the rest of the transaction (an UPDATE that changes nothing) and returns the
 * free balance; 0 when the advertiser has no balance yet (then nothing is owed either).
 */
export async function lockAdvertiser(trx: Kysely<Database>, advertiserId: string): Promise<number> {
  const { kind, ownerId } = advertiserBalance(advertiserId);
  const row = await trx
    .updateTable('ledger_accounts')
    .set((eb) => ({ balance_cents: eb.ref('balance_cents') }))
    .where('kind', '=', kind)
    .where('owner_id', '=', ownerId)
    .returning('balance_cents')
    .executeTakeFirst();
  return Number(row?.balance_cents ?? 0);
}

/** What the advertiser still owes, dispute by dispute (oldest first); only those with something owed. */
export async function owedFor(executor: Kysely<Database>, advertiserId: string): Promise<Owed[]> {
  const rows = await executor
    .selectFrom('card_disputes')
    .select(['id', 'status', 'amount_cents', 'held_cents', 'recovered_cents'])
    .where('advertiser_id', '=', advertiserId)
    .where('status', 'in', ['open', 'lost'])
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows
    .map((row) => ({
      disputeId: row.id,
      status: row.status as 'open' | 'lost',
      owedCents: Number(row.amount_cents) - Number(row.held_cents) - Number(row.recovered_cents),
    }))
    .filter((row) => row.owedCents > 0);
}

/** The total owed and whether a dispute behind it is still open (null when nothing is owed). */
export async function debtOf(
  executor: Kysely<Database>,
  advertiserId: string,
): Promise<{ owedCents: number; disputeOpen: boolean } | null> {
  const owed = await owedFor(executor, advertiserId);
  if (owed.length === 0) return null;
  return {
    owedCents: owed.reduce((sum, row) => sum + row.owedCents, 0),
    disputeOpen: owed.some((row) => row.status === 'open'),
  };
}

/**
 * The legs that credit the advertiser with `amountCents` that became free, inside `trx`: what they owe first (each
 * dispute's recovery recorded, oldest first), the rest to the free balance. The caller adds them to its transfer, in
 * the same transaction. Legs of zero are left out.
 */
export async function creditAdvertiser(
  trx: Kysely<Database>,
  advertiserId: string,
  amountCents: number,
): Promise<{ legs: Leg[]; recoveredCents: number }> {
  if (amountCents <= 0) return { legs: [], recoveredCents: 0 };
  await lockAdvertiser(trx, advertiserId);
  let rest = amountCents;
  let recovered = 0;
  for (const row of await owedFor(trx, advertiserId)) {
    if (rest === 0) break;
    const take = Math.min(rest, row.owedCents);
    await trx
      .updateTable('card_disputes')
      .set((eb) => ({ recovered_cents: eb('recovered_cents', '+', take) }))
      .where('id', '=', row.disputeId)
      .execute();
    rest -= take;
    recovered += take;
  }
  const legs: Leg[] = [];
  if (rest > 0) legs.push({ account: advertiserBalance(advertiserId), amountCents: rest });
  if (recovered > 0) legs.push({ account: advertiserOwed(advertiserId), amountCents: recovered });
  return { legs, recoveredCents: recovered };
}

/** Refuses (409) what must wait while the advertiser owes for a card dispute: a refund, a launch. */
export async function refuseWhileOwed(trx: Kysely<Database>, advertiserId: string): Promise<void> {
  await lockAdvertiser(trx, advertiserId);
  const debt = await debtOf(trx, advertiserId);
  if (debt)
    throw new HttpError(
      409,
      moneyProblems.debt_owed.with({ owed: money(debt.owedCents), disputeOpen: debt.disputeOpen ? 'yes' : 'no' }),
    );
}
