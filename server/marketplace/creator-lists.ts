// An advertiser's saved lists of creators (docs/product.md §Discovery and negotiation): named lists of creators found in
// search, to come back to and invite from. Each list is its advertiser's alone: any other caller gets 404 as if it did
// not exist. A list shows only creators who are listed now (a creator who unpublished the media kit disappears from it
// and from its size, and comes back when they publish again); only a listed creator can be added.
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { CreatorCard, CreatorList } from '../../contract/schemas/search.ts';
import { SEARCH_LIMITS } from '../../contract/search.ts';
import type { Database } from '../db/types.ts';
import { HttpError } from '../http/errors.ts';
import { marketplaceProblems } from './problems.ts';
import type { CreatorSearch } from './search.ts';

export function createCreatorLists(db: Kysely<Database>, search: Pick<CreatorSearch, 'cards'>) {
  /** The listed creators of these lists, newest first. */
  async function members(listIds: string[]): Promise<Map<string, string[]>> {
    const byList = new Map<string, string[]>(listIds.map((id) => [id, []]));
    if (listIds.length === 0) return byList;
    const rows = await db
      .selectFrom('creator_list_members')
      .innerJoin('creator_directory', 'creator_directory.user_id', 'creator_list_members.creator_id')
      .select(['creator_list_members.list_id', 'creator_list_members.creator_id'])
      .where('creator_list_members.list_id', 'in', listIds)
      .where('creator_directory.listed', '=', 1)
      .orderBy('creator_list_members.added_at', 'desc')
      .orderBy('creator_list_members.creator_id')
      .execute();
    for (const row of rows) byList.get(row.list_id)!.push(row.creator_id);
    return byList;
  }

  const present = (row: { id: string; name: string; created_at: string }, creatorIds: string[]): CreatorList => ({
    id: row.id,
    name: row.name,
    size: creatorIds.length,
    creatorIds,
    createdAt: row.created_at,
  });

  /** The advertiser's own list, or 404. */
  async function own(advertiserId: string, id: string) {
    const row = await db
      .selectFrom('creator_lists')
      .select(['id', 'name', 'created_at'])
      .where('id', '=', id)
      .where('advertiser_id', '=', advertiserId)
      .executeTakeFirst();
    if (!row) throw new HttpError(404, marketplaceProblems.list_unknown);
    return row;
  }

  async function one(advertiserId: string, id: string): Promise<CreatorList> {
    const row = await own(advertiserId, id);
    return present(row, (await members([row.id])).get(row.id)!);
  }

  return {
    /** 404 unless list `id` is the advertiser's (the routes' authorize step). */
    own,

    async list(advertiserId: string): Promise<CreatorList[]> {
      const rows = await db
        .selectFrom('creator_lists')
        .select(['id', 'name', 'created_at'])
        .where('advertiser_id', '=', advertiserId)
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .execute();
      const byList = await members(rows.map((row) => row.id));
      return rows.map((row) => present(row, byList.get(row.id)!));
    },

    async create(advertiserId: string, name: string): Promise<CreatorList> {
      const { n } = await db
        .selectFrom('creator_lists')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('advertiser_id', '=', advertiserId)
        .executeTakeFirstOrThrow();
      if (Number(n) >= SEARCH_LIMITS.lists)
        throw new HttpError(409, marketplaceProblems.lists_full.with({ max: SEARCH_LIMITS.lists }));
      const row = { id: crypto.randomUUID(), advertiser_id: advertiserId, name, created_at: new Date().toISOString() };
      await db.insertInto('creator_lists').values(row).execute();
      return present(row, []);
    },

    async detail(advertiserId: string, id: string): Promise<{ list: CreatorList; creators: CreatorCard[] }> {
      const list = await one(advertiserId, id);
      return { list, creators: await search.cards(list.creatorIds) };
    },

    async rename(advertiserId: string, id: string, name: string): Promise<CreatorList> {
      await own(advertiserId, id);
      await db
        .updateTable('creator_lists')
        .set({ name })
        .where('id', '=', id)
        .where('advertiser_id', '=', advertiserId)
        .execute();
      return one(advertiserId, id);
    },

    async remove(advertiserId: string, id: string): Promise<void> {
      await own(advertiserId, id);
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('creator_list_members').where('list_id', '=', id).execute();
        await trx.deleteFrom('creator_lists').where('id', '=', id).where('advertiser_id', '=', advertiserId).execute();
      });
    },

    /** Adds a listed creator (again: no change); 404 for a creator who is not listed. */
    async add(advertiserId: string, id: string, creatorId: string): Promise<CreatorList> {
      await own(advertiserId, id);
      const listed = await db
        .selectFrom('creator_directory')
        .select('user_id')
        .where('user_id', '=', creatorId)
        .where('listed', '=', 1)
        .executeTakeFirst();
      if (!listed) throw new HttpError(404, marketplaceProblems.creator_unknown);
      const { n } = await db
        .selectFrom('creator_list_members')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('list_id', '=', id)
        .executeTakeFirstOrThrow();
      if (Number(n) >= SEARCH_LIMITS.listMembers)
        throw new HttpError(409, marketplaceProblems.list_full.with({ max: SEARCH_LIMITS.listMembers }));
      await db
        .insertInto('creator_list_members')
        .values({ list_id: id, creator_id: creatorId, added_at: new Date().toISOString() })
        .onConflict((oc) => oc.columns(['list_id', 'creator_id']).doNothing())
        .execute();
      return one(advertiserId, id);
    },

    /** Takes a creator off the list (not in it: no change). */
    async drop(advertiserId: string, id: string, creatorId: string): Promise<CreatorList> {
      await own(advertiserId, id);
      await db
        .deleteFrom('creator_list_members')
        .where('list_id', '=', id)
        .where('creator_id', '=', creatorId)
        .execute();
      return one(advertiserId, id);
    },
  };
}

export type CreatorLists = ReturnType<typeof createCreatorLists>;
