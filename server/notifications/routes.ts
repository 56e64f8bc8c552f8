// GET /api/notifications, POST /api/notifications/read|clear, POST /api/events/ticket and the SSE stream
// GET /api/events?ticket=… (docs/product.md §Offers, threads, notifications): event ids are notification ids, a keep-alive comment every
// KEEP_ALIVE_MS, and a client resuming with Last-Event-ID (or ?lastEventId=) gets what it missed.
//
// Notifications do not reach a stream in id order: ids are taken at insert, and a transaction that took a lower one
// can commit later; with several instances a stream gets its own instance's notifications at once and the others'
// a moment later (docs/product.md §Several instances). So a stream remembers which ids it sent rather than the highest, and one resuming after
// id N gets those after N and those made shortly before N (LATE_COMMIT_MS): some the client may have already, and it
// tells them apart by id (machines/notifications.machine.ts lists each id once). The same read catches a stream up
// when pushes may have been lost (the cluster's transport was down: Bus.resync).
//
// A stream lives no longer than the session that asked for its ticket (docs/product.md §Live events): when the
// account's sessions end (password changed or reset, account deleted; on any instance) it checks its session again
// and ends, writing nothing more meanwhile; it also checks every SESSION_RECHECK_MS in case that news was lost. Its
// ticket opens it once (server/notifications/tickets.ts).
import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { runLiveStream } from '../http/live-stream.ts';
import type { SessionRevocations } from '../accounts/sessions.ts';
import type { UserStore } from '../accounts/users.ts';
import { HttpError, route, type RouteDeps } from '../http/route.ts';
import type { AppEnv } from '../http/session.ts';
import type { Logger } from '../log.ts';
import type { Notification } from '../../contract/schemas/marketplace.ts';
import { isNotification, type Bus, type LiveMessage } from './bus.ts';
import { notificationProblems as problems } from './problems.ts';
import type { Notifier } from './store.ts';
import { TICKET_SECONDS, type Tickets } from './tickets.ts';

/** The reconnection delay EventSource is told to use. */
const RETRY_MS = 2_000;
/** How many of the ids it sent a stream remembers (to send each once); an older one sent again is a duplicate the client drops. */
const SENT_MEMORY = 1_000;
/** How often an open stream checks its session without being told (a safety net for a lost revocation message). */
export const SESSION_RECHECK_MS = 30_000;
/** Queued to end a stream whose session ended. */
const ENDED = Symbol('session ended');

export interface NotificationRoutesDeps extends RouteDeps {
  notifier: Notifier;
  bus: Bus;
  tickets: Tickets;
  /** A ticket names a session version: the account's current one must still match. */
  users: Pick<UserStore, 'session'>;
  /** Tells open streams that their user's sessions ended (server/accounts/sessions.ts). */
  revocations: Pick<SessionRevocations, 'watch'>;
  logger: Pick<Logger, 'warn'>;
}

export function notificationRoutes(services: NotificationRoutesDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const { notifier, bus, tickets, users } = services;

  route(app, services, 'listNotifications', (c) => notifier.list(c.get('userId')));
  route(app, services, 'readNotifications', async (c, { body }) => ({
    unread: await notifier.markRead(c.get('userId'), body.upTo),
  }));
  route(app, services, 'clearNotifications', async (c, { body }) => ({
    unread: await notifier.clear(c.get('userId'), body.upTo),
  }));

  route(app, services, 'eventsTicket', async (c) => {
    const userId = c.get('userId');
    const session = await users.session(userId);
    if (!session) throw new HttpError(401, problems.session_ended);
    return { ticket: tickets.issue({ userId, version: session.version }), expiresIn: TICKET_SECONDS };
  });

  route(app, services, 'events', async (c, { query }) => {
    const claims = tickets.verify(query.ticket);
    const session = claims ? await users.session(claims.userId) : null;
    if (!claims || !session || session.version !== claims.version) {
      throw new HttpError(401, problems.ticket_invalid);
    }
    if (!(await tickets.consume(claims))) {
      throw new HttpError(401, problems.ticket_used);
    }
    const userId = claims.userId;
    /** Whether the session the ticket was issued for is still the account's (false once the account is gone). */
    const signedIn = async () => {
      try {
        return (await users.session(userId))?.version === claims.version;
      } catch (error) {
        services.logger.warn('events: a stream could not check its session', { error: (error as Error).message });
        return true;
      }
    };
    const header = c.req.header('last-event-id');
    // A client that names where it is (even 0: "I listed nothing yet") gets everything after it, so a notification
    // made between its list and this connection is not lost; one that names nothing starts from now.
    const given = /^\d{1,15}$/.test(header ?? '') ? header! : query.lastEventId;
    const lastId = given === undefined ? null : Number(given);

    return streamSSE(c, (stream) => {
      const sent = new Set<number>();
      // Where a catch-up reads from: the newest notification sent (or named by the client); a stream that named
      // nothing reads what was made since it opened.
      let cursor = lastId ?? 0;
      const opened = lastId === null ? new Date().toISOString() : undefined;
      const catchUp = async (push: (notification: Notification) => void) => {
        try {
          for (const notification of await services.notifier.resume(userId, cursor, opened)) push(notification);
        } catch (error) {
          services.logger.warn('events: a stream could not read what it missed', { error: (error as Error).message });
        }
      };
      // A session check under way: nothing is written until it answers (a revoked stream sends nothing more).
      let checking: Promise<boolean> | null = null;
      return runLiveStream<LiveMessage | typeof ENDED>(stream, {
        kind: 'notifications',
        subscribe: (push) => {
          const check = () => {
            const current = signedIn();
            checking = current;
            void current.then((valid) => {
              if (checking === current) checking = null;
              if (!valid) push(ENDED);
            });
          };
          const unsubscribe = bus.subscribe(userId, push, () => void catchUp(push));
          const unwatch = services.revocations.watch(userId, check);
          const timer = setInterval(check, SESSION_RECHECK_MS);
          timer.unref();
          return () => {
            clearInterval(timer);
            unwatch();
            unsubscribe();
          };
        },
        start: async (queue) => {
          // The session may have ended between the check above and the watch.
          if (!(await signedIn())) return false;
          await stream.writeSSE({
            event: 'ready',
            data: JSON.stringify({ unread: await services.notifier.unread(userId) }),
            retry: RETRY_MS,
          });
          // What the client missed while away (subscribed first, so nothing falls between the two).
          if (lastId !== null) queue.unshift(...(await services.notifier.resume(userId, lastId)));
          return true;
        },
        write: async (notification) => {
          if (notification === ENDED) return false;
          if (checking && !(await checking)) return false;
          // A signal (the archive grew) is not stored: no id, nothing to resume (docs/product.md §Chat archive).
          if (!isNotification(notification)) {
            await stream.writeSSE({ event: 'archive', data: JSON.stringify(notification) });
            return true;
          }
          if (sent.has(notification.id)) return true;
          sent.add(notification.id);
          if (sent.size > SENT_MEMORY) sent.delete(sent.values().next().value!);
          cursor = Math.max(cursor, notification.id);
          await stream.writeSSE({
            event: 'notification',
            id: String(notification.id),
            data: JSON.stringify(notification),
          });
          return true;
        },
      });
    });
  });

  return app;
}
