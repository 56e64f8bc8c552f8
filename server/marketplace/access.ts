// Authorize steps for the marketplace's routes (server/http/route.ts RouteOptions.authorize): whether the caller may act
// on the campaign or the offer its path names, checked before the body is read, so that someone else's record answers
// the same 404 whatever was sent (docs/api.md §Conventions). The stores check it again inside their writes.
import type { Context } from 'hono';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';
import { HttpError } from '../http/errors.ts';
import type { AppEnv } from '../http/session.ts';
import { marketplaceProblems } from './problems.ts';

/** 404 unless the campaign `:id` is the calling advertiser's (campaigns.ts answers the same for it). */
export function ownCampaign(db: Kysely<Database>) {
  return async (c: Context<AppEnv>): Promise<void> => {
    const row = await db
      .selectFrom('campaigns')
      .select('id')
      .where('id', '=', c.req.param('id') ?? '')
      .where('advertiser_id', '=', c.get('userId'))
      .executeTakeFirst();
    if (!row) throw new HttpError(404, marketplaceProblems.campaign_unknown);
  };
}

/** 404 unless the caller is the offer `:id`'s creator or its campaign's advertiser (offers.ts answers the same). */
export function offerParty(db: Kysely<Database>) {
  return async (c: Context<AppEnv>): Promise<void> => {
    const column = c.get('role') === 'creator' ? 'offers.creator_id' : 'campaigns.advertiser_id';
    const row = await db
      .selectFrom('offers')
      .innerJoin('campaigns', 'campaigns.id', 'offers.campaign_id')
      .select('offers.id')
      .where('offers.id', '=', c.req.param('id') ?? '')
      .where(column, '=', c.get('userId'))
      .executeTakeFirst();
    if (!row) throw new HttpError(404, marketplaceProblems.offer_unknown);
  };
}

/** The 403 of an offer's answers (accept, decline, request more information) to other roles, as offers.ts words it. */
export const ANSWERS_ARE_THE_CREATORS = marketplaceProblems.answers_are_the_creators;
