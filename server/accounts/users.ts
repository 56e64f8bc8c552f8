// User rows: the only module that reads or writes the users table.
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { normaliseEmail } from '../../contract/schemas/common.ts';
import { localeOfBroadcast, PROFILE_FIELDS } from '../../contract/profile.ts';
import type { User } from '../../contract/schemas/user.ts';
import type { Database, UserUpdate } from '../db/types.ts';
import type { Role } from '../../contract/marketplace.ts';
import { isLocale, DEFAULT_LOCALE, type Locale } from '../../contract/locales.ts';

/** What the API returns for a user (contract/schemas/user.ts); never the password hash or internal ids. */
export const PUBLIC_USER_COLUMNS = ['email', ...PROFILE_FIELDS, 'type_account', 'role', 'locale'] as const;

export type PublicUser = User;
export type AccountType = Database['users']['type_account'];

export interface Credentials {
  id: string;
  password_hash: string | null;
  token_version: number;
  /** The account's language: what is mailed to it is written in it. */
  locale: Locale;
}

export { normaliseEmail };

/** A stored language as the contract's: one this server no longer speaks reads as English. */
const localeOf = (value: unknown): Locale => (isLocale(value) ? value : DEFAULT_LOCALE);

/** The Settings screen's view of a user row. */
const toSettings = (row: { notify_email: number | string; password_hash: string | null; locale: string }) => ({
  notifications: Number(row.notify_email) === 1,
  hasPassword: row.password_hash !== null,
  locale: localeOf(row.locale),
});

export type AccountSettings = ReturnType<typeof toSettings>;
const SETTINGS_COLUMNS = ['notify_email', 'password_hash', 'locale'] as const;

/** The role an account type signs up with. */
export const roleOf = (type: AccountType): Role => (type === 'Advertiser' ? 'advertiser' : 'creator');

/** A user's name as the other side sees it: first and last name, else the e-mail's local part. */
export function displayName(row: { first_name?: string | null; last_name?: string | null; email?: string }): string {
  const name = [row.first_name, row.last_name].filter(Boolean).join(' ').trim();
  return name || (row.email ? row.email.split('@')[0]! : 'Creator');
}

/**
 * What else an account change updates, inside the change's own transaction. Other domains show parts of a user (an
 * advertiser's offer list shows its creators' profiles), so server/app.ts hands in theirs
 * (server/marketplace/offer-revisions.ts); accounts imports no other domain.
 */
export interface UserChangeHooks {
  /** These columns of `userId`'s row were just updated. */
  profileChanged(trx: Kysely<Database>, userId: string, columns: readonly string[]): Promise<void>;
  /** `userId` is about to be deleted (its rows still exist). */
  erasing(trx: Kysely<Database>, userId: string): Promise<void>;
}

export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === '23505';
}

export function createUserStore(db: Kysely<Database>, hooks: Partial<UserChangeHooks> = {}) {
  const now = () => new Date().toISOString();
  // GET /api/user runs on every dashboard load: its query is built once, only the id changes.
  const profileById = db.selectFrom('users').select(PUBLIC_USER_COLUMNS).where('id', '=', '').compile();
  // Every authenticated request checks its token's version (and learns the role): compiled once too.
  const versionById = db.selectFrom('users').select(['token_version', 'role', 'locale']).where('id', '=', '').compile();

  return {
    async profile(id: string): Promise<PublicUser | null> {
      const { rows } = await db.executeQuery<PublicUser>({ ...profileById, parameters: [id] });
      return rows[0] ? { ...rows[0], locale: localeOf(rows[0].locale) } : null;
    },

    /** The account's current session version, role and language; null when the account does not exist (deleted). */
    async session(id: string): Promise<{ version: number; role: Role; locale: Locale } | null> {
      const { rows } = await db.executeQuery<{ token_version: number | string; role: Role; locale: string }>({
        ...versionById,
        parameters: [id],
      });
      const row = rows[0];
      return row ? { version: Number(row.token_version), role: row.role, locale: localeOf(row.locale) } : null;
    },

    /** The account's e-mail, password hash and session version, by id. */
    async account(id: string): Promise<{ email: string; password_hash: string | null; token_version: number } | null> {
      const row = await db
        .selectFrom('users')
        .select(['email', 'password_hash', 'token_version'])
        .where('id', '=', id)
        .executeTakeFirst();
      return row ? { ...row, token_version: Number(row.token_version) } : null;
    },

    /** Stores a new password hash and raises the session version, so every token issued before stops working. */
    async setPassword(id: string, passwordHash: string, executor: Kysely<Database> = db): Promise<number> {
      const row = await executor
        .updateTable('users')
        .set((eb) => ({ password_hash: passwordHash, token_version: eb('token_version', '+', 1), updated_at: now() }))
        .where('id', '=', id)
        .returning('token_version')
        .executeTakeFirstOrThrow();
      return Number(row.token_version);
    },

    async settings(id: string): Promise<AccountSettings | null> {
      const row = await db.selectFrom('users').select(SETTINGS_COLUMNS).where('id', '=', id).executeTakeFirst();
      return row ? toSettings(row) : null;
    },

    /**
     * Sets what the Settings screen sends (the Notifications switch, the language) and answers the settings as
     * stored (one statement); null for no such user.
     */
    async updateSettings(
      id: string,
      changes: { notifications?: boolean; locale?: Locale },
    ): Promise<AccountSettings | null> {
      const row = await db
        .updateTable('users')
        .set({
          ...(changes.notifications === undefined ? {} : { notify_email: changes.notifications ? 1 : 0 }),
          ...(changes.locale === undefined ? {} : { locale: changes.locale }),
          updated_at: now(),
        })
        .where('id', '=', id)
        .returning(SETTINGS_COLUMNS)
        .executeTakeFirst();
      return row ? toSettings(row) : null;
    },

    /**
     * Erases the account in one transaction: every table that holds a user's records references users.id with
     * ON DELETE CASCADE, so deleting the row deletes them. Returns the photo to remove once committed.
     */
    async erase(id: string): Promise<{ email: string; image: string | null } | null> {
      return db.transaction().execute(async (trx) => {
        const row = await trx.selectFrom('users').select(['email', 'image']).where('id', '=', id).executeTakeFirst();
        if (!row) return null;
        // Its failed sign-ins (server/accounts/throttle.ts); its known addresses go with the row.
        await trx.deleteFrom('sign_in_failures').where('email', '=', row.email).execute();
        await hooks.erasing?.(trx, id);
        await trx.deleteFrom('users').where('id', '=', id).execute();
        return row;
      });
    },

    async credentials(email: string): Promise<Credentials | null> {
      const row = await db
        .selectFrom('users')
        .select(['id', 'password_hash', 'token_version', 'locale'])
        .where('email', '=', normaliseEmail(email))
        .executeTakeFirst();
      return row
        ? {
            ...row,
            token_version: Number(row.token_version),
            locale: isLocale(row.locale) ? row.locale : DEFAULT_LOCALE,
          }
        : null;
    },

    async idByFirebaseUid(uid: string): Promise<string | null> {
      const row = await db.selectFrom('users').select('id').where('firebase_uid', '=', uid).executeTakeFirst();
      return row?.id ?? null;
    },

    async idByEmail(email: string): Promise<string | null> {
      const row = await db
        .selectFrom('users')
        .select('id')
        .where('email', '=', normaliseEmail(email))
        .executeTakeFirst();
      return row?.id ?? null;
    },

    /** Inserts a user and returns its id; throws a unique violation when the email (or Firebase uid) is taken. */
    async create(input: {
      email: string;
      passwordHash: string | null;
      typeAccount: AccountType;
      firebaseUid?: string | null;
      /** Defaults to the account type's role; operators are only created by `npm run admin`. */
      role?: Role;
      /** The language of the page the account signed up on; English by default. */
      locale?: Locale;
    }): Promise<string> {
      const id = crypto.randomUUID();
      const stamp = now();
      await db
        .insertInto('users')
        .values({
          id,
          email: normaliseEmail(input.email),
          password_hash: input.passwordHash,
          firebase_uid: input.firebaseUid ?? null,
          type_account: input.typeAccount,
          role: input.role ?? roleOf(input.typeAccount),
          locale: input.locale ?? DEFAULT_LOCALE,
          created_at: stamp,
          updated_at: stamp,
        })
        .execute();
      return id;
    },

    /** Whether the user's Notifications switch (Settings) lets notification e-mails go out; false for no such user. */
    async notificationEmailsOn(id: string): Promise<boolean> {
      const row = await db.selectFrom('users').select('notify_email').where('id', '=', id).executeTakeFirst();
      return Number(row?.notify_email ?? 0) === 1;
    },

    async linkFirebase(id: string, uid: string): Promise<void> {
      await db
        .updateTable('users')
        .set({ firebase_uid: uid, updated_at: now() })
        .where('id', '=', id)
        .where('firebase_uid', 'is', null)
        .execute();
    },

    /**
     * Applies a partial update and returns the previous image (so a replaced upload can be removed) and the new
     * profile. The first broadcasting language an account gives (profile completion) preselects its language: a
     * creator who broadcasts in Spanish gets the product in Spanish, and Settings changes it from then on.
     */
    async update(id: string, changes: UserUpdate): Promise<{ previousImage: string | null; user: PublicUser } | null> {
      return db.transaction().execute(async (trx) => {
        const before = await trx
          .selectFrom('users')
          .select(['image', 'language'])
          .where('id', '=', id)
          .executeTakeFirst();
        if (!before) return null;
        if (Object.keys(changes).length > 0) {
          const firstLanguage = before.language === null && changes.language ? changes.language : null;
          await trx
            .updateTable('users')
            .set({
              ...changes,
              ...(firstLanguage ? { locale: localeOfBroadcast(firstLanguage) } : {}),
              updated_at: now(),
            })
            .where('id', '=', id)
            .execute();
          await hooks.profileChanged?.(trx, id, Object.keys(changes));
        }
        const user = await trx
          .selectFrom('users')
          .select(PUBLIC_USER_COLUMNS)
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        return { previousImage: before.image, user: { ...user, locale: localeOf(user.locale) } };
      });
    },
  };
}

export type UserStore = ReturnType<typeof createUserStore>;
