// Settings › Change Password (docs/spec.md §2 Settings, §4 Change password; docs/product.md §Accounts), replayed along
// changePassword's recorded paths on the real Settings screen: collapsed behind its button, the three fields checked
// before anything is sent, the server's refusal under them, and its confirmation once the form collapses again.
import { fireEvent, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { changePasswordMachine, type ChangePasswordField } from '@/machines/accounts/changePassword.machine';
import { deleteAccountMachine } from '@/machines/accounts/deleteAccount.machine';
import { settingsMachine, type SettingsChanges, type SettingsValues } from '@/machines/accounts/settings.machine';
import { SettingsScreen } from '@/src/accounts/Settings';
import { messages } from '@/src/messages';
import { controlled, renderScreen } from './harness';
import { walkScreens } from './screens';

const LABEL = { current: 'Old Password', next: 'New Password', confirm: 'Confirm New Password' } as const;
const FIELDS = ['current', 'next', 'confirm'] as const;

/** What each field says once a submit found them wrong (docs/spec.md §5: required, 6 characters, the same twice). */
function expectedErrors(values: Record<ChangePasswordField, string>): Partial<Record<ChangePasswordField, string>> {
  const errors: Partial<Record<ChangePasswordField, string>> = {};
  if (values.current === '') errors.current = messages.required;
  if (values.next === '') errors.next = messages.required;
  else if ([...values.next].length < 6) errors.next = 'Use at least 6 characters.';
  if (values.confirm === '') errors.confirm = messages.required;
  else if (values.next !== '' && values.confirm !== values.next) errors.confirm = 'The passwords do not match.';
  return errors;
}

walkScreens('changePassword', {
  async mount() {
    const load = controlled<SettingsValues>();
    const change = controlled<{ message: string; token: string }, { currentPassword: string; newPassword: string }>();
    const view = renderScreen(
      <SettingsScreen
        logic={{
          settings: settingsMachine.provide({
            actors: {
              loadSettings: load.logic,
              saveSettings: controlled<SettingsValues, SettingsChanges>().logic,
            },
          }),
          changePassword: changePasswordMachine.provide({ actors: { changePassword: change.logic } }),
          deleteAccount: deleteAccountMachine.provide({
            actors: { deleteAccount: controlled<void, { password: string | undefined }>().logic },
          }),
        }}
      />,
      { path: '/settings', jwt: 'session.jwt' },
    );
    await load.resolve({ notifications: true, hasPassword: true, locale: 'en' });
    /** What the person typed and saw: the errors a refused submit showed, the server's last answer. */
    const model = {
      values: { current: '', next: '', confirm: '' } as Record<ChangePasswordField, string>,
      errorsShown: false,
      refusal: null as string | null,
      notice: null as string | null,
      token: 'session.jwt',
      settled: 0,
    };
    const clear = () => {
      model.values = { current: '', next: '', confirm: '' };
      model.errorsShown = false;
      model.refusal = null;
    };
    const section = () => within(screen.getByRole('region', { name: 'Change Password' }));
    const field = (name: ChangePasswordField) => section().getByLabelText(LABEL[name]);
    return {
      view,
      change,
      model,
      section,
      field,
      gestures: {
        'password.expand': () => {
          clear();
          model.notice = null;
          fireEvent.click(section().getByRole('button', { name: 'Change Password' }));
        },
        'password.discard': () => {
          clear();
          fireEvent.click(section().getByRole('button', { name: 'Discard' }));
        },
        'field.change': ({ field: name, value }) => {
          model.values[name] = value;
          fireEvent.change(field(name), { target: { value } });
        },
        'password.change': () => {
          const complete = Object.keys(expectedErrors(model.values)).length === 0;
          model.errorsShown = !complete;
          if (complete) model.refusal = null;
          fireEvent.click(section().getByRole('button', { name: 'Change' }));
        },
        'xstate.done.actor.changePassword': async ({ output }) => {
          model.settled += 1;
          clear();
          model.notice = output.message;
          model.token = output.token;
          await change.resolve(output);
        },
        'xstate.error.actor.changePassword': async ({ error }) => {
          model.settled += 1;
          model.refusal = (error as Error).message;
          await change.reject(error);
        },
      },
    };
  },
  states: {
    // Only the button; the server's confirmation after a change; the session on the token it holds.
    collapsed: ({ view, change, model, section }) => {
      const button = section().getByRole('button', { name: 'Change Password' });
      expect(button).toHaveAttribute('aria-expanded', 'false');
      expect(section().queryByLabelText(LABEL.current)).not.toBeInTheDocument();
      expect(section().queryByRole('button', { name: 'Change' })).not.toBeInTheDocument();
      if (model.notice) expect(section().getByRole('status')).toHaveTextContent(model.notice);
      else expect(section().queryByRole('status')).not.toBeInTheDocument();
      expect(section().queryByRole('alert')).not.toBeInTheDocument();
      expect(change.started).toBe(model.settled);
      expect(view.session().getSnapshot().context.jwt).toBe(model.token);
    },
    // The three fields as typed, each error a refused submit showed (following the field), the server's refusal.
    'expanded.editing': ({ change, model, section, field }) => {
      expect(section().queryByRole('button', { name: 'Change Password' })).not.toBeInTheDocument();
      const errors = model.errorsShown ? expectedErrors(model.values) : {};
      for (const name of FIELDS) {
        expect(field(name)).toHaveValue(model.values[name]);
        expect(field(name)).toBeEnabled();
        if (errors[name]) expect(field(name)).toHaveAccessibleDescription(errors[name]);
        else expect(field(name)).not.toHaveAttribute('aria-invalid');
      }
      if (model.refusal) expect(section().getByRole('alert')).toHaveTextContent(model.refusal);
      else expect(section().queryByRole('alert')).not.toBeInTheDocument();
      expect(section().queryByRole('status')).not.toBeInTheDocument();
      expect(section().getByRole('button', { name: 'Change' })).toBeEnabled();
      expect(section().getByRole('button', { name: 'Discard' })).toBeEnabled();
      expect(change.started).toBe(model.settled);
    },
    // The change is on its way: fields and buttons wait.
    'expanded.submitting': ({ change, model, section, field }) => {
      expect(change.started).toBe(model.settled + 1);
      expect(change.inputs.at(-1)).toEqual({ currentPassword: model.values.current, newPassword: model.values.next });
      for (const name of FIELDS) expect(field(name)).toBeDisabled();
      expect(section().getByRole('button', { name: 'Change' })).toBeDisabled();
      expect(section().getByRole('button', { name: 'Change' })).toHaveAttribute('aria-busy', 'true');
      expect(section().getByRole('button', { name: 'Discard' })).toBeDisabled();
      expect(section().queryByRole('alert')).not.toBeInTheDocument();
    },
  },
});
