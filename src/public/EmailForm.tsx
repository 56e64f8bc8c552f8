import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { emailFormMachine } from '@/machines/public/emailForm.machine';
import {
  selectEmail,
  selectEmailInvalid,
  selectEmailSending,
  selectEmailServerError,
} from '@/machines/public/emailForm.select';
import { messages } from '@/src/messages';
import { Alert } from '@/src/ui/Alert';
import { Button } from '@/src/ui/Button';
import { Field } from '@/src/ui/Field';
import * as s from './EmailForm.css';
import { useMessages } from '@/src/i18n/i18n';
import { publicMessages } from './catalogue';

/** The shared email form of the newsletter modal and forgot-password page (docs/spec.md §5: required; the server checks the format). */
export function EmailForm({
  actorRef,
  submitLabel,
  fullWidth = false,
}: {
  actorRef: ActorRefFrom<typeof emailFormMachine>;
  submitLabel: string;
  fullWidth?: boolean;
}) {
  const email = useSelector(actorRef, selectEmail);
  const invalid = useSelector(actorRef, selectEmailInvalid);
  const sending = useSelector(actorRef, selectEmailSending);
  const serverError = useSelector(actorRef, selectEmailServerError);
  const { t } = useMessages(publicMessages);
  return (
    <form
      className={s.form}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        actorRef.send({ type: 'form.submit' });
      }}
    >
      <Field
        label={t('emailForm.email')}
        name="email"
        type="email"
        autoComplete="email"
        placeholder={t('emailForm.placeholder')}
        value={email}
        onChange={(event) => actorRef.send({ type: 'email.change', value: event.target.value })}
        error={invalid ? messages.required : undefined}
        disabled={sending}
      />
      {serverError ? <Alert tone="error">{serverError}</Alert> : null}
      <Button type="submit" fullWidth={fullWidth} disabled={sending} aria-busy={sending || undefined}>
        {submitLabel}
      </Button>
    </form>
  );
}
