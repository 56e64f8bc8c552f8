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
import { AuthLayout } from './AuthLayout';
import * as s from './auth.css';

const FIELDS: Array<{ field: ResetField; label: string; name: string }> = [
  { field: 'password', label: 'New password', name: 'password' },
  { field: 'confirm', label: 'Confirm new password', name: 'confirm_password' },
];

/** /reset-password?token=… (docs/product.md §Accounts): the e-mailed link's page; success signs in and opens /dashboard. */
export function ResetPassword({ logic }: { logic?: ResetPasswordLogic }) {
  // The token from the query string (useSearchParams would pull react-router's form helpers into the entry chunk).
  const token = new URLSearchParams(useLocation().search).get('token');
  const reset = useActorRef(useResetPasswordLogic(logic), { inspect, input: { token } });
  const form = useSelector(reset, selectResetForm);
  const busy = useSelector(reset, selectResetSubmitting);
  const linkInvalid = useSelector(reset, selectResetLinkInvalid);

  if (linkInvalid) {
    return (
      <AuthLayout title="This link cannot be used" subtitle="Reset links work once, for 60 minutes.">
        <title>Reset password — Castbridge</title>
        <Alert tone="error">
          {form.serverError ?? 'This page needs the link from your reset e-mail. Ask for a new one.'}
        </Alert>
        <Button asChild size="lg" fullWidth>
          <RouterLink to="/forgot-password">Ask for a new link</RouterLink>
        </Button>
        <p className={s.footnote}>
          Remembered it? <Link to="/login">Back to login</Link>
        </p>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Choose a new password" subtitle="You will be signed in with it right away.">
      <title>Reset password — Castbridge</title>
      {form.serverError ? <Alert tone="error">{form.serverError}</Alert> : null}
      <form
        className={s.form}
        noValidate
        aria-label="Choose a new password"
        onSubmit={(event) => {
          event.preventDefault();
          reset.send({ type: 'form.submit' });
        }}
      >
        {FIELDS.map(({ field, label, name }) => (
          <Field
            key={field}
            label={label}
            name={name}
            type="password"
            autoComplete="new-password"
            value={form[field]}
            error={form.errors[field]}
            disabled={busy}
            onChange={(event) => reset.send({ type: 'field.change', field, value: event.target.value })}
          />
        ))}
        <Button type="submit" size="lg" fullWidth disabled={busy} aria-busy={busy || undefined}>
          Save and sign in
        </Button>
      </form>
      <p className={s.footnote}>
        Remembered it? <Link to="/login">Back to login</Link>
      </p>
    </AuthLayout>
  );
}
