// Settings (docs/product.md §Accounts): the notifications switch read and saved, the password change with its checks and the
// server's answers, the delete dialog asking for the password; each through its machine with controlled actors.
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { changePasswordMachine } from '@/machines/accounts/changePassword.machine';
import { deleteAccountMachine } from '@/machines/accounts/deleteAccount.machine';
import { settingsMachine, type SettingsValues } from '@/machines/accounts/settings.machine';
import { messages } from '@/src/messages';
import { SettingsScreen } from '@/src/accounts/Settings';
import { controlled, renderScreen } from './harness';

function setup(values: SettingsValues = { notifications: true, hasPassword: true }) {
  const load = controlled<SettingsValues>();
  const save = controlled<SettingsValues, { notifications: boolean }>();
  const change = controlled<{ message: string; token: string }, { currentPassword: string; newPassword: string }>();
  const remove = controlled<void, { password: string | undefined }>();
  const logic = {
    settings: settingsMachine.provide({ actors: { loadSettings: load.logic, saveSettings: save.logic } }),
    changePassword: changePasswordMachine.provide({ actors: { changePassword: change.logic } }),
    deleteAccount: deleteAccountMachine.provide({ actors: { deleteAccount: remove.logic } }),
  };
  const view = renderScreen(<SettingsScreen logic={logic} />, { path: '/settings', jwt: 'session.jwt' });
  return { view, load, save, change, remove, values, user: userEvent.setup() };
}

describe('Settings', () => {
  it('reads the stored switch, saves a change and puts it back when the save is refused', async () => {
    const { load, save, user } = setup();
    const toggle = screen.getByRole('switch', { name: 'Notifications' });
    expect(toggle).toBeDisabled();
    await load.resolve({ notifications: false, hasPassword: true });
    expect(toggle).toHaveAttribute('aria-checked', 'false');

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    expect(save.inputs).toEqual([{ notifications: true }]);
    await save.resolve({ notifications: true, hasPassword: true });
    expect(toggle).toBeEnabled();

    await user.click(toggle);
    await save.reject(new Error('Service unavailable'));
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByText('Service unavailable')).toBeInTheDocument();
  });

  it('checks the three password fields before calling, shows the server’s refusal, and confirms a change', async () => {
    const { load, change, view, user } = setup();
    await load.resolve({ notifications: true, hasPassword: true });
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
    await load.resolve({ notifications: true, hasPassword: false });
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
    await load.resolve({ notifications: true, hasPassword: true });
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
