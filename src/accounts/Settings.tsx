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
  selectLocale,
  selectNotificationsOn,
  selectSettingsError,
  selectSettingsFailed,
  selectSwitchDisabled,
} from '@/machines/accounts/settings.select';
import { inspect } from '@/src/app/inspect';
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
import { RadioGroup } from '@/src/ui/RadioGroup';
import { InLanguage } from '@/src/common/InLanguage';
import { useMessages } from '@/src/i18n/i18n';
import { LOCALE_NAMES, LOCALES, isLocale } from '@/src/i18n/locales';
import { accountsSignUpMessages } from './signUpCatalogue';
import { accountsSignedInMessages } from './signedInCatalogue';
import { passwordProblemText } from './passwordProblems';
import type { PasswordFieldProblem } from '@/machines/accounts/passwordPolicy';
import * as s from './account.css';

export interface SettingsLogics {
  settings?: SettingsLogic;
  changePassword?: ChangePasswordLogic;
  deleteAccount?: DeleteAccountLogic;
}

/**
 * Settings (docs/spec.md §2): notifications switch, the account's language, change password, delete account — each
 * real (docs/product.md §Accounts).
 */
export function SettingsScreen({ logic = {} }: { logic?: SettingsLogics }) {
  const [snapshot, send] = useMachine(useSettingsLogic(logic.settings), { inspect });
  const hasPassword = selectHasPassword(snapshot);
  const error = selectSettingsError(snapshot);
  const { t, locale } = useMessages(accountsSignedInMessages, accountsSignUpMessages);
  return (
    // In the page's language inside the dashboard, which is English only so far.
    <InLanguage lang={locale}>
      <div className={s.stack}>
        <ScreenHeading title={t('settings.title')} />
        <Card as="section" aria-labelledby="settings-preferences" className={s.stack}>
          <h2 id="settings-preferences" className={s.sectionTitle}>
            {t('settings.preferences')}
          </h2>
          <Switch
            label={t('settings.notifications')}
            description={t('settings.notificationsHint')}
            checked={selectNotificationsOn(snapshot)}
            disabled={selectSwitchDisabled(snapshot)}
            onCheckedChange={(on) => send({ type: 'notifications.set', on })}
          />
          <RadioGroup
            label={t('settings.language')}
            name="locale"
            orientation="horizontal"
            value={selectLocale(snapshot)}
            disabled={selectSwitchDisabled(snapshot)}
            // Each language by its own name, whatever the page's language.
            options={LOCALES.map((locale) => ({ value: locale, label: LOCALE_NAMES[locale], lang: locale }))}
            onValueChange={(locale) => {
              if (isLocale(locale)) send({ type: 'language.set', locale });
            }}
          />
          {error ? (
            <Alert tone="error">
              {error}{' '}
              {selectSettingsFailed(snapshot) ? (
                <Button variant="secondary" size="sm" onClick={() => send({ type: 'settings.retry' })}>
                  {t('settings.retry')}
                </Button>
              ) : null}
            </Alert>
          ) : null}
        </Card>
        {hasPassword ? <ChangePassword logic={logic.changePassword} /> : <NoPassword />}
        <DeleteAccount logic={logic.deleteAccount} passwordRequired={hasPassword} />
      </div>
    </InLanguage>
  );
}

/** Google-only accounts have no password to change; the reset flow sets a first one. */
function NoPassword() {
  const { t } = useMessages(accountsSignedInMessages, accountsSignUpMessages);
  return (
    <Card as="section" aria-labelledby="settings-password">
      <h2 id="settings-password" className={s.sectionTitle}>
        {t('settings.password')}
      </h2>
      <p className={s.muted}>
        {t('settings.noPassword')} <Link to="/forgot-password">{t('settings.noPasswordLink')}</Link>
        {t('settings.noPasswordAfter')}
      </p>
    </Card>
  );
}

const PASSWORD_FIELDS = [
  { field: 'current', label: 'settings.oldPassword', name: 'old_password', autoComplete: 'current-password' },
  { field: 'next', label: 'settings.newPassword', name: 'new_password', autoComplete: 'new-password' },
  { field: 'confirm', label: 'settings.confirmPassword', name: 'confirm_password', autoComplete: 'new-password' },
] as const satisfies ReadonlyArray<{ field: ChangePasswordField; label: string; name: string; autoComplete: string }>;

function ChangePassword({ logic }: { logic?: ChangePasswordLogic }) {
  const [snapshot, send] = useMachine(useChangePasswordLogic(logic), { inspect });
  const expanded = selectPasswordFieldsShown(snapshot);
  const values = selectPasswordValues(snapshot);
  const errors = selectPasswordErrors(snapshot);
  const serverError = selectPasswordServerError(snapshot);
  const notice = selectPasswordNotice(snapshot);
  const busy = selectPasswordChanging(snapshot);
  const { t } = useMessages(accountsSignedInMessages, accountsSignUpMessages);
  const problemText = (problem: PasswordFieldProblem | undefined) => passwordProblemText(t, problem);
  return (
    <Card as="section" aria-labelledby="settings-password">
      <div className={s.sectionHead}>
        <div>
          <h2 id="settings-password" className={s.sectionTitle}>
            {t('settings.password')}
          </h2>
          <p className={s.muted}>{t('settings.passwordHint')}</p>
        </div>
        {expanded ? null : (
          <Button
            variant="secondary"
            onClick={() => send({ type: 'password.expand' })}
            aria-controls="change-password-form"
            aria-expanded={false}
          >
            {t('settings.password')}
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
              label={t(label)}
              name={name}
              type="password"
              autoComplete={autoComplete}
              value={values[field]}
              error={problemText(errors[field])}
              disabled={busy}
              onChange={(event) => send({ type: 'field.change', field, value: event.target.value })}
            />
          ))}
          {serverError ? <Alert tone="error">{serverError}</Alert> : null}
          <div className={s.actions}>
            <Button variant="secondary" onClick={() => send({ type: 'password.discard' })} disabled={busy}>
              {t('settings.discard')}
            </Button>
            <Button type="submit" variant="dashboard" disabled={busy} aria-busy={busy || undefined}>
              {t('settings.change')}
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
  const { t } = useMessages(accountsSignedInMessages, accountsSignUpMessages);
  return (
    <Card as="section" aria-labelledby="settings-delete">
      <div className={s.sectionHead}>
        <div>
          <h2 id="settings-delete" className={s.sectionTitle}>
            {t('settings.delete')}
          </h2>
          <p className={s.muted}>{t('settings.deleteHint')}</p>
        </div>
        <Button variant="danger" onClick={() => send({ type: 'delete.open', passwordRequired })}>
          <Icon name="trash" size={18} />
          {t('settings.delete')}
        </Button>
      </div>
      <AlertDialog
        open={selectDeleteDialogOpen(snapshot)}
        onOpenChange={(next) => {
          if (!next && !busy) send({ type: 'delete.dismiss' });
        }}
        title={t('settings.deleteTitle')}
        description={t('settings.deleteDescription')}
        actionLabel={t('settings.deleteYes')}
        cancelLabel={t('settings.deleteNo')}
        onAction={() => send({ type: 'delete.confirm' })}
        onCancel={() => send({ type: 'delete.cancel' })}
        width="confirm"
        icon="trash"
        busy={busy}
      >
        {form.passwordRequired ? (
          <Field
            label={t('settings.deletePassword')}
            name="delete_password"
            type="password"
            autoComplete="current-password"
            hint={t('settings.deletePasswordHint')}
            value={form.password}
            error={form.passwordMissing ? t('password.required') : undefined}
            disabled={busy}
            onChange={(event) => send({ type: 'password.change', value: event.target.value })}
          />
        ) : null}
        {form.serverError ? <Alert tone="error">{form.serverError}</Alert> : null}
      </AlertDialog>
    </Card>
  );
}
