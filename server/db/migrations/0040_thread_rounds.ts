// A counter-offer's round as its thread records it (issue 49): what was said (proposed, countered, accepted,
// declined) and its terms, so that each side reads the line in their own language when they read it
// (server/marketplace/thread-lines.ts). `body` then holds only what the author wrote ('' for an answer). The lines
// written before this change keep their English `body` and no round.
import type { Kysely } from 'kysely';

/** One column a statement: SQLite adds and drops them one at a time. */
const COLUMNS = [
  ['round_said', 'text'],
  ['round_pay_cents', 'bigint'],
  ['round_minutes', 'integer'],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, type] of COLUMNS) await db.schema.alterTable('offer_messages').addColumn(name, type).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [name] of COLUMNS) await db.schema.alterTable('offer_messages').dropColumn(name).execute();
}
