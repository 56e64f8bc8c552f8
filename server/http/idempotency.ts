// Idempotency-Key for the requests that move money (docs/product.md §Money, docs/api.md "Idempotency-Key"): a client
// that does not know whether its request arrived sends it again with the same key and gets the first answer, with
// one effect. The key is the caller's own (scoped per user, migration 0021). The first request claims the key before
// it runs (an insert that only one of concurrent duplicates wins); its success answer is stored with the key and
// replayed to every repeat of the same request (method, path and validated body); a repeat that arrives while the
// first still runs waits for its answer. The same key on a different request is refused (422). A refused request
// (4xx) gives its key back, so the corrected request can be sent with it again. Payouts keep their own key on the
// payout itself (server/money/payouts.ts), which the same rules describe.
import crypto from 'node:crypto';
import type { Context } from 'hono';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';
import { HttpError } from './errors.ts';
import { httpProblems } from './http-problems.ts';
import type { AppEnv } from './session.ts';

/** An Idempotency-Key as clients send them (UUIDs, ULIDs, Stripe-style keys): 8 to 255 visible ASCII characters. */
export const isIdempotencyKey = (key: string) => /^[\x21-\x7e]{8,255}$/.test(key);

/** How long a repeat waits for the first request's answer before answering 409 (and how often it looks). */
const WAIT_MS = 15_000;
const POLL_MS = 25;

/** The key of the request, trimmed; undefined when it sent none. 400 when it is malformed. */
export function idempotencyKeyOf(c: Context<AppEnv>): string | undefined {
  const key = c.req.header('idempotency-key')?.trim();
  if (!key) return undefined;
  if (!isIdempotencyKey(key)) throw new HttpError(400, httpProblems.idempotency_key_format);
  return key;
}

export interface Idempotency {
  /**
   * Runs `handler` once per (caller, Idempotency-Key): without a key it simply runs; with one, a repeat of the same
   * request answers what the first answered, a different request with the key is refused (422).
   */
  once<T>(c: Context<AppEnv>, userId: string, body: unknown, handler: () => Promise<T>): Promise<T>;
}

export function createIdempotency(db: Kysely<Database>): Idempotency {
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  return {
    async once<T>(c: Context<AppEnv>, userId: string, body: unknown, handler: () => Promise<T>): Promise<T> {
      const key = idempotencyKeyOf(c);
      if (!key) return handler();
      const fingerprint = crypto
        .createHash('sha256')
        .update(`${c.req.method} ${c.req.path}\n${JSON.stringify(body ?? null)}`)
        .digest('hex');
      const deadline = Date.now() + WAIT_MS;
      for (;;) {
        const claimed = await db
          .insertInto('idempotency_keys')
          .values({ user_id: userId, key, fingerprint, answer: null, created_at: new Date().toISOString() })
          .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
          .returning('key')
          .executeTakeFirst();
        if (claimed) {
          let answer: T;
          try {
            answer = await handler();
          } catch (error) {
            // Refused or failed: the key is free again for the request sent once more (or corrected).
            await db
              .deleteFrom('idempotency_keys')
              .where('user_id', '=', userId)
              .where('key', '=', key)
              .where('answer', 'is', null)
              .execute();
            throw error;
          }
          await db
            .updateTable('idempotency_keys')
            .set({ answer: JSON.stringify(answer) })
            .where('user_id', '=', userId)
            .where('key', '=', key)
            .execute();
          return answer;
        }
        // Someone holds the key: the first request, finished or still running.
        const earlier = await db
          .selectFrom('idempotency_keys')
          .select(['fingerprint', 'answer'])
          .where('user_id', '=', userId)
          .where('key', '=', key)
          .executeTakeFirst();
        if (!earlier) continue; // it was refused meanwhile and gave the key back: claim it
        if (earlier.fingerprint !== fingerprint) throw new HttpError(422, httpProblems.idempotency_key_reused);
        if (earlier.answer !== null) return JSON.parse(earlier.answer) as T;
        if (Date.now() > deadline) throw new HttpError(409, httpProblems.idempotency_key_in_flight);
        await sleep(POLL_MS);
      }
    },
  };
}
