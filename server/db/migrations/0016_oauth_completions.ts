// Connected accounts (docs/product.md §Connected accounts): the provider's answer waits for the creator who started the connection. The
// provider's redirect carries the code back to our callback, which needs no sign-in; a code that came back there is
// held here (sealed, with its PKCE verifier) under the hash of a one-time completion token, and is exchanged only when
// the signed-in creator who started the connection presents that token. A consent link that one creator gets another
// person to follow cannot connect that person's channel to the first creator's account.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('oauth_completions')
    // SHA-256 of the completion token handed to the browser.
    .addColumn('completion_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('platform', 'text', (c) => c.notNull())
    // { code, verifier } sealed with PAYOUT_KEY.
    .addColumn('grant_sealed', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('oauth_completions').execute();
}
