// GET/PUT /api/overlay, POST /api/overlay/rotate and GET /api/overlay/status (creators), the overlay page's stream
// GET /api/overlay/stream?token=, POST /api/overlay/heartbeat and POST /api/overlay/presence (the token alone
// authenticates them), and an offer's display proof (docs/product.md §The overlay for OBS, §Verified delivery).
//
// The stream: `state` events carry the full OverlayState (sent on every connect and every change; the event id is its
// version), `revoked` tells a page that its token was rotated (the stream ends), and a keep-alive comment every 15 s
// keeps proxies from closing an idle connection.
import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { Config } from '../config.ts';
import { clientIp } from '../http/client-ip.ts';
import { runLiveStream } from '../http/live-stream.ts';
import { HttpError, route, type RouteDeps } from '../http/route.ts';
import type { AppEnv } from '../http/session.ts';
import type { Logger } from '../log.ts';
import { overlayProblems } from './problems.ts';
import type { Overlays, OverlaySignal } from './store.ts';

/** The reconnection delay EventSource is told to use (the page's own machine backs off further). */
const RETRY_MS = 1_000;
/** Other roles get this 403 before anything is read (server/http/route.ts, contract/endpoints.ts endpointRoles). */
const CREATORS_ONLY = { forbidden: overlayProblems.creators_only };

export interface OverlayRoutesDeps extends RouteDeps {
  config: Pick<Config, 'contractCheck' | 'trustProxy'>;
  overlays: Overlays;
  logger: Pick<Logger, 'warn'>;
}

export function overlayRoutes(services: OverlayRoutesDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const { overlays } = services;

  const creatorOnly = (role: string) => {
    if (role !== 'creator') throw new HttpError(403, CREATORS_ONLY.forbidden);
  };

  route(app, services, 'getOverlay', CREATORS_ONLY, async (c) => {
    creatorOnly(c.get('role'));
    return { overlay: await overlays.settings(c.get('userId')) };
  });

  route(app, services, 'updateOverlay', CREATORS_ONLY, async (c, { body }) => {
    creatorOnly(c.get('role'));
    return { overlay: await overlays.update(c.get('userId'), body) };
  });

  route(app, services, 'rotateOverlayToken', CREATORS_ONLY, async (c) => {
    creatorOnly(c.get('role'));
    return { overlay: await overlays.rotate(c.get('userId')) };
  });

  route(app, services, 'overlayStatus', CREATORS_ONLY, async (c) => {
    creatorOnly(c.get('role'));
    return { status: await overlays.status(c.get('userId')) };
  });

  // The address is kept only as a keyed hash, a fraud signal (server/overlay/store.ts).
  route(app, services, 'overlayHeartbeat', (c, { body }) =>
    overlays.heartbeat({ ...body, address: clientIp(c, services.config.trustProxy) }),
  );

  route(app, services, 'overlayPresence', async (_c, { body }) => {
    await overlays.presence(body.token, body.host);
    return { received: true as const };
  });

  route(app, services, 'offerDisplay', async (c) => ({
    display: await overlays.display({ userId: c.get('userId'), role: c.get('role') }, c.req.param('id')!),
  }));

  route(app, services, 'overlayStream', async (c, { query }) => {
    const creatorId = await overlays.creatorOf(query.token);
    if (!creatorId) throw new HttpError(404, overlayProblems.token_unknown);

    return streamSSE(c, (stream) => {
      let sent = 0;
      return runLiveStream<OverlaySignal>(stream, {
        kind: 'overlay',
        // After pushes may have been lost (the instances' transport reconnected): the token is checked again (a
        // rotation on another instance meanwhile ends this stream) and the page gets the current state.
        subscribe: (push) =>
          overlays.hub.subscribe(creatorId, push, () => {
            const resync = async () => {
              if ((await overlays.creatorOf(query.token)) !== creatorId) push({ kind: 'revoked' });
              else push({ kind: 'state', state: await overlays.state(creatorId) });
            };
            resync().catch((error: unknown) =>
              services.logger.warn('overlay: a stream could not catch up', { error: (error as Error).message }),
            );
          }),
        // Only the newest state matters: a page that fell behind skips to it.
        enqueue: (queue, signal) => {
          if (signal.kind === 'state') {
            const index = queue.findIndex((queued) => queued.kind === 'state');
            if (index >= 0) queue.splice(index, 1);
          }
          queue.push(signal);
        },
        start: async () => {
          // The token may have been rotated between the lookup and the subscription.
          if ((await overlays.creatorOf(query.token)) !== creatorId) {
            await stream.writeSSE({ event: 'revoked', data: '{}' });
            return false;
          }
          const first = await overlays.state(creatorId);
          await stream.writeSSE({
            event: 'state',
            id: String(first.version),
            data: JSON.stringify(first),
            retry: RETRY_MS,
          });
          sent = first.version;
          return true;
        },
        write: async (signal) => {
          if (signal.kind === 'revoked') {
            await stream.writeSSE({ event: 'revoked', data: '{}' });
            return false;
          }
          if (signal.state.version <= sent) return true;
          sent = signal.state.version;
          await stream.writeSSE({ event: 'state', id: String(sent), data: JSON.stringify(signal.state) });
          return true;
        },
      });
    });
  });

  return app;
}
