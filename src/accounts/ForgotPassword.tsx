import { useActorRef, useSelector } from '@xstate/react';
import { selectForgotConfirmation, selectForgotForm } from '@/machines/accounts/forgotPassword.select';
import { inspect } from '@/src/app/inspect';
import { forgotPasswordLogic, type ForgotPasswordLogic } from '@/src/accounts/forgotPassword';
import { Alert } from '@/src/ui/Alert';
import { Link } from '@/src/ui/Link';
import { EmailForm } from '@/src/public/EmailForm';
import { AuthLayout } from './AuthLayout';
import * as s from './auth.css';

/** Forgot-password (docs/spec.md §2, §5): a filled email asks for a reset link (docs/product.md §Accounts); the answer is the same for any address. */
export function ForgotPassword({ logic = forgotPasswordLogic }: { logic?: ForgotPasswordLogic }) {
  const flow = useActorRef(logic, { inspect });
  const form = useSelector(flow, selectForgotForm);
  const confirmation = useSelector(flow, selectForgotConfirmation);
  return (
    <AuthLayout
      title="Forgot your password?"
      subtitle="Enter the email of your account and we will send you a reset link."
    >
      <title>Forgot password — Castbridge</title>
      {confirmation ? <Alert tone="success">{confirmation}</Alert> : null}
      {form ? <EmailForm actorRef={form} submitLabel="Send reset link" fullWidth /> : null}
      <p className={s.footnote}>
        Remembered it? <Link to="/login">Back to login</Link>
      </p>
    </AuthLayout>
  );
}
