// Table shapes as Kysely sees them; the same on SQLite and PostgreSQL.
import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

export interface UsersTable {
  id: string;
  email: string;
  password_hash: string | null;
  firebase_uid: string | null;
  type_account: 'Influencer' | 'Advertiser';
  first_name: string | null;
  last_name: string | null;
  image: string | null;
  date_birth: string | null;
  gender: string | null;
  country: string | null;
  city: string | null;
  zipcode: string | null;
  address: string | null;
  language: string | null;
  about: string | null;
  job_title: string | null;
  tier: number | null;
  category: string | null;
  goals: string | null;
  type_content: string | null;
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
