// The notifications' implementations (docs/product.md §Offers, threads, notifications): the list, read and clear calls (GET /api/notifications, POST
// /api/notifications/read|clear), the live hub's feed, and the live events connection (POST /api/events/ticket,
// then the EventSource on GET /api/events) that publishes what it receives to the hub.
import { useMemo } from 'react';
import { fromCallback, fromPromise, type EventObject } from 'xstate';
import type { Notification } from '@/contract';
import { notificationsMachine, type NotificationsEvent } from '@/machines/notifications/notifications.machine';
import { subscribeLive } from './liveHub';
import { api, requireJwt, useAppWiring } from '../accounts/session';

export type NotificationsLogic = typeof notificationsMachine;

export function notificationsActors(jwt: () => string | null) {
  return {
    listNotifications: fromPromise<{ notifications: Notification[]; unread: number }, void>(async () =>
      (await api()).request('listNotifications', { jwt: requireJwt(jwt()) }),
    ),
    readNotifications: fromPromise<{ unread: number }, { upTo: number }>(async ({ input }) =>
      (await api()).request('readNotifications', { jwt: requireJwt(jwt()), json: input }),
    ),
    clearNotifications: fromPromise<{ unread: number }, { upTo: number }>(async ({ input }) =>
      (await api()).request('clearNotifications', { jwt: requireJwt(jwt()), json: input }),
    ),
  };
}

/** The hub's notifications as the notifications machine's `notification.received`. */
export const liveFeedLogic = fromCallback<EventObject, void>(({ sendBack }) =>
  subscribeLive((notification) =>
    sendBack({ type: 'notification.received', notification } satisfies NotificationsEvent),
  ),
);

/**
 * The live connection, loaded once the list is shown: its statechart and the EventSource code are not needed to
 * render or use the dashboard, so they stay out of every screen's first load (./liveConnection.ts).
 */
export function lazyConnectionLogic(jwt: () => string | null) {
  return fromCallback<EventObject, { lastEventId: number | null }>(({ input }) => {
    let connection: { stop(): void } | null = null;
    let stopped = false;
    void import('./liveEvents').then(({ startLiveConnection }) => {
      if (!stopped) connection = startLiveConnection(jwt, input);
    });
    return () => {
      stopped = true;
      connection?.stop();
    };
  });
}

/** The shell's notifications: `logic` (tests) replaces the whole wiring. */
export function useNotificationsLogic(logic?: NotificationsLogic): NotificationsLogic {
  const app = useAppWiring();
  return useMemo(
    () =>
      logic ??
      notificationsMachine.provide({
        actors: { ...notificationsActors(app.jwt), liveFeed: liveFeedLogic, connection: lazyConnectionLogic(app.jwt) },
      }),
    [logic, app],
  );
}
