import { useActorRef, useSelector } from '@xstate/react';
import { selectForgotConfirmation, selectForgotForm } from '@/machines/accounts/forgotPassword.select';
import { inspect } from '@/src/app/inspect';
import { forgotPasswordLogic, type ForgotPasswordLogic } from '@/src/accounts/forgotPassword';
import { Alert } from '@/src/ui/Alert';
import { Link } from '@/src/ui/Link';
import { EmailForm } from '@/src/public/EmailForm';
import { useMessages } from '@/src/i18n/i18n';
import { AuthLayout } from './AuthLayout';
import { accountsMessages } from './catalogue';
import * as s from './auth.css';

/** Forgot-password (docs/spec.md §2, §5): a filled email asks for a reset link (docs/product.md §Accounts); the answer is the same for any address. */
export function ForgotPassword({ logic = forgotPasswordLogic }: { logic?: ForgotPasswordLogic }) {
  const flow = useActorRef(logic, { inspect });
  const form = useSelector(flow, selectForgotForm);
  const confirmation = useSelector(flow, selectForgotConfirmation);
  const { t } = useMessages(accountsMessages);
  return (
    <AuthLayout title={t('forgot.heading')} subtitle={t('forgot.subtitle')}>
      <title>{t('forgot.title')}</title>
      {confirmation ? <Alert tone="success">{confirmation}</Alert> : null}
      {form ? <EmailForm actorRef={form} submitLabel={t('forgot.submit')} fullWidth /> : null}
      <p className={s.footnote}>
        {t('forgot.remembered')} <Link to="/login">{t('forgot.back')}</Link>
      </p>
    </AuthLayout>
  );
}
