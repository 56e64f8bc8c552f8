// Bearer-token guards: anything but a valid, unexpired HS256 token of ours, for an account that still exists and
// whose password has not changed since the token was issued (users.token_version), is a 401.
import type { Context, MiddlewareHandler } from 'hono';
import { HttpError } from '../http/errors.ts';
import type { AppEnv } from '../services.ts';
import type { UserStore } from '../users/store.ts';
import type { TokenService } from './tokens.ts';

const BEARER = /^Bearer[ \t]+([A-Za-z0-9._~+/=-]+)[ \t]*$/i;

export interface SessionCheck {
  tokens: TokenService;
  users: Pick<UserStore, 'tokenVersion'>;
}

/** The user id of the request's session, or null when it carries none that is still valid. */
export async function sessionUser(c: Context, { tokens, users }: SessionCheck): Promise<string | null> {
  const match = BEARER.exec(c.req.header('authorization') ?? '');
  if (!match || match[1]!.length > 4096) return null;
  const claims = await tokens.verify(match[1]!);
  if (!claims) return null;
  // A deleted account has no version; a password change or reset raised it above the token's.
  const current = await users.tokenVersion(claims.userId);
  return current !== null && current === claims.version ? claims.userId : null;
}

export function requireUser(check: SessionCheck): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const userId = await sessionUser(c, check);
    if (!userId) {
      throw new HttpError(401, 'Authentication required: send a valid token as "Authorization: Bearer <token>"', {
        'WWW-Authenticate': 'Bearer',
      });
    }
    c.set('userId', userId);
    await next();
  };
}

/** Serves anonymous callers too; a valid session attaches its user (an invalid one is ignored, not refused). */
export function optionalUser(check: SessionCheck): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const userId = await sessionUser(c, check);
    if (userId) c.set('userId', userId);
    await next();
  };
}
