// Sign-in throttling (docs/api.md "Sign-in and tokens", server/accounts/throttle.ts): one row per failed password
// with its e-mail and client address, so the same rows count per (account, address) pair, per address and per
// account; and the addresses each account signed in from, whose owner is never slowed by other people's failures.
// The old log (one row per key, 0001) is dropped: it only held the last 15 minutes of failures.
import type { Kysely } from 'kysely';
import { autoIncrementId, type Dialect } from '../dialect.ts';

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('sign_in_failures')
    .addColumn('id', ...autoIncrementId(dialect))
    // Normalised e-mail, whether or not an account has it.
    .addColumn('email', 'text', (c) => c.notNull())
    // The client address (an IPv6 /64 as one address).
    .addColumn('ip', 'text', (c) => c.notNull())
    // Milliseconds since the epoch.
    .addColumn('at', 'bigint', (c) => c.notNull())
    // 1: counts toward the address's and the account's budgets; 0: from an address the account signed in from.
    .addColumn('wide', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sign_in_failures_pair').on('sign_in_failures').columns(['email', 'ip', 'at']).execute();
  await db.schema.createIndex('sign_in_failures_email').on('sign_in_failures').columns(['email', 'at']).execute();
  await db.schema.createIndex('sign_in_failures_ip').on('sign_in_failures').columns(['ip', 'at']).execute();
  await db.schema.createIndex('sign_in_failures_at').on('sign_in_failures').column('at').execute();

  await db.schema
    .createTable('sign_in_addresses')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('ip', 'text', (c) => c.notNull())
    // The latest successful sign-in (or password reset) from it, milliseconds since the epoch.
    .addColumn('last_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('sign_in_addresses_pk', ['user_id', 'ip'])
    .execute();

  await db.schema.dropTable('login_failures').execute();
}

export async function down(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema.dropTable('sign_in_addresses').execute();
  await db.schema.dropTable('sign_in_failures').execute();
  await db.schema
    .createTable('login_failures')
    .addColumn('id', ...autoIncrementId(dialect))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('login_failures_key_at').on('login_failures').columns(['key', 'at']).execute();
  await db.schema.createIndex('login_failures_at').on('login_failures').column('at').execute();
}
