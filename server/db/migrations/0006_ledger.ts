// The ledger (docs/product.md §Money, docs/product.md "Ledger"): double entry in integer cents (USD). Accounts keep a cached balance and
// a version (the number of entries posted to them); transfers and their entries are never updated or deleted — a
// correction is a new transfer. `npm run ledger -- check` verifies the invariants.
import type { Kysely } from 'kysely';
import { autoIncrementId, type Dialect } from '../dialect.ts';

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const [idType, idColumn] = autoIncrementId(dialect);
  await db.schema
    .createTable('ledger_accounts')
    .addColumn('id', idType, idColumn)
    // advertiser_balance | campaign_reserve | creator_available | creator_in_payout | platform_fees | external
    .addColumn('kind', 'text', (c) => c.notNull())
    // The user (advertiser, creator) or campaign the account belongs to; '' for the platform's own accounts.
    .addColumn('owner_id', 'text', (c) => c.notNull())
    // 1 for the accounts that stand for the world outside (deposits in, payouts out): they may go negative.
    .addColumn('may_go_negative', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('balance_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('ledger_accounts_kind_owner', ['kind', 'owner_id'])
    .execute();

  await db.schema
    .createTable('ledger_transfers')
    .addColumn('id', idType, idColumn)
    // deposit | reserve | release | earning | payout_hold | payout_paid | payout_return | correction
    .addColumn('kind', 'text', (c) => c.notNull())
    // Makes a transfer happen once: a second transfer with the same key is the first one (completions, payouts).
    .addColumn('key', 'text', (c) => c.unique())
    .addColumn('memo', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('ledger_entries')
    .addColumn('id', idType, idColumn)
    .addColumn('transfer_id', 'bigint', (c) => c.notNull().references('ledger_transfers.id'))
    .addColumn('account_id', 'bigint', (c) => c.notNull().references('ledger_accounts.id'))
    // Signed: what the transfer adds to the account (a debit is negative).
    .addColumn('amount_cents', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ledger_entries_transfer').on('ledger_entries').column('transfer_id').execute();
  await db.schema.createIndex('ledger_entries_account').on('ledger_entries').columns(['account_id', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('ledger_entries').execute();
  await db.schema.dropTable('ledger_transfers').execute();
  await db.schema.dropTable('ledger_accounts').execute();
}
