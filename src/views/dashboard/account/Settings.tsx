import { useMachine } from '@xstate/react';
import { changePasswordMachine } from '@/machines/changePassword.machine';
import { selectPasswordFieldsShown } from '@/machines/changePassword.select';
import { selectDeleteDialogOpen } from '@/machines/deleteAccount.select';
import { inspect } from '@/src/app/inspect';
import { useDeleteAccountLogic } from '@/src/services/deleteAccount';
import { AlertDialog } from '@/src/ui/AlertDialog';
import { Button } from '@/src/ui/Button';
import { Card } from '@/src/ui/Card';
import { Field } from '@/src/ui/Field';
import { Icon } from '@/src/ui/Icon';
import { Switch } from '@/src/ui/Switch';
import { ScreenHeading } from '@/src/views/dashboard/ScreenHeading';
import * as s from './account.css';

/** Settings (SPEC §2): notifications switch, change password, delete account. None of them calls the server. */
export function SettingsScreen() {
  return (
    <div className={s.stack}>
      <ScreenHeading title="Settings" />
      <Card as="section" aria-labelledby="settings-preferences" className={s.stack}>
        <h2 id="settings-preferences" className={s.sectionTitle}>
          Preferences
        </h2>
        {/* On by default; its on/off is the switch's own local state, with no call behind it (SPEC §2). */}
        <Switch label="Notifications" description="Get notified about new sponsorship offers and updates." defaultChecked />
      </Card>
      <ChangePassword />
      <DeleteAccount />
    </div>
  );
}

function ChangePassword() {
  const [snapshot, send] = useMachine(changePasswordMachine, { inspect });
  const expanded = selectPasswordFieldsShown(snapshot);
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
          <Button variant="secondary" onClick={() => send({ type: 'password.expand' })} aria-controls="change-password-form" aria-expanded={false}>
            Change Password
          </Button>
        )}
      </div>
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
          <Field label="Old Password" name="old_password" type="password" autoComplete="current-password" />
          <Field label="New Password" name="new_password" type="password" autoComplete="new-password" />
          <Field label="Confirm New Password" name="confirm_password" type="password" autoComplete="new-password" />
          <div className={s.actions}>
            <Button variant="secondary" onClick={() => send({ type: 'password.discard' })}>
              Discard
            </Button>
            <Button type="submit" variant="dashboard">
              Change
            </Button>
          </div>
        </form>
      ) : null}
    </Card>
  );
}

function DeleteAccount() {
  const [snapshot, send] = useMachine(useDeleteAccountLogic(), { inspect });
  return (
    <Card as="section" aria-labelledby="settings-delete">
      <div className={s.sectionHead}>
        <div>
          <h2 id="settings-delete" className={s.sectionTitle}>
            Delete Account
          </h2>
          <p className={s.muted}>Remove your account and everything in it.</p>
        </div>
        <Button variant="danger" onClick={() => send({ type: 'delete.open' })}>
          <Icon name="trash" size={18} />
          Delete Account
        </Button>
      </div>
      <AlertDialog
        open={selectDeleteDialogOpen(snapshot)}
        onOpenChange={(next) => {
          if (!next) send({ type: 'delete.dismiss' });
        }}
        title="Are you sure you want to delete your account?"
        description="Once you delete you won't be able to undo it."
        actionLabel="Yes, Delete"
        cancelLabel="No, Cancel"
        onAction={() => send({ type: 'delete.confirm' })}
        onCancel={() => send({ type: 'delete.cancel' })}
        width="confirm"
        icon="trash"
      />
    </Card>
  );
}
