// Idempotency-Key for every request that moves money (docs/product.md §Money, docs/api.md "Idempotency-Key"): the
// first request with a key claims it (answer null while it runs) and stores its answer when it succeeds; a repeat with
// the same key and the same request gets that answer again, a different request with the key is refused. Keys are
// the caller's own: (user_id, key).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('key', 'text', (c) => c.notNull())
    // SHA-256 of the method, the path and the validated body: what "the same request" means.
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    // The success body as JSON; null while the first request runs.
    .addColumn('answer', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['user_id', 'key'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('idempotency_keys').execute();
}
