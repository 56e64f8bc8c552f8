// The dashboard shell's notifications for screen tests whose paths are about something else (the session, the
// logout confirmation, the side menu): every read and write is a controlled actor the test never settles, and the
// live feed and its connection are silent, so no notification arrives and the bell stays as it first rendered.
import { fromCallback, type EventObject } from 'xstate';
import type { Notification } from '@/contract';
import { notificationsMachine } from '@/machines/notifications/notifications.machine';
import { controlled } from './harness';

const silentFeed = fromCallback<EventObject, void>(() => () => {});
const silentConnection = fromCallback<EventObject, { lastEventId: number | null }>(() => () => {});

export function silentNotifications() {
  return notificationsMachine.provide({
    actors: {
      listNotifications: controlled<{ notifications: Notification[]; unread: number }>().logic,
      readNotifications: controlled<{ unread: number }, { upTo: number }>().logic,
      clearNotifications: controlled<{ unread: number }, { upTo: number }>().logic,
      liveFeed: silentFeed,
      connection: silentConnection,
    },
  });
}
