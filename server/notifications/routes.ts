// GET /api/notifications, POST /api/notifications/read|clear, POST /api/events/ticket and the SSE stream
// GET /api/events?ticket=… (issue 13): event ids are notification ids, a keep-alive comment every
// KEEP_ALIVE_MS, and a client resuming with Last-Event-ID (or ?lastEventId=) gets what it missed.
import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { HttpError, route } from '../http/route.ts';
import type { AppEnv, Services } from '../services.ts';
import type { Notification } from '../../contract/schemas/marketplace.ts';
import { TICKET_SECONDS } from './tickets.ts';

export const KEEP_ALIVE_MS = 15_000;
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

    return streamSSE(c, async (stream) => {
      const queue: Notification[] = [];
      let wake: (() => void) | null = null;
      let highest = lastId ?? 0;
      const unsubscribe = bus.subscribe(userId, (notification) => {
        queue.push(notification);
        wake?.();
      });
      let closed = false;
      stream.onAbort(() => {
        closed = true;
        wake?.();
      });
      try {
        await stream.writeSSE({ event: 'ready', data: JSON.stringify({ unread: await services.notifier.unread(userId) }), retry: RETRY_MS });
        // What the client missed while away (subscribed first, so nothing falls between the two).
        if (lastId !== null) queue.unshift(...(await services.notifier.since(userId, lastId)));
        while (!closed) {
          while (queue.length > 0 && !closed) {
            const notification = queue.shift()!;
            if (notification.id <= highest) continue;
            highest = notification.id;
            await stream.writeSSE({ event: 'notification', id: String(notification.id), data: JSON.stringify(notification) });
          }
          if (closed) break;
          const waited = await new Promise<'event' | 'idle'>((resolve) => {
            const timer = setTimeout(() => resolve('idle'), KEEP_ALIVE_MS);
            wake = () => {
              clearTimeout(timer);
              resolve('event');
            };
          });
          wake = null;
          if (waited === 'idle' && !closed) await stream.write(': keep-alive\n\n');
        }
      } finally {
        unsubscribe();
      }
    });
  });

  return app;
}
