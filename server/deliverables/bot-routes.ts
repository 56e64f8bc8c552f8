// The chat bot's endpoints (docs/product.md §The chat bot): the offer's creator and its campaign's advertiser read
// the bot's progress and its posts (the proof); the creator pauses and resumes it per offer, and gives or withdraws
// consent per connected platform (Connect Accounts). Anyone else's offer is a 404 (server/marketplace/access.ts).
import { Hono } from 'hono';
import type { Kysely } from 'kysely';
import type { OfferStatus } from '../../contract/marketplace.ts';
import type { Database } from '../db/types.ts';
import { HttpError } from '../http/errors.ts';
import { route, type RouteDeps } from '../http/route.ts';
import { requireRole, type AppEnv } from '../http/session.ts';
import { offerParty } from '../marketplace/access.ts';
import { offerState } from '../marketplace/problems.ts';
import { botPosts, setBotConsent, setBotPaused } from './bot.ts';
import { deliverablesProblems as problems } from './problems.ts';
import type { Progress } from './progress.ts';

export interface BotRoutesDeps extends RouteDeps {
  db: Kysely<Database>;
  progress: Pick<Progress, 'factsOf'>;
}

export function botRoutes(services: BotRoutesDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const { db } = services;

  /** The offer's progress; 404 unless its campaign asks for chat posts and it has been accepted. */
  async function chatProgress(offerId: string) {
    const fact = (await services.progress.factsOf([offerId])).get(offerId);
    if (!fact?.progress?.chat) throw new HttpError(404, problems.bot_none);
    return { fact, progress: fact.progress };
  }

  route(app, services, 'getOfferBot', { authorize: offerParty(db) }, async (c) => {
    const id = c.req.param('id')!;
    const { progress } = await chatProgress(id);
    return { progress, posts: await botPosts(db, id) };
  });

  route(app, services, 'pauseOfferBot', { authorize: offerParty(db) }, async (c, { body }) => {
    requireRole(c, 'creator');
    const id = c.req.param('id')!;
    const { fact } = await chatProgress(id);
    if (fact.status !== 'accepted' && fact.status !== 'active')
      throw new HttpError(409, problems.bot_offer_not_running.with({ status: offerState(fact.status as OfferStatus) }));
    await setBotPaused(db, id, body.paused);
    const { progress } = await chatProgress(id);
    return { progress, posts: await botPosts(db, id) };
  });

  route(app, services, 'setBotConsent', async (c, { body }) => {
    const creatorId = requireRole(c, 'creator');
    const platform = c.req.param('platform');
    if (platform !== 'twitch' && platform !== 'youtube') throw new HttpError(404, problems.bot_platform_unknown);
    await setBotConsent(db, creatorId, platform, body.consent);
    return { platform, consent: body.consent };
  });

  return app;
}
