// Sign-in throttling (docs/api.md "Sign-in and tokens"), after OWASP's Authentication Cheat Sheet (protect against
// automated attacks) without account lockout: growing delays instead of a hard lock, counted
//  - per (account, address) pair: PAIR.free failures, then 1 s, 2 s, 4 s … capped at MAX_DELAY_MS;
//  - per address across every e-mail (credential stuffing): a larger budget, then growing delays;
//  - per account across every address (a botnet guessing one password): a budget, then growing delays,
// where the last two never apply to an address the account signed in from before (or reset its password from): an
// attacker's failures elsewhere never keep the owner out of their usual address, and a password reset (another way
// in, through the mailbox) clears the account's failures. Unknown e-mails are counted and answered exactly like
// existing ones. Everything lives in the database, so every API process sharing it sees the same counts.
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';
import type { Problem } from '../http/problems.ts';
import { accountProblems } from './problems.ts';
import { HttpError } from '../http/errors.ts';
import { addressBlock } from '../http/client-ip.ts';
import { verifyPassword } from './passwords.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Failures allowed without a wait, and how long a failure counts. */
export interface Budget {
  free: number;
  windowMs: number;
}

/** One (account, address) pair: the owner mistyping, or someone guessing one account from one place. */
export const PAIR: Budget = { free: 5, windowMs: DAY };
/** One address across all e-mails, from addresses the accounts never signed in from. */
export const ADDRESS: Budget = { free: 100, windowMs: HOUR };
/** One account across all addresses it never signed in from. */
export const ACCOUNT: Budget = { free: 20, windowMs: DAY };
/** The longest wait the throttle asks for (growing delays stop growing here). */
export const MAX_DELAY_MS = 15 * MINUTE;
/** An address counts as the account's own for this long after its latest successful sign-in. */
export const KNOWN_ADDRESS_MS = 90 * DAY;

export interface ThrottleKeys {
  /** Normalised e-mail. */
  email: string;
  /** The client address (server/http/client-ip.ts). */
  ip: string;
  /** The account with that e-mail, when there is one: its known addresses are looked up. */
  userId?: string | null;
}

/** The wait after `count` failures (the last one at `last`): none within the budget, then 1 s, 2 s, 4 s … capped. */
export function delayAfter(count: number, free: number): number {
  if (count < free) return 0;
  return Math.min(MAX_DELAY_MS, SECOND * 2 ** Math.min(count - free, 30));
}

/** The 429's message: the same for every e-mail, existing or not. */
export function throttledMessage(what: ThrottledWhat, seconds: number): Problem {
  // "45 seconds", "1 minute", "15 minutes".
  const [unit, count] = seconds < 60 ? ['seconds', seconds] : ['minutes', Math.ceil(seconds / 60)];
  return accountProblems.sign_in_throttled.with({ what, unit, count });
}

/** Which attempts failed: signing in, or a signed-in user confirming their password. */
export type ThrottledWhat = 'sign-in' | 'password';

export function createLoginThrottle(db: Kysely<Database>, now: () => number = Date.now) {
  /**
   * When `budget` allows the next attempt, from the failures `where` selects within its window (all but row `except`):
   * their last one plus the delay their count earns (0 when there is none).
   */
  async function tally(
    budget: Budget,
    where: { email?: string; ip?: string; wide?: boolean },
    current: number,
    except?: number,
  ): Promise<number> {
    let query = db
      .selectFrom('sign_in_failures')
      .select((eb) => [eb.fn.countAll<number | string>().as('n'), eb.fn.max('at').as('last')])
      .where('at', '>', current - budget.windowMs);
    if (where.email !== undefined) query = query.where('email', '=', where.email);
    if (where.ip !== undefined) query = query.where('ip', '=', where.ip);
    if (where.wide) query = query.where('wide', '=', 1);
    if (except !== undefined) query = query.where('id', '!=', except);
    const row = await query.executeTakeFirst();
    const count = Number(row?.n ?? 0);
    if (!row?.last) return 0;
    return Number(row.last) + delayAfter(count, budget.free);
  }

  /** When the next attempt is allowed (ms since the epoch; at or before `current` when it is now). */
  async function allowedAt(email: string, ip: string, known: boolean, current: number, except?: number) {
    let at = await tally(PAIR, { email, ip }, current, except);
    if (!known) {
      at = Math.max(
        at,
        await tally(ADDRESS, { ip, wide: true }, current, except),
        await tally(ACCOUNT, { email, wide: true }, current, except),
      );
    }
    return at;
  }

  async function isKnown(userId: string | null | undefined, ip: string, current: number): Promise<boolean> {
    // Looked up for unknown e-mails too (no row), so both cost the same.
    const row = await db
      .selectFrom('sign_in_addresses')
      .select('last_at')
      .where('user_id', '=', userId ?? '')
      .where('ip', '=', ip)
      .executeTakeFirst();
    return row !== undefined && Number(row.last_at) > current - KNOWN_ADDRESS_MS;
  }

  function refuse(what: ThrottledWhat, at: number, current: number): never {
    const seconds = Math.max(1, Math.ceil((at - current) / SECOND));
    throw new HttpError(429, throttledMessage(what, seconds), { 'Retry-After': String(seconds) });
  }

  /** Remembers `ip` as one of the account's addresses, and clears that pair's failures. */
  async function remember(email: string, userId: string, ip: string, current: number): Promise<void> {
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('sign_in_failures').where('email', '=', email).where('ip', '=', ip).execute();
      await trx
        .insertInto('sign_in_addresses')
        .values({ user_id: userId, ip, last_at: current })
        .onConflict((oc) => oc.columns(['user_id', 'ip']).doUpdateSet({ last_at: current }))
        .execute();
      await trx
        .deleteFrom('sign_in_addresses')
        .where('user_id', '=', userId)
        .where('last_at', '<=', current - KNOWN_ADDRESS_MS)
        .execute();
    });
  }

  const throttle = {
    /**
     * Starts one password attempt for `keys`: throws 429 with Retry-After (`what` names the attempts in the message)
     * while it has to wait; otherwise the attempt is counted as a failure at once, so parallel attempts see each other,
     * until `succeeded` says otherwise.
     */
    async begin(keys: ThrottleKeys, what: ThrottledWhat = 'sign-in'): Promise<{ succeeded(): Promise<void> }> {
      const email = keys.email;
      const ip = addressBlock(keys.ip);
      const current = now();
      const known = await isKnown(keys.userId, ip, current);
      // Cheap refusal first: a blocked attempt writes nothing.
      const at = await allowedAt(email, ip, known, current);
      if (at > current) refuse(what, at, current);
      const id = await db.transaction().execute(async (trx) => {
        await trx
          .deleteFrom('sign_in_failures')
          .where('at', '<=', current - Math.max(PAIR.windowMs, ADDRESS.windowMs, ACCOUNT.windowMs))
          .execute();
        const row = await trx
          .insertInto('sign_in_failures')
          .values({ email, ip, at: current, wide: known ? 0 : 1 })
          .returning('id')
          .executeTakeFirstOrThrow();
        return Number(row.id);
      });
      // Checked again with the attempts under way alongside this one counted: a burst is not let through together
      // (with two at once near a limit, both may wait; neither gets an extra guess).
      const raced = await allowedAt(email, ip, known, current, id);
      if (raced > current) {
        await db.deleteFrom('sign_in_failures').where('id', '=', id).execute();
        refuse(what, raced, current);
      }
      return {
        async succeeded() {
          if (keys.userId) await remember(email, keys.userId, ip, now());
          else await db.deleteFrom('sign_in_failures').where('id', '=', id).execute();
        },
      };
    },

    /**
     * A signed-in user re-entering their password (change password, delete account): throttled and counted like
     * sign-in, so a stolen session cannot guess it; a wrong one is a 400 with `wrongMessage`.
     */
    async confirmPassword(
      keys: ThrottleKeys,
      passwordHash: string,
      password: string,
      wrongMessage: Problem,
    ): Promise<void> {
      const attempt = await throttle.begin(keys, 'password');
      if (!(await verifyPassword(passwordHash, password))) throw new HttpError(400, wrongMessage);
      await attempt.succeeded();
    },

    /** A new account, registered from `ip`: the address it signed up from is one of its own from the start. */
    async registered(keys: ThrottleKeys & { userId: string }): Promise<void> {
      await remember(keys.email, keys.userId, addressBlock(keys.ip), now());
    },

    /**
     * A password reset from `ip` (the mailbox proved): the account's failures go, wherever they came from, and `ip`
     * becomes one of its addresses.
     */
    async passwordReset(keys: ThrottleKeys & { userId: string }): Promise<void> {
      const current = now();
      await db.deleteFrom('sign_in_failures').where('email', '=', keys.email).execute();
      await remember(keys.email, keys.userId, addressBlock(keys.ip), current);
    },
  };
  return throttle;
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
