import { useMachine } from '@xstate/react';
import type { ChangePasswordField } from '@/machines/accounts/changePassword.machine';
import {
  selectPasswordChanging,
  selectPasswordErrors,
  selectPasswordFieldsShown,
  selectPasswordNotice,
  selectPasswordServerError,
  selectPasswordValues,
} from '@/machines/accounts/changePassword.select';
import { selectDeleteDialogOpen, selectDeleteForm, selectDeleting } from '@/machines/accounts/deleteAccount.select';
import {
  selectHasPassword,
  selectNotificationsOn,
  selectSettingsError,
  selectSettingsFailed,
  selectSwitchDisabled,
} from '@/machines/accounts/settings.select';
import { inspect } from '@/src/app/inspect';
import { messages } from '@/src/messages';
import { useChangePasswordLogic, type ChangePasswordLogic } from '@/src/accounts/changePassword';
import { useDeleteAccountLogic, type DeleteAccountLogic } from '@/src/accounts/deleteAccount';
import { useSettingsLogic, type SettingsLogic } from '@/src/accounts/settings';
import { Alert } from '@/src/ui/Alert';
import { AlertDialog } from '@/src/ui/AlertDialog';
import { Button } from '@/src/ui/Button';
import { Card } from '@/src/ui/Card';
import { Field } from '@/src/ui/Field';
import { Icon } from '@/src/ui/Icon';
import { Link } from '@/src/ui/Link';
import { Switch } from '@/src/ui/Switch';
import { ScreenHeading } from '@/src/shell/ScreenHeading';
import * as s from './account.css';

export interface SettingsLogics {
  settings?: SettingsLogic;
  changePassword?: ChangePasswordLogic;
  deleteAccount?: DeleteAccountLogic;
}

/** Settings (docs/spec.md §2): notifications switch, change password, delete account — each real (docs/product.md §Accounts). */
export function SettingsScreen({ logic = {} }: { logic?: SettingsLogics }) {
  const [snapshot, send] = useMachine(useSettingsLogic(logic.settings), { inspect });
  const hasPassword = selectHasPassword(snapshot);
  const error = selectSettingsError(snapshot);
  return (
    <div className={s.stack}>
      <ScreenHeading title="Settings" />
      <Card as="section" aria-labelledby="settings-preferences" className={s.stack}>
        <h2 id="settings-preferences" className={s.sectionTitle}>
          Preferences
        </h2>
        <Switch
          label="Notifications"
          description="Get notified by email about new sponsorship offers and updates."
          checked={selectNotificationsOn(snapshot)}
          disabled={selectSwitchDisabled(snapshot)}
          onCheckedChange={(on) => send({ type: 'notifications.set', on })}
        />
        {error ? (
          <Alert tone="error">
            {error}{' '}
            {selectSettingsFailed(snapshot) ? (
              <Button variant="secondary" size="sm" onClick={() => send({ type: 'settings.retry' })}>
                Try again
              </Button>
            ) : null}
          </Alert>
        ) : null}
      </Card>
      {hasPassword ? <ChangePassword logic={logic.changePassword} /> : <NoPassword />}
      <DeleteAccount logic={logic.deleteAccount} passwordRequired={hasPassword} />
    </div>
  );
}

/** Google-only accounts have no password to change; the reset flow sets a first one. */
function NoPassword() {
  return (
    <Card as="section" aria-labelledby="settings-password">
      <h2 id="settings-password" className={s.sectionTitle}>
        Change Password
      </h2>
      <p className={s.muted}>
        Your account signs in with Google and has no password. To set one, use{' '}
        <Link to="/forgot-password">Forgot password</Link>: we will e-mail you a link to choose it.
      </p>
    </Card>
  );
}

const PASSWORD_FIELDS: Array<{ field: ChangePasswordField; label: string; name: string; autoComplete: string }> = [
  { field: 'current', label: 'Old Password', name: 'old_password', autoComplete: 'current-password' },
  { field: 'next', label: 'New Password', name: 'new_password', autoComplete: 'new-password' },
  { field: 'confirm', label: 'Confirm New Password', name: 'confirm_password', autoComplete: 'new-password' },
];

function ChangePassword({ logic }: { logic?: ChangePasswordLogic }) {
  const [snapshot, send] = useMachine(useChangePasswordLogic(logic), { inspect });
  const expanded = selectPasswordFieldsShown(snapshot);
  const values = selectPasswordValues(snapshot);
  const errors = selectPasswordErrors(snapshot);
  const serverError = selectPasswordServerError(snapshot);
  const notice = selectPasswordNotice(snapshot);
  const busy = selectPasswordChanging(snapshot);
  return (
    <Card as="section" aria-labelledby="settings-password">
      <div className={s.sectionHead}>
        <div>
          <h2 id="settings-password" className={s.sectionTitle}>
            Change Password
          </h2>
          <p className={s.muted}>Update the password you sign in with.</p>
        </div>
        {expanded ? null : (
          <Button
            variant="secondary"
            onClick={() => send({ type: 'password.expand' })}
            aria-controls="change-password-form"
            aria-expanded={false}
          >
            Change Password
          </Button>
        )}
      </div>
      {notice && !expanded ? <Alert tone="success">{notice}</Alert> : null}
      {expanded ? (
        <form
          id="change-password-form"
          className={s.passwordForm}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            send({ type: 'password.change' });
          }}
        >
          {/* A hidden username helps password managers file the new password. */}
          <input type="text" name="username" autoComplete="username" hidden readOnly />
          {PASSWORD_FIELDS.map(({ field, label, name, autoComplete }) => (
            <Field
              key={field}
              label={label}
              name={name}
              type="password"
              autoComplete={autoComplete}
              value={values[field]}
              error={errors[field]}
              disabled={busy}
              onChange={(event) => send({ type: 'field.change', field, value: event.target.value })}
            />
          ))}
          {serverError ? <Alert tone="error">{serverError}</Alert> : null}
          <div className={s.actions}>
            <Button variant="secondary" onClick={() => send({ type: 'password.discard' })} disabled={busy}>
              Discard
            </Button>
            <Button type="submit" variant="dashboard" disabled={busy} aria-busy={busy || undefined}>
              Change
            </Button>
          </div>
        </form>
      ) : null}
    </Card>
  );
}

function DeleteAccount({ logic, passwordRequired }: { logic?: DeleteAccountLogic; passwordRequired: boolean }) {
  const [snapshot, send] = useMachine(useDeleteAccountLogic(logic), { inspect });
  const form = selectDeleteForm(snapshot);
  const busy = selectDeleting(snapshot);
  return (
    <Card as="section" aria-labelledby="settings-delete">
      <div className={s.sectionHead}>
        <div>
          <h2 id="settings-delete" className={s.sectionTitle}>
            Delete Account
          </h2>
          <p className={s.muted}>Remove your account and everything in it.</p>
        </div>
        <Button variant="danger" onClick={() => send({ type: 'delete.open', passwordRequired })}>
          <Icon name="trash" size={18} />
          Delete Account
        </Button>
      </div>
      <AlertDialog
        open={selectDeleteDialogOpen(snapshot)}
        onOpenChange={(next) => {
          if (!next && !busy) send({ type: 'delete.dismiss' });
        }}
        title="Are you sure you want to delete your account?"
        description="Once you delete you won't be able to undo it."
        actionLabel="Yes, Delete"
        cancelLabel="No, Cancel"
        onAction={() => send({ type: 'delete.confirm' })}
        onCancel={() => send({ type: 'delete.cancel' })}
        width="confirm"
        icon="trash"
        busy={busy}
      >
        {form.passwordRequired ? (
          <Field
            label="Password"
            name="delete_password"
            type="password"
            autoComplete="current-password"
            hint="Enter your password to confirm."
            value={form.password}
            error={form.passwordMissing ? messages.required : undefined}
            disabled={busy}
            onChange={(event) => send({ type: 'password.change', value: event.target.value })}
          />
        ) : null}
        {form.serverError ? <Alert tone="error">{form.serverError}</Alert> : null}
      </AlertDialog>
    </Card>
  );
}
