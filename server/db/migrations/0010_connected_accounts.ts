// Connected accounts (docs/product.md §Connected accounts): a creator's Twitch or YouTube channel connected through OAuth, its tokens sealed at
// rest; and the short-lived authorization requests (state → PKCE verifier) between "Connect" and the provider's
// redirect back.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('connected_accounts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('platform', 'text', (c) => c.notNull())
    .addColumn('platform_user_id', 'text', (c) => c.notNull())
    .addColumn('login', 'text', (c) => c.notNull())
    .addColumn('display_name', 'text', (c) => c.notNull())
    .addColumn('scopes', 'text', (c) => c.notNull())
    // { accessToken, refreshToken } sealed with PAYOUT_KEY (AES-256-GCM).
    .addColumn('tokens_sealed', 'text', (c) => c.notNull())
    // When the access token expires (epoch ms); refreshed a few minutes before.
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('stand_in', 'integer', (c) => c.notNull())
    .addColumn('archiving', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('connected_accounts_user_platform', ['user_id', 'platform'])
    .execute();

  await db.schema
    .createTable('oauth_requests')
    // SHA-256 of the `state` sent to the provider.
    .addColumn('state_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('platform', 'text', (c) => c.notNull())
    // The PKCE code verifier, sealed.
    .addColumn('verifier_sealed', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('oauth_requests').execute();
  await db.schema.dropTable('connected_accounts').execute();
}
