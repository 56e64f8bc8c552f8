// Who a request is from. The http basics only know the shape of a session and how to guard a route with it; the
// accounts domain decides what a valid token is (server/accounts/sessions.ts implements SessionCheck) and
// server/app.ts hands that in. So nothing here imports a domain module.
import type { Context, MiddlewareHandler } from 'hono';
import type { Role } from '../../contract/marketplace.ts';
import type { Locale } from '../../contract/locales.ts';
import { HttpError } from './errors.ts';
import { httpProblems } from './http-problems.ts';

/** A signed-in caller. */
export interface Session {
  userId: string;
  role: Role;
  /** The account's language: the API answers it in it when the request names none (server/http/problems.ts). */
  locale: Locale;
}

/** Hono environment: the authenticated user's id and role, set by requireUser (and by optionalUser when signed in). */
export interface AppEnv {
  Variables: Session;
}

/** Resolves a request's Authorization header to its session; null when it carries none that is still valid. */
export interface SessionCheck {
  session(authorization: string): Promise<Session | null>;
}

/** The signed-in caller's id when their role is one of `roles`; 403 otherwise (after requireUser). */
export function requireRole(c: Context<AppEnv>, ...roles: Role[]): string {
  const role = c.get('role');
  if (!roles.includes(role)) {
    throw new HttpError(403, httpProblems.role_required.with({ first: roles[0], second: roles[1] ?? 'none' }));
  }
  return c.get('userId');
}

/** Anything but a valid session is a 401 with `WWW-Authenticate: Bearer`. */
export function requireUser(check: SessionCheck): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const session = await check.session(c.req.header('authorization') ?? '');
    if (!session) {
      throw new HttpError(401, httpProblems.authentication_required, {
        'WWW-Authenticate': 'Bearer',
      });
    }
    c.set('userId', session.userId);
    c.set('role', session.role);
    c.set('locale', session.locale);
    await next();
  };
}

/** Serves anonymous callers too; a valid session attaches its user (an invalid one is ignored, not refused). */
export function optionalUser(check: SessionCheck): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const session = await check.session(c.req.header('authorization') ?? '');
    if (session) {
      c.set('userId', session.userId);
      c.set('role', session.role);
      c.set('locale', session.locale);
    }
    await next();
  };
}
