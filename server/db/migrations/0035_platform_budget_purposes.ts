// What each platform budget is spent for (issue 48 item 21; docs/product.md §Platform limits): the purposes that asked
// for a credential's budget (`live watch`, `chat bot`, `eventsub`, …), a JSON array of strings that every instance adds
// its own to (server/connections/governor.ts), so that the operator console names a Twitch token by what it serves —
// a creator's channel, Castbridge's chat account — and says what it is used for, instead of "user token 167897161".
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('platform_budgets')
    .addColumn('purposes', 'text', (col) => col.notNull().defaultTo('[]'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('platform_budgets').dropColumn('purposes').execute();
}
