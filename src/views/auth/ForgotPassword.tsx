import { useActorRef } from '@xstate/react';
import { useNavigate } from 'react-router-dom';
import { emailFormMachine } from '../../../machines/emailForm.machine';
import { inspect } from '../../app/inspect';
import { Link } from '../../ui/Link';
import { EmailForm } from '../common/EmailForm';
import { AuthLayout } from './AuthLayout';
import * as s from './auth.css';

/** Forgot-password (SPEC §2, §4, §5): a filled email goes home; no server call is specified. */
export function ForgotPassword() {
  const navigate = useNavigate();
  const form = useActorRef(emailFormMachine.provide({ actions: { navigateHome: () => navigate('/') } }), { inspect });
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
