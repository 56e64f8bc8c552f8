// The live events stream's tickets are good for one stream, once (docs/product.md §Live events): a ticket used to
// open GET /api/events is written here by its id, and a second use, on any instance, finds it taken. Rows go once
// the ticket has expired anyway (server/notifications/tickets.ts).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('event_tickets')
    // The ticket's random id (its `jti`), not the ticket itself.
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('event_tickets_expires').on('event_tickets').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('event_tickets').execute();
}
