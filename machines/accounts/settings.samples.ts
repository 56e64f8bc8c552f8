// The settings flow's samples, for its generated paths and the inspector (catalogued in machines/samples.ts).
import type { Fixture } from '../events';
import type { settingsMachine } from './settings.machine';

export const samples = {
  events: {
    'notifications.set': [
      { type: 'notifications.set', on: false },
      { type: 'notifications.set', on: true },
    ],
    'xstate.done.actor.loadSettings': [
      { type: 'xstate.done.actor.loadSettings', output: { notifications: true, hasPassword: true } },
    ],
    'xstate.done.actor.saveSettings': [
      { type: 'xstate.done.actor.saveSettings', output: { notifications: false, hasPassword: true } },
    ],
  },
  abstract: (context) => ({ on: context.notifications, failed: context.error !== null }),
} satisfies Fixture<typeof settingsMachine>;
