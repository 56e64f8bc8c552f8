import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { emailFormMachine } from '../../../machines/emailForm.machine';
import { messages } from '../../messages';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import * as s from './EmailForm.css';

/** The shared email form of the newsletter modal and forgot-password page (SPEC §5: required, no format check). */
export function EmailForm({
  actorRef,
  submitLabel,
  fullWidth = false,
}: {
  actorRef: ActorRefFrom<typeof emailFormMachine>;
  submitLabel: string;
  fullWidth?: boolean;
}) {
  const email = useSelector(actorRef, (snapshot) => snapshot.context.email);
  const invalid = useSelector(actorRef, (snapshot) => snapshot.matches({ editing: 'invalid' }));
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
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        placeholder="you@example.com"
        value={email}
        onChange={(event) => actorRef.send({ type: 'email.change', value: event.target.value })}
        error={invalid ? messages.required : undefined}
      />
      <Button type="submit" fullWidth={fullWidth}>
        {submitLabel}
      </Button>
    </form>
  );
}
