// Bearer-token guards: anything but a valid, unexpired HS256 token of ours, for an account that still exists and
// whose password has not changed since the token was issued (users.token_version), is a 401.
import type { Context, MiddlewareHandler } from 'hono';
import { HttpError } from '../http/errors.ts';
import type { AppEnv } from '../services.ts';
import type { UserStore } from './users.ts';
import type { TokenService } from './tokens.ts';
import type { Role } from '../../contract/marketplace.ts';

const BEARER = /^Bearer[ \t]+([A-Za-z0-9._~+/=-]+)[ \t]*$/i;

export interface SessionCheck {
  tokens: TokenService;
  users: Pick<UserStore, 'session'>;
}

/** The user id and role of the request's session, or null when it carries none that is still valid. */
export async function sessionUser(c: Context, { tokens, users }: SessionCheck): Promise<{ userId: string; role: Role } | null> {
  const match = BEARER.exec(c.req.header('authorization') ?? '');
  if (!match || match[1]!.length > 4096) return null;
  const claims = await tokens.verify(match[1]!);
  if (!claims) return null;
  // A deleted account has no version; a password change or reset raised it above the token's.
  const current = await users.session(claims.userId);
  return current !== null && current.version === claims.version ? { userId: claims.userId, role: current.role } : null;
}

/** The signed-in caller's id when their role is one of `roles`; 403 otherwise (after requireUser). */
export function requireRole(c: Context<AppEnv>, ...roles: Role[]): string {
  const role = c.get('role');
  if (!roles.includes(role)) {
    throw new HttpError(403, roles.length === 1 ? `Only ${roles[0]} accounts can do this` : `Only ${roles.join(' or ')} accounts can do this`);
  }
  return c.get('userId');
}

export function requireUser(check: SessionCheck): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const session = await sessionUser(c, check);
    if (!session) {
      throw new HttpError(401, 'Authentication required: send a valid token as "Authorization: Bearer <token>"', {
        'WWW-Authenticate': 'Bearer',
      });
    }
    c.set('userId', session.userId);
    c.set('role', session.role);
    await next();
  };
}

/** Serves anonymous callers too; a valid session attaches its user (an invalid one is ignored, not refused). */
export function optionalUser(check: SessionCheck): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const session = await sessionUser(c, check);
    if (session) {
      c.set('userId', session.userId);
      c.set('role', session.role);
    }
    await next();
  };
}
