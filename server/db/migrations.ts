// The one migration set, run at start on SQLite and PostgreSQL alike.
import { sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';

export type Dialect = 'sqlite' | 'postgres';

function migrations(dialect: Dialect): Record<string, Migration> {
  return {
    '0001_users_and_login_failures': {
      async up(db: Kysely<unknown>) {
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
          .addColumn('id', dialect === 'postgres' ? 'bigserial' : 'integer', (c) =>
            dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
          )
          .addColumn('key', 'text', (c) => c.notNull())
          .addColumn('at', 'bigint', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('login_failures_key_at').on('login_failures').columns(['key', 'at']).execute();
        await db.schema.createIndex('login_failures_at').on('login_failures').column('at').execute();
      },
      async down(db: Kysely<unknown>) {
        await db.schema.dropTable('login_failures').execute();
        await db.schema.dropTable('users').execute();
      },
    },
  };
}

export function migrationProvider(dialect: Dialect): MigrationProvider {
  return { getMigrations: async () => migrations(dialect) };
}

/** Used by the health check. */
export async function ping<T>(db: Kysely<T>): Promise<void> {
  await sql`select 1`.execute(db);
}
