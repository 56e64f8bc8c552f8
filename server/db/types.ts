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
  /** Bumped by a password change or reset; session tokens carry it and older ones are refused. */
  token_version: Generated<number>;
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

/** Milliseconds since the epoch (bigint: a string when read from PostgreSQL). */
type Millis = number | string;

export interface PasswordResetsTable {
  token_hash: string;
  user_id: string;
  expires_at: Millis;
  used_at: Millis | null;
  created_at: Millis;
}

export interface SupportTicketsTable {
  id: string;
  /** The signed-in sender; null for a visitor. Erased with the account. */
  user_id: string | null;
  name: string;
  email: string;
  subject: string;
  message: string;
  /** The page the form was sent from (/contact-us, /help-and-support). */
  page: string | null;
  created_at: string;
}

export interface NewsletterSubscriptionsTable {
  email: string;
  unsubscribe_hash: string;
  subscribed_at: string;
  unsubscribed_at: string | null;
}

export interface RateLimitsTable {
  /** "<rule>:ip:<address>" or "<rule>:email:<address>". */
  key: string;
  window_start: Millis;
  count: number;
}

export interface Database {
  users: UsersTable;
  login_failures: LoginFailuresTable;
  password_resets: PasswordResetsTable;
  support_tickets: SupportTicketsTable;
  newsletter_subscriptions: NewsletterSubscriptionsTable;
  rate_limits: RateLimitsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
