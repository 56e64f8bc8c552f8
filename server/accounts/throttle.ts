// Login throttling kept in the database, so every API process sharing it sees the same counts.
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';
import { HttpError } from '../http/errors.ts';
import { verifyPassword } from './passwords.ts';

export const MAX_FAILURES = 10;
export const WINDOW_MS = 15 * 60 * 1000;

export interface ThrottleKeys {
  email: string;
  ip: string;
}

function keysOf({ email, ip }: ThrottleKeys): string[] {
  return [`email:${email}`, `ip:${ip}`];
}

export function createLoginThrottle(db: Kysely<Database>, now: () => number = Date.now) {
  return {
    /** Seconds until another attempt is allowed, or 0 when the attempt may go ahead. */
    async retryAfterSeconds(keys: ThrottleKeys): Promise<number> {
      const current = now();
      let retryAt = 0;
      for (const key of keysOf(keys)) {
        const recent = await db
          .selectFrom('login_failures')
          .select('at')
          .where('key', '=', key)
          .where('at', '>', current - WINDOW_MS)
          .orderBy('at', 'desc')
          .limit(MAX_FAILURES)
          .execute();
        const oldest = recent[MAX_FAILURES - 1];
        // Blocked until the oldest of the last MAX_FAILURES failures leaves the window.
        if (oldest) retryAt = Math.max(retryAt, Number(oldest.at) + WINDOW_MS);
      }
      return retryAt > current ? Math.max(1, Math.ceil((retryAt - current) / 1000)) : 0;
    },

    /** Throws 429 with Retry-After while `keys` are blocked; `what` names the attempts in the message. */
    async assertAllowed(keys: ThrottleKeys, what = 'attempts'): Promise<void> {
      const wait = await this.retryAfterSeconds(keys);
      if (wait > 0) {
        throw new HttpError(429, `Too many failed ${what}; try again in ${Math.ceil(wait / 60)} minute(s)`, {
          'Retry-After': String(wait),
        });
      }
    },

    /**
     * A signed-in user re-entering their password (change password, delete account): throttled and counted like
     * sign-in, so a stolen session cannot guess it; a wrong one is a 400 with `wrongMessage`.
     */
    async confirmPassword(
      keys: ThrottleKeys,
      passwordHash: string,
      password: string,
      wrongMessage: string,
    ): Promise<void> {
      await this.assertAllowed(keys);
      if (!(await verifyPassword(passwordHash, password))) {
        await this.recordFailure(keys);
        throw new HttpError(400, wrongMessage);
      }
    },

    async recordFailure(keys: ThrottleKeys): Promise<void> {
      const current = now();
      await db.transaction().execute(async (trx) => {
        await trx
          .deleteFrom('login_failures')
          .where('at', '<=', current - WINDOW_MS)
          .execute();
        await trx
          .insertInto('login_failures')
          .values(keysOf(keys).map((key) => ({ key, at: current })))
          .execute();
      });
    },

    /** A successful sign-in clears the account's count (the address's count stays). */
    async recordSuccess(keys: ThrottleKeys): Promise<void> {
      await db.deleteFrom('login_failures').where('key', '=', `email:${keys.email}`).execute();
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
