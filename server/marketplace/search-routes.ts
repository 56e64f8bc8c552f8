// The endpoints of creator search (docs/product.md §Discovery and negotiation), registered by ./routes.ts: search,
// saved lists and invitations, for advertisers whose company profile is approved (other roles 403 from the contract's
// endpointRoles, an advertiser not approved 403 from the authorize step, both before anything of the request is
// read); someone else's list or campaign answers 404.
import type { Context, Hono } from 'hono';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';
import { requestLocale } from '../http/problems.ts';
import { route, type RouteDeps } from '../http/route.ts';
import type { AppEnv } from '../http/session.ts';
import type { Notifier } from '../notifications/store.ts';
import { ownCampaign } from './access.ts';
import { createCreatorLists } from './creator-lists.ts';
import { createInvitations } from './invitations.ts';
import type { OfferStore } from './offers.ts';
import { approvedAdvertiser, createCreatorSearch } from './search.ts';

export interface SearchRoutesDeps extends RouteDeps {
  db: Kysely<Database>;
  offers: Pick<OfferStore, 'get'>;
  notifier: Pick<Notifier, 'create'>;
}

export function searchRoutes(app: Hono<AppEnv>, services: SearchRoutesDeps): void {
  const { db } = services;
  const search = createCreatorSearch(db);
  const lists = createCreatorLists(db, search);
  const invitations = createInvitations(services);
  const approved = approvedAdvertiser(db);
  const me = (c: Context<AppEnv>) => c.get('userId');
  const listId = (c: Context<AppEnv>) => c.req.param('id')!;

  const approvedOnly = { authorize: (c: Context<AppEnv>) => approved(me(c)) };
  const listOwner = {
    authorize: async (c: Context<AppEnv>) => {
      await approved(me(c));
      await lists.own(me(c), listId(c));
    },
  };
  const campaignOwner = {
    authorize: async (c: Context<AppEnv>) => {
      await approved(me(c));
      await ownCampaign(db)(c);
    },
  };

  route(app, services, 'searchCreators', approvedOnly, (_c, { query }) => search.search(query));
  route(app, services, 'listCreatorLists', approvedOnly, async (c) => ({ lists: await lists.list(me(c)) }));
  route(app, services, 'createCreatorList', approvedOnly, async (c, { body }) => ({
    list: await lists.create(me(c), body.name),
  }));
  route(app, services, 'getCreatorList', listOwner, (c) => lists.detail(me(c), listId(c)));
  route(app, services, 'renameCreatorList', listOwner, async (c, { body }) => ({
    list: await lists.rename(me(c), listId(c), body.name),
  }));
  route(app, services, 'deleteCreatorList', listOwner, async (c) => {
    await lists.remove(me(c), listId(c));
    return { deleted: true as const };
  });
  route(app, services, 'addToCreatorList', listOwner, async (c) => ({
    list: await lists.add(me(c), listId(c), c.req.param('creatorId')!),
  }));
  route(app, services, 'removeFromCreatorList', listOwner, async (c) => ({
    list: await lists.drop(me(c), listId(c), c.req.param('creatorId')!),
  }));
  // Why a campaign cannot take the invitation is worded for the reader (server/marketplace/problems.ts).
  route(app, services, 'inviteOptions', approvedOnly, async (c) => {
    c.header('Vary', 'Accept-Language', { append: true });
    return { campaigns: await invitations.options(me(c), c.req.param('id')!, requestLocale(c)) };
  });
  route(app, services, 'inviteCreator', campaignOwner, async (c, { body }) => {
    const id = await invitations.invite(me(c), c.req.param('id')!, body);
    return { offer: await services.offers.get({ userId: me(c), role: 'advertiser' }, id) };
  });
}
