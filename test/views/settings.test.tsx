// Settings (docs/product.md §Accounts): the notifications switch read and saved, the password change with its checks and the
// server's answers, the delete dialog asking for the password; each through its machine with controlled actors.
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { changePasswordMachine } from '@/machines/accounts/changePassword.machine';
import { deleteAccountMachine } from '@/machines/accounts/deleteAccount.machine';
import { settingsMachine, type SettingsChanges, type SettingsValues } from '@/machines/accounts/settings.machine';
import { messages } from '@/src/messages';
import { SettingsScreen } from '@/src/accounts/Settings';
import { settingsActions } from '@/src/accounts/settings';
import { controlled, renderScreen } from './harness';

function setup(
  values: SettingsValues = { notifications: true, hasPassword: true, locale: 'en' },
  actions: Parameters<typeof settingsMachine.provide>[0]['actions'] = {},
) {
  const load = controlled<SettingsValues>();
  const save = controlled<SettingsValues, SettingsChanges>();
  const change = controlled<{ message: string; token: string }, { currentPassword: string; newPassword: string }>();
  const remove = controlled<void, { password: string | undefined }>();
  const logic = {
    settings: settingsMachine.provide({ actors: { loadSettings: load.logic, saveSettings: save.logic }, actions }),
    changePassword: changePasswordMachine.provide({ actors: { changePassword: change.logic } }),
    deleteAccount: deleteAccountMachine.provide({ actors: { deleteAccount: remove.logic } }),
  };
  const view = renderScreen(<SettingsScreen logic={logic} />, { path: '/settings', jwt: 'session.jwt' });
  return { view, load, save, change, remove, values, user: userEvent.setup() };
}

describe('Settings', () => {
  it('puts the whole page in the language saved, keeps it in this browser, and leaves it when the save is refused', async () => {
    const { load, save, user } = setup(undefined, settingsActions);
    await load.resolve({ notifications: true, hasPassword: true, locale: 'en' });
    const language = () => screen.getByRole('radiogroup', { name: /^(Language|Idioma)$/ });
    const spanish = within(language()).getByRole('radio', { name: 'Español' });
    expect(within(language()).getByText('Español')).toHaveAttribute('lang', 'es-MX');

    await user.click(spanish);
    // Not before the account keeps it.
    expect(screen.getByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
    await save.reject(new Error('Service unavailable'));
    expect(within(language()).getByRole('radio', { name: 'English' })).toBeChecked();
    expect(document.documentElement.lang).not.toBe('es-MX');

    await user.click(within(language()).getByRole('radio', { name: 'Español' }));
    await save.resolve({ notifications: true, hasPassword: true, locale: 'es-MX' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Configuración' })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Notificaciones' })).toBeChecked();
    expect(within(language()).getByRole('radio', { name: 'Español' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Cambiar contraseña' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('es-MX');
    expect(window.localStorage.getItem('locale')).toBe('es-MX');
  });

  it('reads the stored switch, saves a change and puts it back when the save is refused', async () => {
    const { load, save, user } = setup();
    const toggle = screen.getByRole('switch', { name: 'Notifications' });
    expect(toggle).toBeDisabled();
    await load.resolve({ notifications: false, hasPassword: true, locale: 'en' });
    expect(toggle).toHaveAttribute('aria-checked', 'false');

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    expect(save.inputs).toEqual([{ notifications: true, locale: 'en' }]);
    await save.resolve({ notifications: true, hasPassword: true, locale: 'en' });
    expect(toggle).toBeEnabled();

    await user.click(toggle);
    await save.reject(new Error('Service unavailable'));
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByText('Service unavailable')).toBeInTheDocument();
  });

  it('checks the three password fields before calling, shows the server’s refusal, and confirms a change', async () => {
    const { load, change, view, user } = setup();
    await load.resolve({ notifications: true, hasPassword: true, locale: 'en' });
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    await user.click(screen.getByRole('button', { name: 'Change' }));
    expect(screen.getAllByText(messages.required)).toHaveLength(3);
    expect(change.started).toBe(0);

    await user.type(screen.getByLabelText('Old Password'), 'Old-Password-1');
    await user.type(screen.getByLabelText('New Password'), 'Copper-Lantern-77');
    await user.type(screen.getByLabelText('Confirm New Password'), 'Copper-Lantern-78');
    expect(screen.getByText('The passwords do not match.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Confirm New Password'));
    await user.type(screen.getByLabelText('Confirm New Password'), 'Copper-Lantern-77');
    await user.click(screen.getByRole('button', { name: 'Change' }));
    expect(change.inputs).toEqual([{ currentPassword: 'Old-Password-1', newPassword: 'Copper-Lantern-77' }]);

    await change.reject(new Error('Your current password is not correct'));
    expect(screen.getByText('Your current password is not correct')).toBeInTheDocument();
    expect(screen.getByLabelText('Old Password')).toHaveValue('Old-Password-1');

    await user.click(screen.getByRole('button', { name: 'Change' }));
    await change.resolve({
      message: 'Your password has been changed. Other devices have been signed out.',
      token: 'renewed.jwt',
    });
    expect(screen.queryByLabelText('Old Password')).not.toBeInTheDocument();
    expect(screen.getByText('Your password has been changed. Other devices have been signed out.')).toBeInTheDocument();
    expect(view.session().getSnapshot().context.jwt).toBe('renewed.jwt');
  });

  it('tells a Google-only account how to set a password, and deletes it without one', async () => {
    const { load, remove, user } = setup();
    await load.resolve({ notifications: true, hasPassword: false, locale: 'en' });
    expect(screen.queryByRole('button', { name: 'Change Password' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Forgot password' })).toHaveAttribute('href', '/forgot-password');
    await user.click(screen.getByRole('button', { name: 'Delete Account' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Are you sure you want to delete your account?' });
    expect(within(dialog).queryByLabelText('Password')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Yes, Delete' }));
    expect(remove.inputs).toEqual([{ password: undefined }]);
  });

  it('asks a password account for its password, shows a refusal, and signs out after the deletion', async () => {
    const { load, remove, view, user } = setup();
    await load.resolve({ notifications: true, hasPassword: true, locale: 'en' });
    await user.click(screen.getByRole('button', { name: 'Delete Account' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Are you sure you want to delete your account?' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, Delete' }));
    expect(within(dialog).getByText(messages.required)).toBeInTheDocument();
    expect(remove.started).toBe(0);

    await user.type(within(dialog).getByLabelText('Password'), 'wrong');
    await user.click(within(dialog).getByRole('button', { name: 'Yes, Delete' }));
    expect(within(dialog).getByRole('button', { name: 'Yes, Delete' })).toBeDisabled();
    await remove.reject(new Error('The password is not correct'));
    expect(within(dialog).getByText('The password is not correct')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Yes, Delete' }));
    expect(remove.inputs.at(-1)).toEqual({ password: 'wrong' });
    await remove.resolve();
    await act(async () => {});
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(view.session().getSnapshot().context.jwt).toBeNull();
  });
});
