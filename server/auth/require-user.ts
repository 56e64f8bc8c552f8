// Bearer-token guard for the user endpoints: anything but a valid, unexpired HS256 token of ours is a 401.
import type { MiddlewareHandler } from 'hono';
import { HttpError } from '../http/errors.ts';
import type { AppEnv } from '../services.ts';
import type { TokenService } from './tokens.ts';

const BEARER = /^Bearer[ \t]+([A-Za-z0-9._~+/=-]+)[ \t]*$/i;

export function requireUser(tokens: TokenService): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const match = BEARER.exec(c.req.header('authorization') ?? '');
    const userId = match && match[1]!.length <= 4096 ? await tokens.verify(match[1]!) : null;
    if (!userId) {
      throw new HttpError(401, 'Authentication required: send a valid token as "Authorization: Bearer <token>"', {
        'WWW-Authenticate': 'Bearer',
      });
    }
    c.set('userId', userId);
    await next();
  };
}
