// GET /api/connections, POST /api/connections/:platform/start, the provider's redirect
// GET /api/connections/:platform/callback, POST /api/connections/:platform/complete (the creator who started takes
// the provider's answer) and DELETE /api/connections/:platform (docs/product.md §Connected accounts); YouTube's
// WebSub hub's verification and pushes at /api/webhooks/youtube/websub (websub.ts).
import { Hono } from 'hono';
import { CONNECT_PLATFORMS, type ConnectPlatform } from '../../contract/connections.ts';
import { HttpError, route, type RouteDeps } from '../http/route.ts';
import type { AppEnv } from '../http/session.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { connectionProblems as problems, unknownPlatform } from './problems.ts';
import type { Connections } from './store.ts';
import { MAX_PUSH_BYTES, type YouTubeFeeds } from './websub.ts';

export function platformParam(value: string | undefined): ConnectPlatform {
  if (!(CONNECT_PLATFORMS as readonly string[]).includes(value ?? ''))
    throw new HttpError(404, unknownPlatform(CONNECT_PLATFORMS));
  return value as ConnectPlatform;
}

export const creatorsOnly = (role: string) => {
  if (role !== 'creator') throw new HttpError(403, problems.creators_only);
};

export interface ConnectionRoutesDeps extends RouteDeps {
  connections: Connections;
  /** A new channel can bring offers: matching reads connected platforms (server/marketplace/match-jobs.ts). */
  jobs: Pick<JobQueue, 'enqueue' | 'poke'>;
  youtubeFeeds: Pick<YouTubeFeeds, 'verify' | 'receive'> | null;
  /** The clock of feed leases (tests move it). */
  now?: () => number;
}

export function connectionRoutes(services: ConnectionRoutesDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const { connections } = services;
  // Other roles get this 403 before anything is read (server/http/route.ts, contract/endpoints.ts endpointRoles).
  const creators = { forbidden: problems.creators_only };

  route(app, services, 'listConnections', creators, async (c) => {
    creatorsOnly(c.get('role'));
    return { connections: await connections.list(c.get('userId')) };
  });

  route(app, services, 'startConnection', creators, async (c) => {
    const platform = platformParam(c.req.param('platform'));
    creatorsOnly(c.get('role'));
    return { url: await connections.start(c.get('userId'), platform) };
  });

  route(app, services, 'connectionCallback', async (c, { query }) => {
    const platform = platformParam(c.req.param('platform'));
    return c.redirect(await connections.callback(platform, query), 302);
  });

  route(app, services, 'completeConnection', creators, async (c, { body }) => {
    const platform = platformParam(c.req.param('platform'));
    creatorsOnly(c.get('role'));
    const userId = c.get('userId');
    const connection = await connections.complete(userId, platform, body.completion);
    await services.jobs.enqueue('match', `match:creator:${userId}`, { creatorId: userId });
    services.jobs.poke();
    return { connection };
  });

  route(app, services, 'disconnect', creators, async (c) => {
    const platform = platformParam(c.req.param('platform'));
    creatorsOnly(c.get('role'));
    return { connection: await connections.disconnect(c.get('userId'), platform) };
  });

  // The hub's verification of intent: the challenge echoed as plain text, only for what we asked.
  route(app, services, 'youtubeFeedVerify', async (c, { query }) => {
    const feeds = services.youtubeFeeds;
    if (!feeds) throw new HttpError(404, problems.feeds_not_subscribed);
    const challenge = await feeds.verify(
      {
        channel: query.channel,
        mode: query['hub.mode'],
        topic: query['hub.topic'],
        challenge: query['hub.challenge'],
        leaseSeconds: query['hub.lease_seconds'],
      },
      (services.now ?? Date.now)(),
    );
    if (challenge === null) throw new HttpError(404, problems.subscription_unknown);
    return c.text(challenge, 200);
  });

  route(app, services, 'youtubeFeedPush', async (c, { query }) => {
    const feeds = services.youtubeFeeds;
    if (!feeds) throw new HttpError(404, problems.feeds_not_subscribed);
    if (Number(c.req.header('content-length') ?? 0) > MAX_PUSH_BYTES) throw new HttpError(413, problems.push_too_large);
    const raw = await c.req.text();
    if (Buffer.byteLength(raw) > MAX_PUSH_BYTES) throw new HttpError(413, problems.push_too_large);
    const received = await feeds.receive(
      query.channel,
      c.req.header('x-hub-signature') ?? undefined,
      raw,
      (services.now ?? Date.now)(),
    );
    return { received };
  });

  return app;
}
