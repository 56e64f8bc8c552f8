// Settings › Preferences, the notifications switch (docs/spec.md §2 Settings: on by default; docs/product.md §Accounts:
// GET and PUT /api/settings), replayed along settings' recorded paths on the real Settings screen: the switch waits for
// the stored value, a failed read offers Try again, a change moves at once and a refused save puts it back.
import { fireEvent, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { changePasswordMachine } from '@/machines/accounts/changePassword.machine';
import { deleteAccountMachine } from '@/machines/accounts/deleteAccount.machine';
import type { Locale } from '@/contract/locales';
import { settingsMachine, type SettingsChanges, type SettingsValues } from '@/machines/accounts/settings.machine';
import { SettingsScreen } from '@/src/accounts/Settings';
import { controlled, renderScreen } from './harness';
import { walkScreens } from './screens';

walkScreens('settings', {
  mount() {
    const load = controlled<SettingsValues>();
    const save = controlled<SettingsValues, SettingsChanges>();
    renderScreen(
      <SettingsScreen
        logic={{
          settings: settingsMachine.provide({ actors: { loadSettings: load.logic, saveSettings: save.logic } }),
          changePassword: changePasswordMachine.provide({
            actors: {
              changePassword: controlled<
                { message: string; token: string },
                { currentPassword: string; newPassword: string }
              >().logic,
            },
          }),
          deleteAccount: deleteAccountMachine.provide({
            actors: { deleteAccount: controlled<void, { password: string | undefined }>().logic },
          }),
        }}
      />,
      { path: '/settings', jwt: 'session.jwt' },
    );
    /**
     * The switch and the language as the person should see them (on and English by default), as last stored, and the
     * API's answers so far.
     */
    const model = {
      on: true,
      locale: 'en' as Locale,
      saved: { on: true, locale: 'en' as Locale },
      error: null as string | null,
      loads: 0,
      saves: 0,
    };
    const preferences = () => within(screen.getByRole('region', { name: 'Preferences' }));
    const toggle = () => preferences().getByRole('switch', { name: 'Notifications' });
    const languages = () => within(preferences().getByRole('radiogroup', { name: 'Language' }));
    /** The language the group shows chosen, by the name a person reads. */
    const chosen = () => ({ en: 'English', 'es-MX': 'Español' })[model.locale];
    const stored = (output: SettingsValues) => {
      model.on = output.notifications;
      model.locale = output.locale;
      model.saved = { on: output.notifications, locale: output.locale };
    };
    return {
      load,
      save,
      model,
      preferences,
      toggle,
      languages,
      chosen,
      gestures: {
        'xstate.done.actor.loadSettings': async ({ output }) => {
          model.loads += 1;
          stored(output);
          model.error = null;
          await load.resolve(output);
        },
        'xstate.error.actor.loadSettings': async ({ error }) => {
          model.loads += 1;
          model.error = (error as Error).message;
          await load.reject(error);
        },
        'settings.retry': () => fireEvent.click(preferences().getByRole('button', { name: 'Try again' })),
        'notifications.set': ({ on }) => {
          expect(toggle()).toHaveAttribute('aria-checked', String(!on));
          model.on = on;
          model.error = null;
          fireEvent.click(toggle());
        },
        'language.set': ({ locale }) => {
          expect(languages().getByRole('radio', { name: chosen() })).toBeChecked();
          model.locale = locale;
          model.error = null;
          fireEvent.click(languages().getByRole('radio', { name: { en: 'English', 'es-MX': 'Español' }[locale] }));
        },
        'xstate.done.actor.saveSettings': async ({ output }) => {
          model.saves += 1;
          stored(output);
          await save.resolve(output);
        },
        'xstate.error.actor.saveSettings': async ({ error }) => {
          model.saves += 1;
          model.on = model.saved.on;
          model.locale = model.saved.locale;
          model.error = (error as Error).message;
          await save.reject(error);
        },
      },
    };
  },
  states: {
    // The stored value is being read: the switch shows the default and cannot move yet. Read again after a failure,
    // the failure's message stays (without Try again) until the answer.
    loading: ({ load, save, model, preferences, toggle }) => {
      expect(load.started).toBe(model.loads + 1);
      expect(save.started).toBe(0);
      expect(toggle()).toBeDisabled();
      expect(toggle()).toHaveAttribute('aria-checked', 'true');
      if (model.error) expect(preferences().getByRole('alert')).toHaveTextContent(model.error);
      else expect(preferences().queryByRole('alert')).not.toBeInTheDocument();
      expect(preferences().queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    },
    // The read failed: its message and Try again; the switch stays put.
    failed: ({ load, model, preferences, toggle }) => {
      expect(load.started).toBe(model.loads);
      expect(preferences().getByRole('alert')).toHaveTextContent(model.error!);
      expect(preferences().getByRole('button', { name: 'Try again' })).toBeEnabled();
      expect(toggle()).toBeDisabled();
    },
    // The switch shows the stored (or saved, or put back) value and can move; a refused save's message, no Try again.
    'ready.idle': ({ load, save, model, preferences, toggle, languages, chosen }) => {
      expect(load.started).toBe(model.loads);
      expect(save.started).toBe(model.saves);
      expect(toggle()).toBeEnabled();
      expect(toggle()).toHaveAttribute('aria-checked', String(model.on));
      expect(languages().getByRole('radio', { name: chosen() })).toBeChecked();
      expect(languages().getByRole('radio', { name: chosen() })).toBeEnabled();
      if (model.error) expect(preferences().getByRole('alert')).toHaveTextContent(model.error);
      else expect(preferences().queryByRole('alert')).not.toBeInTheDocument();
      expect(preferences().queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    },
    // The change is saved: the switch already shows it and waits.
    'ready.saving': ({ save, model, preferences, toggle, languages, chosen }) => {
      expect(save.started).toBe(model.saves + 1);
      expect(save.inputs.at(-1)).toEqual({ notifications: model.on, locale: model.locale });
      expect(toggle()).toBeDisabled();
      expect(languages().getByRole('radio', { name: chosen() })).toBeChecked();
      expect(languages().getByRole('radio', { name: chosen() })).toBeDisabled();
      expect(toggle()).toHaveAttribute('aria-checked', String(model.on));
      expect(preferences().queryByRole('alert')).not.toBeInTheDocument();
    },
  },
});
