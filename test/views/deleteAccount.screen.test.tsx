// Settings › Delete Account (docs/spec.md §2 Settings, §4 Delete dialog; docs/product.md §Accounts), replayed along
// deleteAccount's recorded paths on the real Settings screen: the dialog asks a password account for its password
// (a Google-only account, as the settings read says, for nothing), shows the server's refusal, and after the deletion
// the session ends.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import { changePasswordMachine } from '@/machines/accounts/changePassword.machine';
import { deleteAccountMachine } from '@/machines/accounts/deleteAccount.machine';
import { settingsMachine, type SettingsChanges, type SettingsValues } from '@/machines/accounts/settings.machine';
import { SettingsScreen } from '@/src/accounts/Settings';
import { messages } from '@/src/messages';
import { controlled, renderScreen } from './harness';
import { walkScreens } from './screens';

const TITLE = 'Are you sure you want to delete your account?';

walkScreens('deleteAccount', {
  mount() {
    const load = controlled<SettingsValues>();
    const remove = controlled<void, { password: string | undefined }>();
    const view = renderScreen(
      <SettingsScreen
        logic={{
          settings: settingsMachine.provide({
            actors: {
              loadSettings: load.logic,
              saveSettings: controlled<SettingsValues, SettingsChanges>().logic,
            },
          }),
          changePassword: changePasswordMachine.provide({
            actors: {
              changePassword: controlled<
                { message: string; token: string },
                { currentPassword: string; newPassword: string }
              >().logic,
            },
          }),
          deleteAccount: deleteAccountMachine.provide({ actors: { deleteAccount: remove.logic } }),
        }}
      />,
      { path: '/settings', jwt: 'session.jwt' },
    );
    /** Whether the account has a password (the settings read), what was typed, the server's last answer. */
    const model = {
      loaded: false,
      passwordRequired: true,
      password: '',
      missing: false,
      refusal: null as string | null,
      settled: 0,
    };
    const dialog = () => screen.getByRole('alertdialog', { name: TITLE });
    const yes = () => within(dialog()).getByRole('button', { name: 'Yes, Delete' });
    const no = () => within(dialog()).getByRole('button', { name: 'No, Cancel' });
    return {
      view,
      remove,
      model,
      dialog,
      yes,
      no,
      gestures: {
        // The settings read tells whether the account has a password; then the person asks to delete it.
        'delete.open': async ({ passwordRequired }) => {
          if (!model.loaded) {
            model.loaded = true;
            await load.resolve({ notifications: true, hasPassword: passwordRequired, locale: 'en' });
          }
          Object.assign(model, { passwordRequired, password: '', missing: false, refusal: null });
          fireEvent.click(screen.getByRole('button', { name: 'Delete Account' }));
        },
        'password.change': ({ value }) => {
          model.password = value;
          model.missing = false;
          fireEvent.change(within(dialog()).getByLabelText('Password'), { target: { value } });
        },
        'delete.confirm': () => {
          const can = !model.passwordRequired || model.password !== '';
          if (can) model.refusal = null;
          else model.missing = true;
          fireEvent.click(yes());
        },
        'delete.cancel': () => fireEvent.click(no()),
        'delete.dismiss': () => fireEvent.keyDown(dialog(), { key: 'Escape' }),
        'xstate.done.actor.deleteAccount': async ({ output }) => {
          model.settled += 1;
          await remove.resolve(output);
        },
        'xstate.error.actor.deleteAccount': async ({ error }) => {
          model.settled += 1;
          model.refusal = (error as Error).message;
          await remove.reject(error);
        },
      },
    };
  },
  states: {
    // The screen without the dialog, still signed in, nothing sent since the last answer.
    closed: async ({ view, remove, model }) => {
      await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
      expect(screen.getByRole('button', { name: 'Delete Account' })).toBeEnabled();
      expect(remove.started).toBe(model.settled);
      expect(view.session().getSnapshot().context.jwt).toBe('session.jwt');
    },
    // The dialog asks: the password field for a password account ("Este campo es obligatorio" after Yes without it),
    // the server's refusal, both buttons ready.
    'open.confirming': ({ remove, model, dialog, yes, no }) => {
      expect(dialog()).toHaveTextContent("Once you delete you won't be able to undo it.");
      const field = within(dialog()).queryByLabelText('Password');
      if (model.passwordRequired) {
        expect(field).toHaveValue(model.password);
        expect(field).toBeEnabled();
        if (model.missing)
          expect(field).toHaveAccessibleDescription(`Enter your password to confirm. ${messages.required}`);
        else expect(field).not.toHaveAttribute('aria-invalid');
      } else expect(field).not.toBeInTheDocument();
      if (model.refusal) expect(within(dialog()).getByRole('alert')).toHaveTextContent(model.refusal);
      else expect(within(dialog()).queryByRole('alert')).not.toBeInTheDocument();
      expect(yes()).toBeEnabled();
      expect(no()).toBeEnabled();
      expect(remove.started).toBe(model.settled);
    },
    // The deletion is on its way (with the password a password account typed): both buttons wait.
    'open.deleting': ({ remove, model, yes, no }) => {
      expect(remove.started).toBe(model.settled + 1);
      expect(remove.inputs.at(-1)).toEqual({ password: model.passwordRequired ? model.password : undefined });
      expect(yes()).toBeDisabled();
      expect(yes()).toHaveAttribute('aria-busy', 'true');
      expect(no()).toBeDisabled();
    },
    // Deleted: the dialog is gone and the session has ended.
    deleted: async ({ view, remove, model }) => {
      await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
      expect(remove.started).toBe(model.settled);
      expect(view.session().getSnapshot().context.jwt).toBeNull();
      expect(view.session().getSnapshot().matches('signedOut')).toBe(true);
    },
  },
});
