// What an advertiser owes for a card dispute (docs/product.md §Card disputes, server/money/debts.ts): the part of a
// disputed payment their free balance could not hold is a debt in the ledger (an `advertiser_owed` account, below
// zero), paid back by every cent that becomes free for them afterwards. Each dispute keeps how much of its debt was
// recovered, oldest dispute first, so a won dispute returns what it held and recovered, and `ledger check` can tell
// an owed amount that was released to the balance instead.
import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect.ts';

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
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('card_disputes_advertiser').ifExists().execute();
  await db.schema.alterTable('card_disputes').dropColumn('recovered_cents').execute();
}
