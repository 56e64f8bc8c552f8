import { useActorRef, useSelector } from '@xstate/react';
import { googleSignInMachine } from '../../../machines/googleSignIn.machine';
import { loginMachine, missingFields } from '../../../machines/login.machine';
import { inspect } from '../../app/inspect';
import { messages } from '../../messages';
import { authenticate, exchangeGoogleToken, googlePopup } from '../../services/auth';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { Icon } from '../../ui/Icon';
import { Link } from '../../ui/Link';
import { AuthLayout } from './AuthLayout';
import { useGoTo, useSignIn } from './signIn';
import * as s from './auth.css';

/** /login (SPEC §2 Login screen): email and password, or Google. */
export function Login() {
  const goTo = useGoTo();
  const signInWithPassword = useSignIn('password');
  const signInWithGoogle = useSignIn('google');
  const login = useActorRef(
    loginMachine.provide({
      actors: { authenticate },
      actions: {
        signIn: (_, { token }) => signInWithPassword(token),
        goToDashboard: () => goTo('/dashboard'),
        logError: (_, { error }) => console.error(messages.loginFailed, error),
      },
    }),
    { inspect },
  );
  const google = useActorRef(
    googleSignInMachine.provide({
      actors: { popup: googlePopup, exchange: exchangeGoogleToken },
      actions: {
        signIn: (_, { token }) => signInWithGoogle(token),
        goToDashboard: () => goTo('/dashboard'),
        logFailure: (_, { error }) => console.error(messages.googleSignInFailed, error),
      },
    }),
    { inspect },
  );

  const email = useSelector(login, (snapshot) => snapshot.context.email);
  const password = useSelector(login, (snapshot) => snapshot.context.password);
  const missing = useSelector(login, missingFields, (a, b) => a.email === b.email && a.password === b.password);
  const submitting = useSelector(login, (snapshot) => snapshot.matches('submitting') || snapshot.matches('signedIn'));
  const rejected = useSelector(login, (snapshot) => snapshot.matches({ editing: 'rejected' }));
  const googleBusy = useSelector(google, (snapshot) => snapshot.matches('popup') || snapshot.matches('exchanging'));
  const googleRefused = useSelector(google, (snapshot) => snapshot.matches({ idle: 'refused' }));

  return (
    <AuthLayout title="Welcome" subtitle="Please login to continue">
      <title>Log in — Castbridge</title>
      {rejected || googleRefused ? <Alert tone="error">{messages.loginFailed}</Alert> : null}
      <form
        className={s.form}
        noValidate
        aria-label="Log in"
        onSubmit={(event) => {
          event.preventDefault();
          login.send({ type: 'form.submit' });
        }}
      >
        <Field
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(event) => login.send({ type: 'field.change', field: 'email', value: event.target.value })}
          error={missing.email ? messages.required : undefined}
        />
        <Field
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => login.send({ type: 'field.change', field: 'password', value: event.target.value })}
          error={missing.password ? messages.required : undefined}
        />
        <p className={s.aside}>
          <Link to="/forgot-password">Forgot your password?</Link>
        </p>
        <Button type="submit" size="lg" fullWidth disabled={submitting} aria-busy={submitting || undefined}>
          Log in
        </Button>
      </form>
      <div className={s.divider} role="separator">
        or
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
        Sign in with Google
      </Button>
      <p className={s.footnote}>
        Don&apos;t have an account? <Link to="/register">Sign up</Link>
      </p>
    </AuthLayout>
  );
}
