// Users (the profile of docs/spec.md §3 plus credentials) and the login throttle's failure log.
import type { Kysely } from 'kysely';
import { autoIncrementId, type Dialect } from '../dialect.ts';

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text')
    .addColumn('firebase_uid', 'text', (c) => c.unique())
    .addColumn('type_account', 'text', (c) => c.notNull())
    .addColumn('first_name', 'text')
    .addColumn('last_name', 'text')
    .addColumn('image', 'text')
    .addColumn('date_birth', 'text')
    .addColumn('gender', 'text')
    .addColumn('country', 'text')
    .addColumn('city', 'text')
    .addColumn('zipcode', 'text')
    .addColumn('address', 'text')
    .addColumn('language', 'text')
    .addColumn('about', 'text')
    .addColumn('job_title', 'text')
    .addColumn('tier', 'integer')
    .addColumn('category', 'text')
    .addColumn('goals', 'text')
    .addColumn('type_content', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('login_failures')
    .addColumn('id', ...autoIncrementId(dialect))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('login_failures_key_at').on('login_failures').columns(['key', 'at']).execute();
  await db.schema.createIndex('login_failures_at').on('login_failures').column('at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('login_failures').execute();
  await db.schema.dropTable('users').execute();
}
