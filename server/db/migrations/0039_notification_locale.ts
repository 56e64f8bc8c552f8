// The language a notification was written in (issue 49): its recipient's when it happened (users.locale), so the
// notifications modal marks each one with its own language and its e-mail is worded in it. 'en' for every
// notification before this change, which were all written in English.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('notifications')
    .addColumn('locale', 'text', (col) => col.notNull().defaultTo('en'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('notifications').dropColumn('locale').execute();
}
