import type { PasswordPolicy } from '../../machines/passwordPolicy';
import type { AccountType } from '../../machines/types';
import { api, call } from './client';

/** POST /api/auth/jwt-login with the login payload of SPEC §3 → token. */
export function jwtLogin(email: string, password: string | null, firebaseResponse: unknown = null): Promise<string> {
  return call(async () => (await api.post('auth/jwt-login', { json: { email, password, firebaseResponse } }).json<{ token: string }>()).token);
}

/** POST /api/auth/firebase-login with the identity provider's token → our token (or a falsy value). */
export function firebaseLogin(accessToken: string): Promise<string | null> {
  return call(async () => (await api.post('auth/firebase-login', { json: { accessToken } }).json<{ token?: string | null }>()).token ?? null);
}

/** POST /api/auth/register with the registration payload of SPEC §3 → token. */
export function register(email: string, password: string, typeAccount: AccountType): Promise<string> {
  return call(async () => (await api.post('auth/register', { json: { email, password, type_account: typeAccount } }).json<{ token: string }>()).token);
}

/** GET /api/auth/password-policy → the policy the registration form checks. */
export function passwordPolicy(): Promise<PasswordPolicy> {
  return call(() => api.get('auth/password-policy').json<PasswordPolicy>());
}
