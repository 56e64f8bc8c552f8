// Payout methods (docs/product.md §Money): a creator's bank account or PayPal, one of each kind; the details sealed at rest
// (AES-256-GCM, server/money/sealing.ts), only a masked display kept in clear.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('payout_methods')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // bank | paypal
    .addColumn('kind', 'text', (c) => c.notNull())
    // What the owner sees: "•••• 1234", or the PayPal e-mail.
    .addColumn('display', 'text', (c) => c.notNull())
    .addColumn('holder_name', 'text')
    // The sealed details (routing and account number, or the e-mail) as the payout providers need them.
    .addColumn('sealed', 'text', (c) => c.notNull())
    .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('payout_methods_user_kind', ['user_id', 'kind'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('payout_methods').execute();
}
