// Whose look each live sample is (issue 44; docs/product.md §Live windows): a channel can change hands while it is
// live — one creator disconnects it and another connects it, the platform's stream going on under the same id — so a
// sample keeps the connected account and the creator it was taken through. A minute belongs to whoever held the
// connection at that minute (server/overlay/verification.ts), and a proof shows only its creator's samples
// (server/overlay/proof.ts). Samples taken before this change were all taken through their stream's account.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('live_samples').addColumn('creator_id', 'text').execute();
  await db.schema.alterTable('live_samples').addColumn('account_id', 'text').execute();
  await sql`update live_samples set creator_id = (select s.creator_id from live_streams s where s.id = live_samples.stream_key), account_id = (select s.account_id from live_streams s where s.id = live_samples.stream_key)`.execute(
    db,
  );
  await db.schema.createIndex('live_samples_creator').on('live_samples').columns(['creator_id', 'at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('live_samples_creator').ifExists().execute();
  await db.schema.alterTable('live_samples').dropColumn('account_id').execute();
  await db.schema.alterTable('live_samples').dropColumn('creator_id').execute();
}
