import { useActorRef } from '@xstate/react';
import { inspect } from '@/src/app/inspect';
import { useEmailFormLogic } from '@/src/services/emailForm';
import { Link } from '@/src/ui/Link';
import { EmailForm } from '@/src/views/common/EmailForm';
import { AuthLayout } from './AuthLayout';
import * as s from './auth.css';

/** Forgot-password (SPEC §2, §4, §5): a filled email goes home; no server call is specified. */
export function ForgotPassword() {
  const form = useActorRef(useEmailFormLogic(), { inspect });
  return (
    <AuthLayout title="Forgot your password?" subtitle="Enter the email of your account and we will send you a reset link.">
      <title>Forgot password — Castbridge</title>
      <EmailForm actorRef={form} submitLabel="Send reset link" fullWidth />
      <p className={s.footnote}>
        Remembered it? <Link to="/login">Back to login</Link>
      </p>
    </AuthLayout>
  );
}
