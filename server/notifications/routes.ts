// GET /api/notifications, POST /api/notifications/read|clear, POST /api/events/ticket and the SSE stream
// GET /api/events?ticket=… (issue 13): event ids are notification ids, a keep-alive comment every
// KEEP_ALIVE_MS, and a client resuming with Last-Event-ID (or ?lastEventId=) gets what it missed.
import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { runLiveStream } from '../http/live-stream.ts';
import { HttpError, route } from '../http/route.ts';
import type { AppEnv, Services } from '../services.ts';
import type { Notification } from '../../contract/schemas/marketplace.ts';
import { TICKET_SECONDS } from './tickets.ts';

/** The reconnection delay EventSource is told to use. */
const RETRY_MS = 2_000;

export function notificationRoutes(services: Services): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const { notifier, bus, tickets, users } = services;

  route(app, services, 'listNotifications', (c) => notifier.list(c.get('userId')));
  route(app, services, 'readNotifications', async (c, { body }) => ({ unread: await notifier.markRead(c.get('userId'), body.upTo) }));
  route(app, services, 'clearNotifications', async (c, { body }) => ({ unread: await notifier.clear(c.get('userId'), body.upTo) }));

  route(app, services, 'eventsTicket', async (c) => {
    const userId = c.get('userId');
    const session = await users.session(userId);
    if (!session) throw new HttpError(401, 'Authentication required');
    return { ticket: tickets.issue({ userId, version: session.version }), expiresIn: TICKET_SECONDS };
  });

  route(app, services, 'events', async (c, { query }) => {
    const claims = tickets.verify(query.ticket);
    const session = claims ? await users.session(claims.userId) : null;
    if (!claims || !session || session.version !== claims.version) {
      throw new HttpError(401, 'The events ticket is missing, expired or invalid: get a new one from POST /api/events/ticket');
    }
    const userId = claims.userId;
    const header = c.req.header('last-event-id');
    // A client that names where it is (even 0: "I listed nothing yet") gets everything after it, so a notification
    // made between its list and this connection is not lost; one that names nothing starts from now.
    const given = /^\d{1,15}$/.test(header ?? '') ? header! : query.lastEventId;
    const lastId = given === undefined ? null : Number(given);

    return streamSSE(c, (stream) => {
      let highest = lastId ?? 0;
      return runLiveStream<Notification>(stream, {
        subscribe: (push) => bus.subscribe(userId, push),
        start: async (queue) => {
          await stream.writeSSE({ event: 'ready', data: JSON.stringify({ unread: await services.notifier.unread(userId) }), retry: RETRY_MS });
          // What the client missed while away (subscribed first, so nothing falls between the two).
          if (lastId !== null) queue.unshift(...(await services.notifier.since(userId, lastId)));
          return true;
        },
        write: async (notification) => {
          if (notification.id <= highest) return true;
          highest = notification.id;
          await stream.writeSSE({ event: 'notification', id: String(notification.id), data: JSON.stringify(notification) });
          return true;
        },
      });
    });
  });

  return app;
}
