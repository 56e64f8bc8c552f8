// Which instance last ingested an archived channel (docs/product.md §Several instances): an instance that takes a channel over from another one
// (which died, or was stopped) records the time since the other's last batch as a gap, however short.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('chat_ingest_state').addColumn('owner', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('chat_ingest_state').dropColumn('owner').execute();
}
