// Password-reset links: single use, valid RESET_LINK_MINUTES, and a new request replaces the user's earlier links.
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';
import { hashLinkToken, newLinkToken } from './link-tokens.ts';

export const RESET_LINK_MINUTES = 60;

export type ResetProblem = 'unknown' | 'used' | 'expired';

export function createResetLinks(db: Kysely<Database>, now: () => number = Date.now) {
  return {
    /** A new link token for the user; the user's unused earlier links stop working. */
    async issue(userId: string): Promise<string> {
      const { token, hash } = newLinkToken();
      const current = now();
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('password_resets')
          .set({ used_at: current })
          .where('user_id', '=', userId)
          .where('used_at', 'is', null)
          .execute();
        // Old rows only explain why an old link fails; a day later they go.
        await trx
          .deleteFrom('password_resets')
          .where('expires_at', '<', current - 24 * 60 * 60 * 1000)
          .execute();
        await trx
          .insertInto('password_resets')
          .values({
            token_hash: hash,
            user_id: userId,
            expires_at: current + RESET_LINK_MINUTES * 60 * 1000,
            used_at: null,
            created_at: current,
          })
          .execute();
      });
      return token;
    },

    /** Why the link cannot be used, or null when it can (checked again by consume, inside the transaction). */
    async problem(token: string): Promise<ResetProblem | null> {
      const row = await db
        .selectFrom('password_resets')
        .select(['expires_at', 'used_at'])
        .where('token_hash', '=', hashLinkToken(token))
        .executeTakeFirst();
      if (!row) return 'unknown';
      if (row.used_at !== null) return 'used';
      return Number(row.expires_at) <= now() ? 'expired' : null;
    },

    /**
     * Uses the link inside `trx`: marks it used (only if it still was unused, so two requests racing with one link
     * cannot both succeed) and returns its user, or why it cannot be used.
     */
    async consume(trx: Kysely<Database>, token: string): Promise<{ userId: string } | { problem: ResetProblem }> {
      const hash = hashLinkToken(token);
      const row = await trx
        .selectFrom('password_resets')
        .select(['user_id', 'expires_at', 'used_at'])
        .where('token_hash', '=', hash)
        .executeTakeFirst();
      if (!row) return { problem: 'unknown' };
      if (row.used_at !== null) return { problem: 'used' };
      const current = now();
      if (Number(row.expires_at) <= current) return { problem: 'expired' };
      const result = await trx
        .updateTable('password_resets')
        .set({ used_at: current })
        .where('token_hash', '=', hash)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n ? { userId: row.user_id } : { problem: 'used' };
    },
  };
}

export type ResetLinks = ReturnType<typeof createResetLinks>;
