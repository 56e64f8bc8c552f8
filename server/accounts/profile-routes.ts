// GET /api/user, PUT /api/profile, DELETE /api/user and the Settings screen's GET/PUT /api/settings.
import { Hono } from 'hono';
import { clientIp } from '../http/client-ip.ts';
import { HttpError } from '../http/errors.ts';
import type { Problem } from '../http/problems.ts';
import type { Role } from '../../contract/marketplace.ts';
import type { Config } from '../config.ts';
import type { JobQueue } from '../jobs/queue.ts';
import type { Logger } from '../log.ts';
import { route, type RouteDeps } from '../http/route.ts';
import type { AppEnv } from '../http/session.ts';
import type { SessionRevocations } from './sessions.ts';
import type { LoginThrottle } from './throttle.ts';
import type { UserStore } from './users.ts';
import { accountProblems } from './problems.ts';

const GONE = accountProblems.account_gone;
export const ACCOUNT_DELETED = 'Your account and everything in it have been deleted.';

/** The profile fields matching reads (server/marketplace/matching.ts). */
const MATCHED_FIELDS = ['country', 'language', 'category', 'type_content', 'about', 'job_title', 'tier'] as const;

export interface UserRoutesDeps extends RouteDeps {
  users: UserStore;
  throttle: Pick<LoginThrottle, 'confirmPassword'>;
  config: Pick<Config, 'contractCheck' | 'trustProxy'>;
  /** Profile photos (server/uploads/storage.ts): a replaced or erased account's file is removed. */
  photos: { remove(name: string | null): Promise<void> };
  /** Re-matching after a creator's profile changes (the marketplace's `match` job). */
  jobs: Pick<JobQueue, 'enqueue'>;
  /** Why money held for the account forbids deleting it, or null (server/money/funding.ts). */
  /** Why the account cannot be deleted while money is held for it (the money domain's refusal), or null. */
  funding: { held(userId: string, role: Role): Promise<Problem | null> };
  logger: Pick<Logger, 'info'>;
  /** The deleted account's sessions end, and their open live streams (./sessions.ts). */
  revocations: Pick<SessionRevocations, 'revoke'>;
}

export function userRoutes(services: UserRoutesDeps) {
  const { users, photos, throttle, config } = services;
  const app = new Hono<AppEnv>();

  route(app, services, 'getUser', async (c) => {
    const user = await users.profile(c.get('userId'));
    if (!user) throw new HttpError(401, GONE);
    return { user };
  });

  route(app, services, 'updateProfile', async (c, { body }) => {
    // Absent keys (and image "", which the schema drops) are left alone.
    const changes = Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined)) as typeof body;
    if (typeof changes.image === 'string') {
      // Only the current photo may be echoed back; pointing at another file would let a later upload delete it.
      const current = await users.profile(c.get('userId'));
      if (!current) throw new HttpError(401, GONE);
      if (current.image !== changes.image) {
        throw new HttpError(400, accountProblems.image_not_current);
      }
      delete changes.image;
    }
    const result = await users.update(c.get('userId'), changes);
    if (!result) throw new HttpError(401, GONE);
    if ('image' in changes && result.previousImage !== result.user.image) await photos.remove(result.previousImage);
    // Completing or editing a creator's profile re-runs matching for that creator (docs/product.md §Marketplace), as a job.
    if (c.get('role') === 'creator' && MATCHED_FIELDS.some((field) => field in changes)) {
      await services.jobs.enqueue('match', `match:creator:${c.get('userId')}`, { creatorId: c.get('userId') });
    }
    return { message: 'Perfil actualizado correctamente', user: result.user };
  });

  route(app, services, 'deleteUser', async (c, { body }) => {
    const userId = c.get('userId');
    const account = await users.account(userId);
    if (!account) throw new HttpError(401, GONE);
    if (account.password_hash !== null) {
      if (!body.password) throw new HttpError(400, accountProblems.password_required);
      // A stolen session alone cannot delete a password account.
      await throttle.confirmPassword(
        { email: account.email, ip: clientIp(c, config.trustProxy), userId },
        account.password_hash,
        body.password,
        accountProblems.wrong_password,
      );
    }
    // Money held for the account is never erased with it (docs/product.md §Money): a creator withdraws it first; an advertiser's
    // funds are settled with support.
    const held = await services.funding.held(userId, c.get('role'));
    if (held) throw new HttpError(409, held);
    const erased = await users.erase(userId);
    if (!erased) throw new HttpError(401, GONE);
    services.revocations.revoke(userId);
    // Files go once the rows are gone for good.
    await photos.remove(erased.image);
    services.logger.info('account deleted', { userId });
    return { message: ACCOUNT_DELETED };
  });

  route(app, services, 'getSettings', async (c) => {
    const settings = await users.settings(c.get('userId'));
    if (!settings) throw new HttpError(401, GONE);
    return settings;
  });

  route(app, services, 'updateSettings', async (c, { body }) => {
    const settings = await users.updateSettings(c.get('userId'), body);
    if (!settings) throw new HttpError(401, GONE);
    return settings;
  });

  return app;
}
