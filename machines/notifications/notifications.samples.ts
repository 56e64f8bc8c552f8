// The notifications flow's samples, for its generated paths and the inspector (catalogued in machines/samples.ts).
import type { Fixture } from '../events';
import type { notificationsMachine } from './notifications.machine';
import { sampleNotification } from './samples';

export const samples = {
  events: {
    'xstate.done.actor.listNotifications': [
      {
        type: 'xstate.done.actor.listNotifications',
        output: { notifications: [sampleNotification(2), sampleNotification(1, { read: true })], unread: 1 },
      },
      { type: 'xstate.done.actor.listNotifications', output: { notifications: [], unread: 0 } },
    ],
    'notification.received': [{ type: 'notification.received', notification: sampleNotification(3) }],
  },
  // What the guards read: cards listed, any unread, the running Clear All's progress (its timeline), a read being sent.
  abstract: (context) => ({
    cards: context.notifications.length,
    unread: context.notifications.some((n) => !n.read),
    clear: context.clearUpTo === null ? null : [context.count, context.faded, context.hidden, context.elapsed],
    reading: context.readUpTo !== null,
  }),
} satisfies Fixture<typeof notificationsMachine>;
