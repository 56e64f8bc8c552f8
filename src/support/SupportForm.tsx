import { useActorRef, useSelector } from '@xstate/react';
import { SUPPORT_LIMITS } from '@/contract/limits';
import type { SupportField, SupportProblem } from '@/machines/support/supportForm.machine';
import { selectSupportForm, selectSupportSending, selectSupportSent } from '@/machines/support/supportForm.select';
import { inspect } from '@/src/app/inspect';
import { useSupportFormLogic, type SupportFormLogic } from '@/src/support/supportForm';
import { Alert } from '@/src/ui/Alert';
import { Button } from '@/src/ui/Button';
import { Field } from '@/src/ui/Field';
import { Icon } from '@/src/ui/Icon';
import { useMessages } from '@/src/i18n/i18n';
import { supportMessages, type SupportMessage } from './catalogue';

/** Each problem the form finds, in the page's language. */
const PROBLEM: Record<SupportProblem, SupportMessage> = {
  required: 'form.required',
  invalidEmail: 'form.invalidEmail',
  messageTooLong: 'form.messageTooLong',
};

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
  const { t } = useMessages(supportMessages);
  const field = (name: SupportField) => ({
    name,
    value: values[name],
    error: errors[name] && t(PROBLEM[errors[name]], { max: SUPPORT_LIMITS.message }),
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
            {t('form.again')}
          </Button>
        </div>
      </div>
    );
  }
  return (
    <form
      className={className}
      aria-label={t(page === '/contact-us' ? 'form.contactLabel' : 'form.supportLabel')}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        form.send({ type: 'form.submit' });
      }}
    >
      <div className={rowClassName}>
        <Field label={t('form.name')} autoComplete="name" {...field('name')} />
        <Field label={t('form.email')} type="email" autoComplete="email" {...field('email')} />
      </div>
      <Field label={t('form.subject')} {...field('subject')} />
      <Field label={t('form.message')} multiline rows={6} {...field('message')} />
      {serverError ? <Alert tone="error">{serverError}</Alert> : null}
      <div>
        <Button type="submit" variant={variant} size="lg" disabled={sending} aria-busy={sending || undefined}>
          {variant === 'dashboard' ? <Icon name="send" size={18} /> : null}
          {t('form.send')}
        </Button>
      </div>
    </form>
  );
}
