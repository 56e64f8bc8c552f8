// Settings › Notifications switch (docs/spec.md §2 Settings: on by default), persisted per user (docs/product.md §Accounts: GET/PUT
// /api/settings); the settings read also tells whether the account has a password.
import { assign, setup } from 'xstate';
import { service } from '../placeholders';

export interface SettingsValues {
  notifications: boolean;
  hasPassword: boolean;
}

export interface SettingsContext extends SettingsValues {
  error: string | null;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export const settingsMachine = setup({
  types: {
    context: {} as SettingsContext,
    events: {} as { type: 'notifications.set'; on: boolean } | { type: 'settings.retry' },
  },
  actors: {
    loadSettings: service<SettingsValues>('loadSettings'),
    saveSettings: service<SettingsValues, { notifications: boolean }>('saveSettings'),
  },
}).createMachine({
  id: 'settings',
  // The spec's default until the stored value is read.
  context: { notifications: true, hasPassword: true, error: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadSettings',
        src: 'loadSettings',
        onDone: { target: 'ready', actions: assign(({ event }) => ({ ...event.output, error: null })) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => messageOf(event.error) }) },
      },
    },
    failed: {
      on: { 'settings.retry': 'loading' },
    },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            // The switch moves at once; a refused save puts it back.
            'notifications.set': {
              target: 'saving',
              actions: assign({ notifications: ({ event }) => event.on, error: null }),
            },
          },
        },
        saving: {
          invoke: {
            id: 'saveSettings',
            src: 'saveSettings',
            input: ({ context }) => ({ notifications: context.notifications }),
            onDone: { target: 'idle', actions: assign(({ event }) => ({ ...event.output })) },
            onError: {
              target: 'idle',
              actions: assign(({ context, event }) => ({
                notifications: !context.notifications,
                error: messageOf(event.error),
              })),
            },
          },
        },
      },
    },
  },
});
