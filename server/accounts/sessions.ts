// The bearer-token check behind server/http/session.ts's guards: only a valid, unexpired HS256 token of ours, for an
// account that still exists and whose password has not changed since the token was issued (users.token_version), is
// a session; anything else is none (a 401 where a route requires one).
import type { Session, SessionCheck } from '../http/session.ts';
import type { UserStore } from './users.ts';
import type { TokenService } from './tokens.ts';

const BEARER = /^Bearer[ \t]+([A-Za-z0-9._~+/=-]+)[ \t]*$/i;

/** What the check reads: our tokens and the account's current session version. */
export interface SessionDeps {
  tokens: TokenService;
  users: Pick<UserStore, 'session'>;
}

/** The user id and role of an Authorization header's session, or null when it carries none that is still valid. */
export async function sessionUser(authorization: string, { tokens, users }: SessionDeps): Promise<Session | null> {
  const match = BEARER.exec(authorization);
  if (!match || match[1]!.length > 4096) return null;
  const claims = await tokens.verify(match[1]!);
  if (!claims) return null;
  // A deleted account has no version; a password change or reset raised it above the token's.
  const current = await users.session(claims.userId);
  return current !== null && current.version === claims.version ? { userId: claims.userId, role: current.role } : null;
}

/** The SessionCheck that every route's guard asks (server/app.ts builds one). */
export function createSessions(deps: SessionDeps): SessionCheck {
  return { session: (authorization) => sessionUser(authorization, deps) };
}
