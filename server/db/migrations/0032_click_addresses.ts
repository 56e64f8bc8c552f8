// Clicks per address (issue 44; docs/product.md §Tracked links): how many clicks by people (counted, or refused as
// the same visitor again) each network address made on a link in a UTC day, so that clicks concentrated on a few
// addresses hold the offer's earning for an operator (server/deliverables/click-fraud.ts). The address is
// HMAC-SHA256(the day's salt, address), like link_clicks' visitor: once the salt is deleted two days on, it can no
// longer be recomputed from an address; no raw address is stored.
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../dialect.ts';

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const table = db.schema
    .createTable('link_addresses')
    .addColumn('code', 'text', (c) => c.notNull().references('offer_links.code').onDelete('cascade'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('clicks', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('link_addresses_pk', ['code', 'day', 'address']);
  await (dialect === 'sqlite' ? table.modifyEnd(sql`without rowid`) : table).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('link_addresses').ifExists().execute();
}
