// Invitations only (issue 48 item 6): a campaign may launch with matching off, so that its room (3 open offers per free
// spot) is left to the creators its brand invites from search. 1 (default, every campaign before this change):
// matching offers it to the creators it ranks best; 0: only invitations (server/marketplace/match-jobs.ts skips it).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('campaigns')
    .addColumn('auto_match', 'integer', (col) => col.notNull().defaultTo(1))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('campaigns').dropColumn('auto_match').execute();
}
