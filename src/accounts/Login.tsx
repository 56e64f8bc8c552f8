import { useActorRef, useSelector } from '@xstate/react';
import {
  sameMissing,
  selectGoogleBusy,
  selectGoogleRefused,
  selectLoginBusy,
  selectLoginFields,
  selectLoginRejected,
  selectLoginWait,
  selectMissingFields,
} from '@/machines/accounts/login.select';
import { inspect } from '@/src/app/inspect';
import { useGoogleSignInLogic, type GoogleSignInLogic } from '@/src/accounts/googleSignIn';
import { useLoginLogic, type LoginLogic } from '@/src/accounts/login';
import { Alert } from '@/src/ui/Alert';
import { Button } from '@/src/ui/Button';
import { Field } from '@/src/ui/Field';
import { Icon } from '@/src/ui/Icon';
import { Link } from '@/src/ui/Link';
import { useMessages } from '@/src/i18n/i18n';
import { AuthLayout } from './AuthLayout';
import { accountsMessages } from './catalogue';
import * as s from './auth.css';

/** /login (docs/spec.md §2 Login screen): email and password, or Google. `logic` replaces the API actors (tests). */
export function Login({ logic }: { logic?: { login?: LoginLogic; google?: GoogleSignInLogic } }) {
  const login = useActorRef(useLoginLogic(logic?.login), { inspect });
  const google = useActorRef(useGoogleSignInLogic(logic?.google), { inspect });

  const { email, password } = useSelector(login, selectLoginFields);
  const missing = useSelector(login, selectMissingFields, sameMissing);
  const submitting = useSelector(login, selectLoginBusy);
  const rejected = useSelector(login, selectLoginRejected);
  const wait = useSelector(login, selectLoginWait);
  const googleBusy = useSelector(google, selectGoogleBusy);
  const googleRefused = useSelector(google, selectGoogleRefused);
  const { t } = useMessages(accountsMessages);

  return (
    <AuthLayout title={t('login.heading')} subtitle={t('login.subtitle')}>
      <title>{t('login.title')}</title>
      {rejected || googleRefused ? <Alert tone="error">{t('login.failed')}</Alert> : null}
      {wait !== null && !googleRefused ? <Alert tone="error">{wait}</Alert> : null}
      <form
        className={s.form}
        noValidate
        aria-label={t('login.form')}
        onSubmit={(event) => {
          event.preventDefault();
          login.send({ type: 'form.submit' });
        }}
      >
        <Field
          label={t('login.email')}
          name="email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(event) => login.send({ type: 'field.change', field: 'email', value: event.target.value })}
          error={missing.email ? t('form.required') : undefined}
        />
        <Field
          label={t('login.password')}
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => login.send({ type: 'field.change', field: 'password', value: event.target.value })}
          error={missing.password ? t('form.required') : undefined}
        />
        <p className={s.aside}>
          <Link to="/forgot-password">{t('login.forgot')}</Link>
        </p>
        <Button type="submit" size="lg" fullWidth disabled={submitting} aria-busy={submitting || undefined}>
          {t('login.submit')}
        </Button>
      </form>
      <div className={s.divider} role="separator">
        {t('login.or')}
      </div>
      <Button
        variant="secondary"
        size="lg"
        fullWidth
        onClick={() => google.send({ type: 'google.start' })}
        disabled={googleBusy}
        aria-busy={googleBusy || undefined}
      >
        <Icon name="google" size={20} />
        {t('login.google')}
      </Button>
      <p className={s.footnote}>
        {t('login.noAccount')} <Link to="/register">{t('login.signUp')}</Link>
      </p>
    </AuthLayout>
  );
}
