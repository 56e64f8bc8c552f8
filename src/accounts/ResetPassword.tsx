import { useActorRef, useSelector } from '@xstate/react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import type { ResetField } from '@/machines/accounts/resetPassword.machine';
import {
  selectResetForm,
  selectResetLinkInvalid,
  selectResetSubmitting,
} from '@/machines/accounts/resetPassword.select';
import { inspect } from '@/src/app/inspect';
import { useResetPasswordLogic, type ResetPasswordLogic } from '@/src/accounts/resetPassword';
import { Alert } from '@/src/ui/Alert';
import { Button } from '@/src/ui/Button';
import { Field } from '@/src/ui/Field';
import { Link } from '@/src/ui/Link';
import { useMessages } from '@/src/i18n/i18n';
import { AuthLayout } from './AuthLayout';
import { accountsMessages } from './catalogue';
import { accountsSignUpMessages, type AccountsSignUpMessage } from './signUpCatalogue';
import { passwordProblemText } from './passwordProblems';
import type { PasswordFieldProblem } from '@/machines/accounts/passwordPolicy';
import * as s from './auth.css';

const FIELDS = [
  { field: 'password', label: 'reset.password', name: 'password' },
  { field: 'confirm', label: 'reset.confirm', name: 'confirm_password' },
] as const satisfies ReadonlyArray<{ field: ResetField; label: AccountsSignUpMessage; name: string }>;

/** /reset-password?token=… (docs/product.md §Accounts): the e-mailed link's page; success signs in and opens /dashboard. */
export function ResetPassword({ logic }: { logic?: ResetPasswordLogic }) {
  // The token from the query string (useSearchParams would pull react-router's form helpers into the entry chunk).
  const token = new URLSearchParams(useLocation().search).get('token');
  const reset = useActorRef(useResetPasswordLogic(logic), { inspect, input: { token } });
  const form = useSelector(reset, selectResetForm);
  const busy = useSelector(reset, selectResetSubmitting);
  const linkInvalid = useSelector(reset, selectResetLinkInvalid);
  const { t } = useMessages(accountsSignUpMessages, accountsMessages);
  const problemText = (problem: PasswordFieldProblem | undefined) => passwordProblemText(t, problem);

  if (linkInvalid) {
    return (
      <AuthLayout title={t('reset.invalidHeading')} subtitle={t('reset.invalidSubtitle', { minutes: 60 })}>
        <title>{t('reset.title')}</title>
        <Alert tone="error">{form.serverError ?? t('reset.noToken')}</Alert>
        <Button asChild size="lg" fullWidth>
          <RouterLink to="/forgot-password">{t('reset.askAgain')}</RouterLink>
        </Button>
        <p className={s.footnote}>
          {t('forgot.remembered')} <Link to="/login">{t('forgot.back')}</Link>
        </p>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={t('reset.heading')} subtitle={t('reset.subtitle')}>
      <title>{t('reset.title')}</title>
      {form.serverError ? <Alert tone="error">{form.serverError}</Alert> : null}
      <form
        className={s.form}
        noValidate
        aria-label={t('reset.heading')}
        onSubmit={(event) => {
          event.preventDefault();
          reset.send({ type: 'form.submit' });
        }}
      >
        {FIELDS.map(({ field, label, name }) => (
          <Field
            key={field}
            label={t(label)}
            name={name}
            type="password"
            autoComplete="new-password"
            value={form[field]}
            error={problemText(form.errors[field])}
            disabled={busy}
            onChange={(event) => reset.send({ type: 'field.change', field, value: event.target.value })}
          />
        ))}
        <Button type="submit" size="lg" fullWidth disabled={busy} aria-busy={busy || undefined}>
          {t('reset.submit')}
        </Button>
      </form>
      <p className={s.footnote}>
        {t('forgot.remembered')} <Link to="/login">{t('forgot.back')}</Link>
      </p>
    </AuthLayout>
  );
}
