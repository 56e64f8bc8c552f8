// The settings flow's samples, for its generated paths and the inspector (catalogued in machines/samples.ts).
import type { Fixture } from '../events';
import type { settingsMachine } from './settings.machine';

export const samples = {
  events: {
    'notifications.set': [
      { type: 'notifications.set', on: false },
      { type: 'notifications.set', on: true },
    ],
    'language.set': [
      { type: 'language.set', locale: 'es-MX' },
      { type: 'language.set', locale: 'en' },
    ],
    'xstate.done.actor.loadSettings': [
      { type: 'xstate.done.actor.loadSettings', output: { notifications: true, hasPassword: true, locale: 'en' } },
    ],
    'xstate.done.actor.saveSettings': [
      { type: 'xstate.done.actor.saveSettings', output: { notifications: false, hasPassword: true, locale: 'en' } },
      { type: 'xstate.done.actor.saveSettings', output: { notifications: true, hasPassword: true, locale: 'es-MX' } },
    ],
  },
  abstract: (context) => ({ on: context.notifications, locale: context.locale, failed: context.error !== null }),
} satisfies Fixture<typeof settingsMachine>;
