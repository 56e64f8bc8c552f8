// /api/auth/*: registration, password login, Google (Firebase) login and the password policy.
import { Hono } from 'hono';
import { normaliseEmail } from '../../contract/schemas/common.ts';
import { clientIp } from '../http/client-ip.ts';
import { HttpError } from '../http/errors.ts';
import { route } from '../http/route.ts';
import type { AppEnv, Services } from '../services.ts';
import { isUniqueViolation } from '../users/store.ts';
import { hashPassword, PASSWORD_POLICY, passwordProblem, verifyPassword } from './passwords.ts';

const INVALID_LOGIN = 'Invalid email or password';

export function authRoutes(services: Services) {
  const { users, tokens, throttle, firebase, config } = services;
  const app = new Hono<AppEnv>();

  route(app, services, 'passwordPolicy', () => PASSWORD_POLICY);

  route(app, services, 'register', async (_c, { body }) => {
    const problem = passwordProblem(body.password);
    if (problem) throw new HttpError(400, problem);
    // Checked before hashing so a taken email costs no argon2 run; the unique index settles races.
    if (await users.idByEmail(body.email)) throw new HttpError(409, 'An account with this email already exists');
    const passwordHash = await hashPassword(body.password);
    let id: string;
    try {
      id = await users.create({ email: body.email, passwordHash, typeAccount: body.type_account });
    } catch (error) {
      if (isUniqueViolation(error)) throw new HttpError(409, 'An account with this email already exists');
      throw error;
    }
    return { token: await tokens.issue(id) };
  });

  route(app, services, 'jwtLogin', async (c, { body }) => {
    const keys = { email: normaliseEmail(body.email), ip: clientIp(c, config.trustProxy) };
    const wait = await throttle.retryAfterSeconds(keys);
    if (wait > 0) {
      throw new HttpError(429, `Too many failed sign-in attempts; try again in ${Math.ceil(wait / 60)} minute(s)`, {
        'Retry-After': String(wait),
      });
    }
    // Unknown account, account without a password and wrong password all cost one argon2 verification.
    const account = await users.credentials(keys.email);
    const ok = await verifyPassword(account?.password_hash ?? null, body.password ?? '');
    if (!ok || !account) {
      await throttle.recordFailure(keys);
      throw new HttpError(401, INVALID_LOGIN);
    }
    await throttle.recordSuccess(keys);
    return { token: await tokens.issue(account.id) };
  });

  route(app, services, 'firebaseLogin', async (_c, { body }) => {
    const identity = await firebase.verify(body.accessToken);
    if (!identity) throw new HttpError(401, 'Invalid or expired Google sign-in token');
    let id = (await users.idByFirebaseUid(identity.uid)) ?? (await users.idByEmail(identity.email));
    if (id) {
      await users.linkFirebase(id, identity.uid);
    } else {
      try {
        id = await users.create({ email: identity.email, passwordHash: null, typeAccount: 'Influencer', firebaseUid: identity.uid });
      } catch (error) {
        // Two first sign-ins at once: the other request created the account.
        if (!isUniqueViolation(error)) throw error;
        id = await users.idByEmail(identity.email);
        if (!id) throw error;
      }
    }
    return { token: await tokens.issue(id) };
  });

  return app;
}
