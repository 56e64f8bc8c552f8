// Thread notices in batches (docs/product.md §Threads): one unread notification per thread and recipient stands for
// the messages that arrived since it was read (`batched` counts them), and thread e-mails are digests, at most one per
// thread and recipient per quiet period (THREAD_MAIL_QUIET_SECONDS): `thread_digests` remembers, per recipient and
// offer, the last message a digest carried and when it was sent.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('notifications')
    .addColumn('batched', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .createTable('thread_digests')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('offer_id', 'text', (c) => c.notNull().references('offers.id').onDelete('cascade'))
    // The newest offer_messages.id a digest to this user carried.
    .addColumn('mailed_up_to', 'bigint', (c) => c.notNull())
    // When that digest went out (epoch ms).
    .addColumn('mailed_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('thread_digests_pk', ['user_id', 'offer_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('thread_digests').execute();
  await db.schema.alterTable('notifications').dropColumn('batched').execute();
}
