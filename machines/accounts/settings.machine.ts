// Settings › Preferences: the Notifications switch (docs/spec.md §2 Settings: on by default) and the account's
// language (docs/architecture.md §Languages), persisted per user (docs/product.md §Accounts: GET/PUT /api/settings);
// the settings read also tells whether the account has a password. A saved language is put on the page by the
// `languageSaved` action the wiring provides (src/accounts/settings.ts); the machine only carries its code.
import { assign, setup } from 'xstate';
import type { Locale } from '@/contract/locales';
import { service } from '../placeholders';

export interface SettingsValues {
  notifications: boolean;
  hasPassword: boolean;
  locale: Locale;
}

/** What a save sends: both preferences as the screen shows them. */
export interface SettingsChanges {
  notifications: boolean;
  locale: Locale;
}

export interface SettingsContext extends SettingsValues {
  /** The preferences as last stored: a refused save puts the screen back to them. */
  saved: SettingsChanges;
  error: string | null;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
const stored = (values: SettingsValues) => ({
  ...values,
  saved: { notifications: values.notifications, locale: values.locale },
});

export const settingsMachine = setup({
  types: {
    context: {} as SettingsContext,
    events: {} as
      | { type: 'notifications.set'; on: boolean }
      | { type: 'language.set'; locale: Locale }
      | { type: 'settings.retry' },
  },
  actors: {
    loadSettings: service<SettingsValues>('loadSettings'),
    saveSettings: service<SettingsValues, SettingsChanges>('saveSettings'),
  },
  actions: {
    /** The account's language as stored: the page speaks it from now on. */
    languageSaved: (_, _locale: Locale) => {},
  },
}).createMachine({
  id: 'settings',
  // The spec's default until the stored value is read.
  context: {
    notifications: true,
    hasPassword: true,
    locale: 'en',
    saved: { notifications: true, locale: 'en' },
    error: null,
  },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadSettings',
        src: 'loadSettings',
        onDone: { target: 'ready', actions: assign(({ event }) => ({ ...stored(event.output), error: null })) },
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
            // A choice shows at once; a refused save puts it back.
            'notifications.set': {
              target: 'saving',
              actions: assign({ notifications: ({ event }) => event.on, error: null }),
            },
            'language.set': {
              target: 'saving',
              actions: assign({ locale: ({ event }) => event.locale, error: null }),
            },
          },
        },
        saving: {
          invoke: {
            id: 'saveSettings',
            src: 'saveSettings',
            input: ({ context }) => ({ notifications: context.notifications, locale: context.locale }),
            onDone: {
              target: 'idle',
              actions: [
                assign(({ event }) => stored(event.output)),
                { type: 'languageSaved', params: ({ event }) => event.output.locale },
              ],
            },
            onError: {
              target: 'idle',
              actions: assign(({ context, event }) => ({ ...context.saved, error: messageOf(event.error) })),
            },
          },
        },
      },
    },
  },
});
