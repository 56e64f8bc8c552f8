// The two local storage entries of a session (docs/spec.md §3 Session storage, §9): `jwt` and `session`.
import type { SessionInfo } from '@/machines/types';

export const JWT_KEY = 'jwt';
export const SESSION_KEY = 'session';

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // storage disabled by the browser
  }
}

export function readJwt(): string | null {
  return storage()?.getItem(JWT_KEY) || null;
}

export function storeSession(token: string, info: SessionInfo): void {
  const s = storage();
  s?.setItem(JWT_KEY, token);
  s?.setItem(SESSION_KEY, JSON.stringify(info));
}

/** A renewed token for the same session (the `session` entry stays). */
export function storeToken(token: string): void {
  storage()?.setItem(JWT_KEY, token);
}

export function clearSession(): void {
  const s = storage();
  s?.removeItem(JWT_KEY);
  s?.removeItem(SESSION_KEY);
}
