// Self-serve money (docs/product.md §Self-serve money): advertisers add funds by card or US bank debit through Stripe
// Checkout and ask for their unspent funds back; a card dispute holds money until Stripe's outcome settles it;
// creators file a W-9 or W-8BEN before their first withdrawal; everyone gets numbered PDF documents. Money itself still
// moves only in the ledger (ledger_transfers): these tables hold each payment's, refund's, dispute's and document's
// own life cycle and the provider's references.
import type { Kysely } from 'kysely';
import { autoIncrementId, type Dialect } from '../dialect.ts';

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  // One row per "Add funds": a Stripe Checkout Session and the payment it makes. The balance rises only when Stripe's
  // signed webhook says the payment succeeded (transfer_id is then the ledger's deposit).
  await db.schema
    .createTable('card_deposits')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('advertiser_id', 'text', (c) => c.notNull().references('users.id'))
    // What the advertiser's balance rises by, Stripe's fee (the advertiser bears it) and their sum, charged.
    .addColumn('amount_cents', 'bigint', (c) => c.notNull())
    .addColumn('fee_cents', 'bigint', (c) => c.notNull())
    .addColumn('gross_cents', 'bigint', (c) => c.notNull())
    // 'card' | 'us_bank_account'
    .addColumn('method', 'text', (c) => c.notNull())
    // 'open' (Checkout not finished) | 'processing' (a bank debit on its way) | 'succeeded' | 'failed' | 'expired'
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('open'))
    .addColumn('session_id', 'text', (c) => c.unique())
    .addColumn('checkout_url', 'text')
    .addColumn('payment_intent_id', 'text')
    .addColumn('charge_id', 'text')
    // What refunds gave back of this payment so far (never above amount_cents).
    .addColumn('refunded_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('failure_reason', 'text')
    .addColumn('transfer_id', 'bigint')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('succeeded_at', 'text')
    .execute();
  await db.schema
    .createIndex('card_deposits_advertiser')
    .on('card_deposits')
    .columns(['advertiser_id', 'created_at'])
    .execute();
  await db.schema.createIndex('card_deposits_intent').on('card_deposits').column('payment_intent_id').execute();

  // Every Stripe event handled, by its id: a replayed or repeated event changes nothing.
  await db.schema
    .createTable('stripe_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('received_at', 'text', (c) => c.notNull())
    .execute();

  // An advertiser's request for unspent funds back, in pieces: each card payment refunded through Stripe (newest
  // first, up to what it has left), the rest (wired money) through the operator's manual rail. Requesting holds the
  // amount out of the free balance in the same transaction; a piece that fails returns its amount.
  await db.schema
    .createTable('refunds')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('request_id', 'text', (c) => c.notNull())
    .addColumn('advertiser_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('amount_cents', 'bigint', (c) => c.notNull())
    // 'stripe' | 'manual'
    .addColumn('rail', 'text', (c) => c.notNull())
    .addColumn('deposit_id', 'text')
    // 'requested' | 'processing' | 'succeeded' | 'failed'
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('requested'))
    .addColumn('provider_ref', 'text')
    .addColumn('failure_reason', 'text')
    .addColumn('requested_at', 'text', (c) => c.notNull())
    .addColumn('decided_at', 'text')
    .addColumn('decided_by', 'text')
    .execute();
  await db.schema.createIndex('refunds_advertiser').on('refunds').columns(['advertiser_id', 'requested_at']).execute();
  await db.schema.createIndex('refunds_status').on('refunds').columns(['status', 'rail']).execute();

  // A card payment's dispute (charge.dispute.created): what it holds of the advertiser's free balance until Stripe's
  // outcome (charge.dispute.closed: won returns it, lost sends it out); what the balance could not cover is owed.
  await db.schema
    .createTable('card_disputes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('deposit_id', 'text', (c) => c.notNull())
    .addColumn('advertiser_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('amount_cents', 'bigint', (c) => c.notNull())
    .addColumn('held_cents', 'bigint', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    // 'open' | 'won' | 'lost'
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('open'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('closed_at', 'text')
    .execute();

  // A creator's tax form (W-9 or W-8BEN). Filing again supersedes the one on file; every form is kept. The TIN and
  // the personal details are sealed at rest (server/money/sealing.ts); only the TIN's last four digits are readable.
  await db.schema
    .createTable('tax_forms')
    .addColumn('id', ...autoIncrementId(dialect))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // 'w9' | 'w8ben'
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('legal_name', 'text', (c) => c.notNull())
    // W-9: 'ssn' | 'ein'; W-8BEN: 'foreign' (or 'ssn' when a US TIN is given).
    .addColumn('tin_type', 'text', (c) => c.notNull())
    .addColumn('tin_last4', 'text', (c) => c.notNull())
    // The W-9's is 'US'; the W-8BEN's the country of citizenship, by its name in contract/countries.ts.
    .addColumn('country', 'text', (c) => c.notNull())
    // JSON, sealed: the TIN and every other personal field of the form.
    .addColumn('details_sealed', 'text', (c) => c.notNull())
    .addColumn('signed_name', 'text', (c) => c.notNull())
    .addColumn('signed_at', 'text', (c) => c.notNull())
    .addColumn('superseded_at', 'text')
    .execute();
  await db.schema.createIndex('tax_forms_user').on('tax_forms').columns(['user_id', 'superseded_at']).execute();

  // Numbered documents (receipts, payout statements, yearly statements). The number is taken from its series'
  // counter in the transaction that issues it; `data` is the snapshot the PDF is drawn from, so a download is the same
  // file every time.
  await db.schema
    .createTable('documents')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // 'deposit_receipt' | 'refund_receipt' | 'payout_statement' | 'annual_statement'
    .addColumn('kind', 'text', (c) => c.notNull())
    // The deposit's ledger transfer, the refund, the payout, or the year: one document per subject and kind.
    .addColumn('subject_id', 'text', (c) => c.notNull())
    .addColumn('number', 'text', (c) => c.notNull().unique())
    .addColumn('amount_cents', 'bigint', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('issued_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('documents_subject', ['kind', 'subject_id'])
    .execute();
  await db.schema.createIndex('documents_owner').on('documents').columns(['owner_id', 'issued_at']).execute();
  await db.schema
    .createTable('document_counters')
    .addColumn('series', 'text', (c) => c.primaryKey())
    .addColumn('last', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
