import { useActorRef, useSelector } from '@xstate/react';
import type { SupportField } from '@/machines/support/supportForm.machine';
import { selectSupportForm, selectSupportSending, selectSupportSent } from '@/machines/support/supportForm.select';
import { inspect } from '@/src/app/inspect';
import { useSupportFormLogic, type SupportFormLogic } from '@/src/support/supportForm';
import { Alert } from '@/src/ui/Alert';
import { Button } from '@/src/ui/Button';
import { Field } from '@/src/ui/Field';
import { Icon } from '@/src/ui/Icon';

export interface SupportFormProps {
  /** The page the form is on, sent with the ticket. */
  page: '/contact-us' | '/help-and-support';
  /** Classes of the page's own layout. */
  className: string;
  rowClassName: string;
  variant: 'primary' | 'dashboard';
  logic?: SupportFormLogic;
}

/** The contact form of Contact Us and Help and Support (docs/spec.md §2, §3): checked here, stored and e-mailed (docs/product.md §Accounts). */
export function SupportForm({ page, className, rowClassName, variant, logic }: SupportFormProps) {
  const form = useActorRef(useSupportFormLogic(logic), { inspect, input: { page } });
  const { values, errors, serverError, confirmation } = useSelector(form, selectSupportForm);
  const sending = useSelector(form, selectSupportSending);
  const sent = useSelector(form, selectSupportSent);
  const field = (name: SupportField) => ({
    name,
    value: values[name],
    error: errors[name],
    disabled: sending,
    onChange: (event: { target: { value: string } }) =>
      form.send({ type: 'field.change', field: name, value: event.target.value }),
  });

  if (sent) {
    return (
      <div className={className}>
        <Alert tone="success">{confirmation}</Alert>
        <div>
          <Button variant="secondary" onClick={() => form.send({ type: 'form.again' })}>
            Send another message
          </Button>
        </div>
      </div>
    );
  }
  return (
    <form
      className={className}
      aria-label={page === '/contact-us' ? 'Contact form' : 'Support form'}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        form.send({ type: 'form.submit' });
      }}
    >
      <div className={rowClassName}>
        <Field label="Name" autoComplete="name" {...field('name')} />
        <Field label="Email" type="email" autoComplete="email" {...field('email')} />
      </div>
      <Field label="Subject" {...field('subject')} />
      <Field label="Message" multiline rows={6} {...field('message')} />
      {serverError ? <Alert tone="error">{serverError}</Alert> : null}
      <div>
        <Button type="submit" variant={variant} size="lg" disabled={sending} aria-busy={sending || undefined}>
          {variant === 'dashboard' ? <Icon name="send" size={18} /> : null}
          Send Message
        </Button>
      </div>
    </form>
  );
}
