// Table shapes as Kysely sees them; the same on SQLite and PostgreSQL.
import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { AccountType, Profile } from '../../contract/profile.ts';

/** A user: credentials, the account type and the profile fields of contract/profile.ts. */
export interface UsersTable extends Profile {
  id: string;
  email: string;
  password_hash: string | null;
  firebase_uid: string | null;
  type_account: AccountType;
  /** 1: notification e-mails on (the Settings switch), 0: off. */
  notify_email: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface LoginFailuresTable {
  id: Generated<number>;
  /** "email:<normalised email>" or "ip:<address>". */
  key: string;
  /** Milliseconds since the epoch (bigint on PostgreSQL, returned as a string there). */
  at: number | string;
}

export interface Database {
  users: UsersTable;
  login_failures: LoginFailuresTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
