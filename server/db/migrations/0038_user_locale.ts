// The account's language (issue 49): the screens, the API's answers to it and its e-mails speak it. 'en' for every
// account before this change; a new account starts in the language of the page it signed up on, and the broadcasting
// language it first gives preselects it (server/accounts/users.ts). Settings changes it (PUT /api/settings).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('locale', 'text', (col) => col.notNull().defaultTo('en'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('locale').execute();
}
