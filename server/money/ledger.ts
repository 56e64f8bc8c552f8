// The ledger (docs/product.md §Money, docs/product.md "Ledger"): double entry in integer cents (USD), immutable transfers inside
// database transactions. A transfer's legs sum to zero. Each leg is one conditional UPDATE of its account's cached
// balance (balance + amount, version + 1, and only while an account that must not go negative stays ≥ 0), so the
// check happens inside the transaction under the row's lock: concurrent writers neither lose an update nor overdraw
// (PostgreSQL re-evaluates the condition on the row's newest version; SQLite runs one writer at a time). Legs are
// applied in one fixed order of accounts (kind, then owner) so that two transfers never wait on each other's rows.
import type { Kysely } from 'kysely';
import type { Database, LedgerAccountKind } from '../db/types.ts';

export interface AccountRef {
  kind: LedgerAccountKind;
  /** The advertiser, creator or campaign; '' for the platform's own accounts. */
  ownerId: string;
}

export interface Leg {
  account: AccountRef;
  /** What the transfer adds to the account, in cents; negative takes from it. */
  amountCents: number;
}

/**
 * deposit: outside → advertiser; reserve / release: advertiser ⇄ campaign; earning (the advertiser confirmed
 * delivery), overlay_earning (the overlay proved it) and deliverable_earning (tracked clicks, bot posts, redemptions
 * proved it): campaign → creator (and fee); payout_hold: creator
 * available → in payout; payout_paid: in payout → outside; payout_return: in payout → available; refund_hold:
 * advertiser balance → refunding; refund_paid: refunding → outside; refund_return: refunding → balance; dispute_hold:
 * advertiser balance → disputed; dispute_owed: what a dispute's hold could not cover, taken by Stripe (outside) and
 * owed by the advertiser (advertiser_owed goes below zero); dispute_won: disputed → balance, the debt cancelled;
 * dispute_lost: disputed → outside; correction.
 * (A card deposit is a `deposit` with a third leg: Stripe's fee to processing_fees.) Whatever credits an advertiser's
 * free balance pays what they owe first (./debts.ts): an `advertiser_owed` leg beside the balance's.
 */
export type TransferKind =
  | 'deposit'
  | 'reserve'
  | 'release'
  | 'earning'
  | 'overlay_earning'
  | 'deliverable_earning'
  | 'payout_hold'
  | 'payout_paid'
  | 'payout_return'
  | 'review_release'
  | 'review_resolution'
  | 'refund_hold'
  | 'refund_paid'
  | 'refund_return'
  | 'dispute_hold'
  | 'dispute_owed'
  | 'dispute_won'
  | 'dispute_lost'
  | 'correction';

export const EARNING_KINDS = [
  'earning',
  'overlay_earning',
  'deliverable_earning',
] as const satisfies readonly TransferKind[];

export interface TransferInput {
  kind: TransferKind;
  /** A transfer with a key happens once: posting the same key again returns the first transfer. */
  key?: string;
  memo: string;
  createdBy?: string | null;
  legs: Leg[];
  /** When it happened (ISO); now unless given (the demo seed writes a past history). */
  at?: string;
}

/** The world outside (deposits come from it, payouts go to it): the only accounts that may go negative. */
export const EXTERNAL: AccountRef = { kind: 'external', ownerId: '' };
export const PLATFORM_FEES: AccountRef = { kind: 'platform_fees', ownerId: '' };

/** An advertiser's funds free to reserve. */
export const advertiserBalance = (advertiserId: string): AccountRef => ({
  kind: 'advertiser_balance',
  ownerId: advertiserId,
});
/** An advertiser's funds held by a refund on its way (docs/product.md §Self-serve money). */
export const advertiserRefunding = (advertiserId: string): AccountRef => ({
  kind: 'advertiser_refunding',
  ownerId: advertiserId,
});
/** An advertiser's funds an open card dispute holds until Stripe's outcome. */
export const advertiserDisputed = (advertiserId: string): AccountRef => ({
  kind: 'advertiser_disputed',
  ownerId: advertiserId,
});
/**
 * What an advertiser owes Castbridge for card disputes (docs/product.md §Card disputes): the part of a disputed payment
 * their free balance could not hold, which Stripe took back from Castbridge. Kept below zero (a receivable): never
 * above it, so paying it back never overshoots. ./debts.ts credits it before the free balance.
 */
export const advertiserOwed = (advertiserId: string): AccountRef => ({
  kind: 'advertiser_owed',
  ownerId: advertiserId,
});
/** What advertisers paid for Stripe's processing fees (Stripe keeps them). */
export const PROCESSING_FEES: AccountRef = { kind: 'processing_fees', ownerId: '' };
/** What a launched campaign holds for its creators' pay. */
export const campaignReserve = (campaignId: string): AccountRef => ({ kind: 'campaign_reserve', ownerId: campaignId });
/** A creator's earnings in their review window or held (docs/product.md §Verified delivery): not withdrawable yet. */
export const creatorPending = (creatorId: string): AccountRef => ({ kind: 'creator_pending', ownerId: creatorId });
/** A creator's withdrawable earnings. */
export const creatorAvailable = (creatorId: string): AccountRef => ({ kind: 'creator_available', ownerId: creatorId });
/** A creator's earnings held by payouts on their way. */
export const creatorInPayout = (creatorId: string): AccountRef => ({ kind: 'creator_in_payout', ownerId: creatorId });

/** The outside world, and a debt (which goes below zero, never above it). */
const mayGoNegative = (kind: LedgerAccountKind) => kind === 'external' || kind === 'advertiser_owed';
const isDebt = (kind: LedgerAccountKind) => kind === 'advertiser_owed';

/** A leg would take an account that must not go negative below zero; the transaction rolls back. */
export class InsufficientFunds extends Error {
  override name = 'InsufficientFunds';
  constructor(
    readonly account: AccountRef,
    readonly balanceCents: number,
    readonly amountCents: number,
  ) {
    super(
      `${account.kind} ${account.ownerId || '(platform)'} holds ${balanceCents} cents; ${-amountCents} cents cannot be taken from it`,
    );
  }
}

/** A transfer that is not a valid double entry (a programming error, never a user's). */
export class InvalidTransfer extends Error {
  override name = 'InvalidTransfer';
}

function validate(input: TransferInput): void {
  if (input.legs.length < 2) throw new InvalidTransfer('a transfer has at least two legs');
  let sum = 0;
  for (const leg of input.legs) {
    if (!Number.isSafeInteger(leg.amountCents) || leg.amountCents === 0)
      throw new InvalidTransfer(`a leg moves a non-zero whole number of cents, not ${leg.amountCents}`);
    sum += leg.amountCents;
  }
  if (sum !== 0) throw new InvalidTransfer(`a transfer's legs sum to zero, these sum to ${sum}`);
}

/** The account's balance in cents (0 for an account that has never been used). */
export async function balanceOf(executor: Kysely<Database>, ref: AccountRef): Promise<number> {
  const row = await executor
    .selectFrom('ledger_accounts')
    .select('balance_cents')
    .where('kind', '=', ref.kind)
    .where('owner_id', '=', ref.ownerId)
    .executeTakeFirst();
  return Number(row?.balance_cents ?? 0);
}

const byAccount = (a: Leg, b: Leg): number => {
  if (a.account.kind !== b.account.kind) return a.account.kind < b.account.kind ? -1 : 1;
  return a.account.ownerId < b.account.ownerId ? -1 : a.account.ownerId > b.account.ownerId ? 1 : 0;
};

/**
 * Adds the leg to its account's balance (and counts it in the version) unless that would take an account that must
 * not go negative below zero, or a debt above zero; creates the account on its first use. The account's id, or null
 * when refused.
 */
async function applyLeg(trx: Kysely<Database>, leg: Leg): Promise<number | null> {
  const { kind, ownerId } = leg.account;
  const update = () =>
    trx
      .updateTable('ledger_accounts')
      .set((eb) => ({ balance_cents: eb('balance_cents', '+', leg.amountCents), version: eb('version', '+', 1) }))
      .where('kind', '=', kind)
      .where('owner_id', '=', ownerId)
      .where((eb) =>
        isDebt(kind)
          ? eb(eb('balance_cents', '+', leg.amountCents), '<=', 0)
          : eb.or([eb('may_go_negative', '=', 1), eb(eb('balance_cents', '+', leg.amountCents), '>=', 0)]),
      )
      .returning('id')
      .executeTakeFirst();
  const applied = await update();
  if (applied) return Number(applied.id);
  // Refused, or the account does not exist yet. A new account holds 0: taking from it is refused all the same.
  if (leg.amountCents < 0 && !mayGoNegative(kind)) return null;
  if (leg.amountCents > 0 && isDebt(kind)) return null;
  const created = await trx
    .insertInto('ledger_accounts')
    .values({
      kind,
      owner_id: ownerId,
      may_go_negative: mayGoNegative(kind) ? 1 : 0,
      balance_cents: leg.amountCents,
      version: 1,
      created_at: new Date().toISOString(),
    })
    .onConflict((oc) => oc.columns(['kind', 'owner_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (created) return Number(created.id);
  // Another transaction created it first (PostgreSQL waited for it to commit): it exists now.
  const again = await update();
  return again ? Number(again.id) : null;
}

/**
 * Posts a transfer inside `trx` (the caller's transaction: its other writes commit or roll back with it). Throws
 * InsufficientFunds when a leg would overdraw an account; the caller's transaction must then roll back.
 */
export async function postTransfer(
  trx: Kysely<Database>,
  input: TransferInput,
): Promise<{ transferId: number; created: boolean }> {
  validate(input);
  const stamp = input.at ?? new Date().toISOString();
  const inserted = await trx
    .insertInto('ledger_transfers')
    .values({
      kind: input.kind,
      key: input.key ?? null,
      memo: input.memo,
      created_by: input.createdBy ?? null,
      created_at: stamp,
    })
    .onConflict((oc) => oc.column('key').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) {
    const existing = await trx
      .selectFrom('ledger_transfers')
      .select('id')
      .where('key', '=', input.key!)
      .executeTakeFirstOrThrow();
    return { transferId: Number(existing.id), created: false };
  }
  const transferId = Number(inserted.id);
  // Each leg is one statement: the conditional UPDATE finds the account by its (kind, owner) key, so no lookup of
  // its id comes first; an account's first use inserts it with the leg already applied. Legs go in (kind, owner)
  // order: two transfers touching the same accounts always take their rows in the same order.
  const legs: (Leg & { id: number })[] = [];
  for (const leg of [...input.legs].sort(byAccount)) {
    const id = await applyLeg(trx, leg);
    if (id === null) throw new InsufficientFunds(leg.account, await balanceOf(trx, leg.account), leg.amountCents);
    legs.push({ ...leg, id });
  }
  await trx
    .insertInto('ledger_entries')
    .values(legs.map((leg) => ({ transfer_id: transferId, account_id: leg.id, amount_cents: leg.amountCents })))
    .execute();
  return { transferId, created: true };
}

export interface LedgerReport {
  accounts: number;
  transfers: number;
  entries: number;
  /** Every broken invariant, one line each; empty when the ledger is sound. */
  breaches: string[];
}

/** Verifies every invariant of the ledger (what `npm run ledger -- check` prints). */
export async function checkLedger(db: Kysely<Database>): Promise<LedgerReport> {
  const breaches: string[] = [];
  const count = async (table: 'ledger_accounts' | 'ledger_transfers' | 'ledger_entries') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  // 1. Each transfer is a double entry: at least two entries, summing to zero.
  const unbalanced = await db
    .selectFrom('ledger_transfers')
    .leftJoin('ledger_entries', 'ledger_entries.transfer_id', 'ledger_transfers.id')
    .select((eb) => [
      'ledger_transfers.id as id',
      eb.fn.count<number | string>('ledger_entries.id').as('legs'),
      eb.fn.coalesce(eb.fn.sum<number | string>('ledger_entries.amount_cents'), eb.lit(0)).as('total'),
    ])
    .groupBy('ledger_transfers.id')
    .having((eb) =>
      eb.or([
        eb(eb.fn.count('ledger_entries.id'), '<', 2),
        eb(eb.fn.coalesce(eb.fn.sum('ledger_entries.amount_cents'), eb.lit(0)), '!=', 0),
      ]),
    )
    .orderBy('ledger_transfers.id')
    .execute();
  for (const row of unbalanced)
    breaches.push(
      `transfer ${row.id}: ${row.legs} entries summing to ${row.total} cents (a double entry has ≥ 2 summing to 0)`,
    );

  // 2. Each cached balance equals the sum of its entries, and its version their number.
  const accounts = await db
    .selectFrom('ledger_accounts')
    .leftJoin('ledger_entries', 'ledger_entries.account_id', 'ledger_accounts.id')
    .select((eb) => [
      'ledger_accounts.id as id',
      'ledger_accounts.kind as kind',
      'ledger_accounts.owner_id as owner_id',
      'ledger_accounts.may_go_negative as may_go_negative',
      'ledger_accounts.balance_cents as balance_cents',
      'ledger_accounts.version as version',
      eb.fn.count<number | string>('ledger_entries.id').as('entries'),
      eb.fn.coalesce(eb.fn.sum<number | string>('ledger_entries.amount_cents'), eb.lit(0)).as('total'),
    ])
    .groupBy([
      'ledger_accounts.id',
      'ledger_accounts.kind',
      'ledger_accounts.owner_id',
      'ledger_accounts.may_go_negative',
      'ledger_accounts.balance_cents',
      'ledger_accounts.version',
    ])
    .orderBy('ledger_accounts.id')
    .execute();
  for (const row of accounts) {
    const name = `account ${row.id} (${row.kind} ${row.owner_id || 'platform'})`;
    const balance = Number(row.balance_cents);
    if (balance !== Number(row.total))
      breaches.push(`${name}: balance ${balance} cents, its entries sum to ${row.total}`);
    if (Number(row.version) !== Number(row.entries))
      breaches.push(`${name}: version ${row.version}, ${row.entries} entries posted`);
    // 3. Only the outside world may go negative.
    if (Number(row.may_go_negative) !== (mayGoNegative(row.kind) ? 1 : 0))
      breaches.push(`${name}: may_go_negative is ${row.may_go_negative} for a ${row.kind} account`);
    if (!mayGoNegative(row.kind) && balance < 0) breaches.push(`${name}: negative balance ${balance} cents`);
    if (isDebt(row.kind) && balance > 0) breaches.push(`${name}: a debt above zero, ${balance} cents`);
  }

  // 4. A creator's pending balance is exactly their earnings still in review (pending, held or disputed:
  // server/money/reviews.ts): a release or a resolution moves the money and closes the review together.
  const pending = new Map<string, number>();
  for (const row of accounts) if (row.kind === 'creator_pending') pending.set(row.owner_id, Number(row.balance_cents));
  const open = await db
    .selectFrom('earning_reviews')
    .select((eb) => ['creator_id', eb.fn.sum<number | string>('earned_cents').as('earned')])
    .where('status', 'in', ['pending', 'held', 'disputed'])
    .groupBy('creator_id')
    .execute();
  const inReview = new Map(open.map((row) => [row.creator_id, Number(row.earned ?? 0)]));
  for (const creatorId of new Set([...pending.keys(), ...inReview.keys()])) {
    const balance = pending.get(creatorId) ?? 0;
    const earned = inReview.get(creatorId) ?? 0;
    if (balance !== earned)
      breaches.push(
        `creator ${creatorId}: pending balance ${balance} cents, their open reviews' earnings sum to ${earned}`,
      );
  }

  // 5. Self-serve money (docs/product.md §Self-serve money, server/money/refunds.ts, card-disputes.ts, deposits.ts):
  // an advertiser's refunding balance is exactly their refund pieces still open, their disputed balance exactly what
  // their open card disputes hold; the processing fees are exactly the fees of the card deposits that succeeded.
  const perOwner = (kind: LedgerAccountKind) => {
    const balances = new Map<string, number>();
    for (const row of accounts) if (row.kind === kind) balances.set(row.owner_id, Number(row.balance_cents));
    return balances;
  };
  const compare = (kind: LedgerAccountKind, expected: Map<string, number>, what: string) => {
    const balances = perOwner(kind);
    for (const owner of new Set([...balances.keys(), ...expected.keys()])) {
      const balance = balances.get(owner) ?? 0;
      const sum = expected.get(owner) ?? 0;
      if (balance !== sum)
        breaches.push(`${kind} ${owner || 'platform'}: balance ${balance} cents, ${what} sum to ${sum}`);
    }
  };
  const openRefunds = await db
    .selectFrom('refunds')
    .select((eb) => ['advertiser_id', eb.fn.sum<number | string>('amount_cents').as('total')])
    .where('status', 'in', ['requested', 'processing'])
    .groupBy('advertiser_id')
    .execute();
  compare(
    'advertiser_refunding',
    new Map(openRefunds.map((row) => [row.advertiser_id, Number(row.total ?? 0)])),
    'their open refunds',
  );
  const openDisputes = await db
    .selectFrom('card_disputes')
    .select((eb) => ['advertiser_id', eb.fn.sum<number | string>('held_cents').as('total')])
    .where('status', '=', 'open')
    .groupBy('advertiser_id')
    .execute();
  compare(
    'advertiser_disputed',
    new Map(openDisputes.map((row) => [row.advertiser_id, Number(row.total ?? 0)])),
    'their open card disputes hold',
  );
  const fees = await db
    .selectFrom('card_deposits')
    .select((eb) => eb.fn.sum<number | string>('fee_cents').as('total'))
    .where('status', '=', 'succeeded')
    .executeTakeFirstOrThrow();
  compare('processing_fees', new Map([['', Number(fees.total ?? 0)]]), 'the succeeded card deposits’ fees');

  // 6. A succeeded card deposit has its ledger deposit; what refunds gave back of it is the sum of its succeeded
  // Stripe pieces, never more than its amount.
  const deposits = await db
    .selectFrom('card_deposits')
    .leftJoin('refunds', (join) =>
      join
        .onRef('refunds.deposit_id', '=', 'card_deposits.id')
        .on('refunds.status', '=', 'succeeded')
        .on('refunds.rail', '=', 'stripe'),
    )
    .select((eb) => [
      'card_deposits.id as id',
      'card_deposits.status as status',
      'card_deposits.transfer_id as transfer_id',
      'card_deposits.amount_cents as amount_cents',
      'card_deposits.refunded_cents as refunded_cents',
      eb.fn.coalesce(eb.fn.sum<number | string>('refunds.amount_cents'), eb.lit(0)).as('refunds'),
    ])
    .groupBy([
      'card_deposits.id',
      'card_deposits.status',
      'card_deposits.transfer_id',
      'card_deposits.amount_cents',
      'card_deposits.refunded_cents',
    ])
    .execute();
  for (const row of deposits) {
    if ((row.status === 'succeeded') !== (row.transfer_id !== null))
      breaches.push(
        `card deposit ${row.id}: ${row.status} with ${row.transfer_id === null ? 'no' : 'a'} ledger deposit`,
      );
    if (Number(row.refunded_cents) !== Number(row.refunds))
      breaches.push(
        `card deposit ${row.id}: refunded ${row.refunded_cents} cents, its succeeded refunds sum to ${row.refunds}`,
      );
    if (Number(row.refunded_cents) > Number(row.amount_cents))
      breaches.push(`card deposit ${row.id}: refunded ${row.refunded_cents} cents of ${row.amount_cents}`);
  }

  // 7. What advertisers owe for card disputes (./debts.ts): an advertiser_owed balance is minus what their open and
  // lost disputes could not hold and has not been recovered since (a won dispute's debt is cancelled); and while
  // anything is owed their free balance is empty, since every cent that became free paid the debt first. An owed
  // amount released to the balance instead breaks one or the other.
  const disputes = await db
    .selectFrom('card_disputes')
    .select(['id', 'advertiser_id', 'status', 'amount_cents', 'held_cents', 'recovered_cents'])
    .execute();
  const owedBy = new Map<string, number>();
  for (const row of disputes) {
    const unheld = Number(row.amount_cents) - Number(row.held_cents);
    const recovered = Number(row.recovered_cents);
    if (recovered < 0 || recovered > Math.max(0, unheld))
      breaches.push(`card dispute ${row.id}: ${recovered} cents recovered of ${Math.max(0, unheld)} it could not hold`);
    if (row.status === 'won') continue;
    owedBy.set(row.advertiser_id, (owedBy.get(row.advertiser_id) ?? 0) - (unheld - recovered));
  }
  compare('advertiser_owed', owedBy, 'minus what their disputes could not hold and was not recovered');
  const free = perOwner('advertiser_balance');
  for (const [owner, owed] of perOwner('advertiser_owed'))
    if (owed < 0 && (free.get(owner) ?? 0) !== 0)
      breaches.push(
        `advertiser ${owner}: free balance ${free.get(owner)} cents while ${-owed} cents are owed for card disputes (free money pays the debt first)`,
      );

  return {
    accounts: await count('ledger_accounts'),
    transfers: await count('ledger_transfers'),
    entries: await count('ledger_entries'),
    breaches,
  };
}
