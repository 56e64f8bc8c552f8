// Domain types the statecharts carry (docs/spec.md §3), from the contract both sides share. Types only.
export type { AccountType, Gender } from '@/contract/profile';
export type { User } from '@/contract';

/** How a session began, kept in the `session` storage entry. */
export interface SessionInfo {
  method: 'password' | 'google' | 'register';
  signedInAt: string;
}
