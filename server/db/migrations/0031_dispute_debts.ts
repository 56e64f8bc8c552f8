// What an advertiser owes for a card dispute (docs/product.md §Card disputes, server/money/debts.ts): the part of a
// disputed payment their free balance could not hold is a debt in the ledger (an `advertiser_owed` account, below
// zero), paid back by every cent that becomes free for them afterwards. Each dispute keeps how much of its debt was
// recovered, oldest dispute first, so a won dispute returns what it held and recovered, and `ledger check` can tell
// an owed amount that was released to the balance instead.
//
// Disputes opened before this change owe without a ledger fact: each open or lost one's unheld amount is posted now
// (`dispute_owed`, as server/money/card-disputes.ts posts it), and whatever its advertiser has free pays it, as it
// would have had the debt been there (written here with the ledger's own rules: a migration cannot call the money
// domain).
import type { Generated, Kysely } from 'kysely';
import type { Dialect } from '../dialect.ts';

interface Tables {
  card_disputes: {
    id: string;
    advertiser_id: string;
    amount_cents: number | string;
    held_cents: number | string;
    recovered_cents: number | string;
    status: string;
    created_at: string;
  };
  ledger_accounts: {
    id: Generated<number | string>;
    kind: string;
    owner_id: string;
    may_go_negative: number;
    balance_cents: number | string;
    version: number;
    created_at: string;
  };
  ledger_transfers: {
    id: Generated<number | string>;
    kind: string;
    key: string | null;
    memo: string;
    created_by: string | null;
    created_at: string;
  };
  ledger_entries: { transfer_id: number | string; account_id: number | string; amount_cents: number };
}

export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable('card_disputes')
    .addColumn('recovered_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('card_disputes_advertiser')
    .on('card_disputes')
    .columns(['advertiser_id', 'status'])
    .execute();
  await backfillDebts(db);
}

/** Posts the debts of disputes that owe without a ledger fact (keyed per dispute: a second run posts nothing). */
export async function backfillDebts(db: Kysely<unknown>): Promise<void> {
  const data = db as unknown as Kysely<Tables>;
  const disputes = await data
    .selectFrom('card_disputes')
    .select(['id', 'advertiser_id', 'amount_cents', 'held_cents'])
    .where('status', 'in', ['open', 'lost'])
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const owing = disputes.filter((row) => Number(row.amount_cents) > Number(row.held_cents));
  if (owing.length === 0) return;
  const stamp = new Date().toISOString();
  // The migrator runs each migration in a transaction where the database has transactional DDL (PostgreSQL).
  const inTransaction = <T>(work: (trx: Kysely<Tables>) => Promise<T>) =>
    data.isTransaction ? work(data) : data.transaction().execute(work);
  await inTransaction(async (trx) => {
    const balance = async (kind: string, owner: string) =>
      Number(
        (
          await trx
            .selectFrom('ledger_accounts')
            .select('balance_cents')
            .where('kind', '=', kind)
            .where('owner_id', '=', owner)
            .executeTakeFirst()
        )?.balance_cents ?? 0,
      );
    const leg = async (kind: string, owner: string, amount: number) => {
      const found = await trx
        .selectFrom('ledger_accounts')
        .select(['id', 'balance_cents', 'version'])
        .where('kind', '=', kind)
        .where('owner_id', '=', owner)
        .executeTakeFirst();
      if (found) {
        await trx
          .updateTable('ledger_accounts')
          .set({ balance_cents: Number(found.balance_cents) + amount, version: Number(found.version) + 1 })
          .where('id', '=', found.id)
          .execute();
        return found.id;
      }
      const created = await trx
        .insertInto('ledger_accounts')
        .values({
          kind,
          owner_id: owner,
          may_go_negative: kind === 'external' || kind === 'advertiser_owed' ? 1 : 0,
          balance_cents: amount,
          version: 1,
          created_at: stamp,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return created.id;
    };
    const transfer = async (kind: string, key: string, memo: string, legs: [string, string, number][]) => {
      const inserted = await trx
        .insertInto('ledger_transfers')
        .values({ kind, key, memo, created_by: null, created_at: stamp })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const [account, owner, amount] of legs)
        await trx
          .insertInto('ledger_entries')
          .values({ transfer_id: inserted.id, account_id: await leg(account, owner, amount), amount_cents: amount })
          .execute();
    };
    for (const row of owing) {
      const owed = Number(row.amount_cents) - Number(row.held_cents);
      const posted = await trx
        .selectFrom('ledger_transfers')
        .select('id')
        .where('key', '=', `dispute-owed:${row.id}`)
        .executeTakeFirst();
      if (posted) continue;
      await transfer('dispute_owed', `dispute-owed:${row.id}`, 'Card payment disputed: owed beyond the free balance', [
        ['advertiser_owed', row.advertiser_id, -owed],
        ['external', '', owed],
      ]);
      const recovered = Math.min(owed, await balance('advertiser_balance', row.advertiser_id));
      if (recovered <= 0) continue;
      await transfer(
        'correction',
        `dispute-recovered-0031:${row.id}`,
        'Free balance paid what a card dispute left owed',
        [
          ['advertiser_balance', row.advertiser_id, -recovered],
          ['advertiser_owed', row.advertiser_id, recovered],
        ],
      );
      await trx.updateTable('card_disputes').set({ recovered_cents: recovered }).where('id', '=', row.id).execute();
    }
  });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('card_disputes_advertiser').ifExists().execute();
  await db.schema.alterTable('card_disputes').dropColumn('recovered_cents').execute();
}
