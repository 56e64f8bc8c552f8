// Login throttling kept in the database, so every API process sharing it sees the same counts.
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';

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

    async recordFailure(keys: ThrottleKeys): Promise<void> {
      const current = now();
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('login_failures').where('at', '<=', current - WINDOW_MS).execute();
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
