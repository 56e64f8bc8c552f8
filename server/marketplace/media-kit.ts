// The creator's media kit (docs/product.md §Discovery and negotiation): a handle and whether the public page /c/<handle> is
// published (off by default). Saving writes the `media_kits` row and, in the same transaction, the creator's
// directory row (./directory.ts), so publishing lists the creator in brand search and unpublishing removes the page and
// the listing at once. Handles are unique (the table's constraint decides a race: 409 'That handle is taken').
import type { Kysely } from 'kysely';
import { mediaKitPath, suggestHandle } from '../../contract/mediaKit.ts';
import type { MediaKit } from '../../contract/schemas/mediaKit.ts';
import { isUniqueViolation } from '../accounts/users.ts';
import type { Database } from '../db/types.ts';
import { HttpError } from '../http/errors.ts';
import type { Links } from '../mail/links.ts';
import { creatorFacts, refreshDirectory } from './directory.ts';
import { marketplaceProblems } from './problems.ts';

const SUGGESTION_TRIES = 20;

export interface MediaKits {
  get(userId: string): Promise<MediaKit>;
  update(userId: string, input: { handle: string; published: boolean }): Promise<MediaKit>;
}

export function createMediaKits(deps: { db: Kysely<Database>; links: Pick<Links, 'url'> }): MediaKits {
  const { db, links } = deps;

  /** Whether another creator holds `handle`. */
  const takenByOther = async (executor: Kysely<Database>, handle: string, userId: string) =>
    Boolean(
      await executor
        .selectFrom('media_kits')
        .select('user_id')
        .where('handle', '=', handle)
        .where('user_id', '!=', userId)
        .executeTakeFirst(),
    );

  /** A free handle from `base` (`base`, then `base_2`, `base_3`…); '' when none is free. */
  async function freeHandle(executor: Kysely<Database>, base: string | null, userId: string): Promise<string> {
    if (!base) return '';
    for (let n = 1; n <= SUGGESTION_TRIES; n += 1) {
      const candidate = n === 1 ? base : suggestHandle(`${base.slice(0, 27)}_${n}`);
      if (candidate && !(await takenByOther(executor, candidate, userId))) return candidate;
    }
    return '';
  }

  async function answer(executor: Kysely<Database>, userId: string): Promise<MediaKit> {
    const kit = await executor.selectFrom('media_kits').selectAll().where('user_id', '=', userId).executeTakeFirst();
    const found = await creatorFacts(executor, userId, Date.now(), kit?.handle ?? 'Creator');
    if (!found) throw new HttpError(403, marketplaceProblems.media_kit_creators_only);
    const handle = kit?.handle ?? (await freeHandle(executor, found.suggestion, userId));
    return {
      handle,
      saved: Boolean(kit),
      published: Number(kit?.published ?? 0) === 1,
      publishedAt: kit && Number(kit.published) === 1 ? kit.published_at : null,
      url: handle ? links.url(mediaKitPath(handle)) : null,
      facts: found.facts,
    };
  }

  return {
    get: (userId) => answer(db, userId),

    async update(userId, input) {
      try {
        return await db.transaction().execute(async (trx) => {
          if (await takenByOther(trx, input.handle, userId)) throw new HttpError(409, marketplaceProblems.handle_taken);
          const now = new Date().toISOString();
          const before = await trx
            .selectFrom('media_kits')
            .select(['published', 'published_at'])
            .where('user_id', '=', userId)
            .executeTakeFirst();
          const wasPublished = Number(before?.published ?? 0) === 1;
          const changes = {
            handle: input.handle,
            published: input.published ? 1 : 0,
            // When it was (last) published; kept while it stays published.
            published_at: input.published ? (wasPublished ? (before?.published_at ?? now) : now) : null,
            updated_at: now,
          };
          await trx
            .insertInto('media_kits')
            .values({ user_id: userId, ...changes })
            .onConflict((oc) => oc.column('user_id').doUpdateSet(changes))
            .execute();
          // The page and the listing follow in this transaction: unpublished is gone from search at once.
          await refreshDirectory(trx, [userId]);
          return answer(trx, userId);
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new HttpError(409, marketplaceProblems.handle_taken);
        throw error;
      }
    },
  };
}
