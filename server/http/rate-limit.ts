// Request limits kept in the database (a fixed window per key), so every process sharing it counts together.
// A rule limits one action per client address and, where the action names an e-mail, per e-mail as well.
import type { Context } from 'hono';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/types.ts';
import { clientIp } from './client-ip.ts';
import { HttpError } from './errors.ts';
import { httpProblems } from './http-problems.ts';
import type { Problem } from './problems.ts';

export interface RateRule {
  /** Names the action in keys and messages. */
  name: string;
  windowMs: number;
  perIp: number;
  /** Per e-mail address; absent when the action names none. */
  perEmail?: number;
  /** Per signed-in user (checkUser). */
  perUser?: number;
  /** Per signed-in user within one scope, e.g. one offer's thread (checkUser with a scope). */
  perScope?: number;
  /** The 429's message for a wait of `seconds`; the generic one when absent. */
  message?: (seconds: number) => Problem;
}

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

/** The limits of the account flows; RATE_LIMIT_SCALE multiplies every count (tests and demos only). */
export const RATE_RULES = {
  register: { name: 'register', windowMs: HOUR, perIp: 20 },
  forgotPassword: { name: 'forgot-password', windowMs: HOUR, perIp: 20, perEmail: 5 },
  resetPassword: { name: 'reset-password', windowMs: 15 * 60 * 1000, perIp: 30 },
  support: { name: 'support', windowMs: HOUR, perIp: 10, perEmail: 5 },
  newsletter: { name: 'newsletter', windowMs: HOUR, perIp: 20, perEmail: 5 },
  // Withdrawals (docs/product.md §Money): a creator's requests, whatever address they come from.
  payouts: { name: 'payouts', windowMs: HOUR, perIp: 60, perUser: 10 },
  // Self-serve money (docs/product.md §Self-serve money): an advertiser's Checkout pages opened and refunds asked for.
  deposits: { name: 'deposits', windowMs: HOUR, perIp: 60, perUser: 30 },
  refunds: { name: 'refunds', windowMs: HOUR, perIp: 60, perUser: 10 },
  // Thread messages (docs/product.md §Threads): an author's messages in all threads, and in one thread (the scope).
  threadMessages: {
    name: 'thread-messages',
    windowMs: MINUTE,
    perIp: 30,
    perUser: 30,
    perScope: 10,
    message: (seconds) => httpProblems.messages_too_fast.with({ seconds }),
  },
} as const satisfies Record<string, RateRule>;

export function createRateLimiter(
  db: Kysely<Database>,
  options: { scale: number; trustProxy: boolean; now?: () => number },
) {
  const now = options.now ?? Date.now;
  let hits = 0;

  /** Counts one hit on `key`; returns the seconds to wait when the hit is over `limit`, else 0. */
  async function hit(key: string, limit: number, windowMs: number): Promise<number> {
    const current = now();
    const expired = current - windowMs;
    // One statement: a new key starts at 1, an expired window restarts at 1, a live one counts up.
    const row = await db
      .insertInto('rate_limits')
      .values({ key, window_start: current, count: 1 })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          count: sql<number>`case when rate_limits.window_start <= ${expired} then 1 else rate_limits.count + 1 end`,
          window_start: sql<number>`case when rate_limits.window_start <= ${expired} then ${current} else rate_limits.window_start end`,
        }),
      )
      .returning(['count', 'window_start'])
      .executeTakeFirstOrThrow();
    if (Number(row.count) <= limit) return 0;
    return Math.max(1, Math.ceil((Number(row.window_start) + windowMs - current) / 1000));
  }

  return {
    /**
     * Counts the request against `rule` for its client address (and `email`); throws a 429 with Retry-After when
     * either is over its limit. Other addresses and e-mails are not affected.
     */
    async check(c: Context, rule: RateRule, email?: string): Promise<void> {
      // Ended windows are dropped every thousand checks; a stale row only costs space.
      if (++hits % 1000 === 0) await this.prune();
      const ip = clientIp(c, options.trustProxy);
      let wait = await hit(`${rule.name}:ip:${ip}`, rule.perIp * options.scale, rule.windowMs);
      if (email !== undefined && rule.perEmail !== undefined) {
        wait = Math.max(wait, await hit(`${rule.name}:email:${email}`, rule.perEmail * options.scale, rule.windowMs));
      }
      if (wait > 0) {
        throw new HttpError(429, httpProblems.too_many_requests.with({ minutes: Math.ceil(wait / 60) }), {
          'Retry-After': String(wait),
        });
      }
    },

    /**
     * Counts a signed-in user's request against `rule` (its perUser limit) and, given a `scope` (one thread), against
     * its perScope limit for that user there; 429 with Retry-After when either is over.
     */
    async checkUser(rule: RateRule, userId: string, scope?: string): Promise<void> {
      let wait = await hit(`${rule.name}:user:${userId}`, (rule.perUser ?? rule.perIp) * options.scale, rule.windowMs);
      // A request already over the user's limit is not counted in its scope: a flood of made-up scopes adds no rows.
      if (wait === 0 && scope !== undefined && rule.perScope !== undefined) {
        wait = Math.max(
          wait,
          await hit(`${rule.name}:scope:${scope}:user:${userId}`, rule.perScope * options.scale, rule.windowMs),
        );
      }
      if (wait > 0) {
        throw new HttpError(
          429,
          rule.message ? rule.message(wait) : httpProblems.too_many_requests.with({ minutes: Math.ceil(wait / 60) }),
          { 'Retry-After': String(wait) },
        );
      }
    },

    /** Drops windows that ended (called now and then; a stale row is harmless, only space). */
    async prune(): Promise<void> {
      const longest = Math.max(...Object.values(RATE_RULES).map((rule) => rule.windowMs));
      await db
        .deleteFrom('rate_limits')
        .where('window_start', '<', now() - longest)
        .execute();
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
