import { useActorRef, useSelector } from '@xstate/react';
import {
  selectCompanyDraft,
  selectCompanyErrors,
  selectCompanyRefusal,
  selectCompanySending,
} from '@/machines/accounts/advertiserCompletion.select';
import type { AdvertiserProfileField } from '@/machines/marketplace/advertiserProfile.machine';
import { AuthLayout } from '@/src/accounts/AuthLayout';
import * as s from '@/src/accounts/CompleteRegister.css';
import { useAdvertiserCompletionLogic, type AdvertiserCompletionLogic } from '@/src/accounts/advertiserCompletion';
import { inspect } from '@/src/app/inspect';
import { useMessages } from '@/src/i18n/i18n';
import { Alert } from '@/src/ui/Alert';
import { Button } from '@/src/ui/Button';
import { Field } from '@/src/ui/Field';
import { advertiserMessages, type AdvertiserMessage } from './advertiserCatalogue';
import { FIELD_LABELS, problemText } from './advertiserWords';

const COMPANY_FIELDS: Array<{
  field: AdvertiserProfileField;
  type: string;
  autoComplete: string;
  hint?: AdvertiserMessage;
}> = [
  { field: 'companyName', type: 'text', autoComplete: 'organization' },
  { field: 'website', type: 'url', autoComplete: 'url', hint: 'field.websiteHint' },
  { field: 'contactName', type: 'text', autoComplete: 'name' },
  { field: 'contactEmail', type: 'email', autoComplete: 'email' },
];

/**
 * An advertiser's completion at /complete-register (docs/product.md §Advertiser onboarding): the company, sent for
 * review; then Company Profile shows the review. In the page's language, from the advertiser catalogue; the server's
 * refusal as it came.
 */
export function AdvertiserCompletion({ logic, email }: { logic?: AdvertiserCompletionLogic; email: string }) {
  const completion = useActorRef(useAdvertiserCompletionLogic(logic), { input: { email }, inspect });
  const draft = useSelector(completion, selectCompanyDraft);
  const errors = useSelector(completion, selectCompanyErrors);
  const sending = useSelector(completion, selectCompanySending);
  const refusal = useSelector(completion, selectCompanyRefusal);
  const { t } = useMessages(advertiserMessages);
  const change = (field: AdvertiserProfileField) => (event: { target: { value: string } }) =>
    completion.send({ type: 'field.change', field, value: event.target.value });
  return (
    <AuthLayout title={t('completion.title')} subtitle={t('completion.subtitle')} wide>
      <title>{t('completion.pageTitle')}</title>
      {refusal ? <Alert tone="error">{refusal}</Alert> : null}
      <form
        className={s.form}
        noValidate
        aria-label={t('completion.title')}
        onSubmit={(event) => {
          event.preventDefault();
          completion.send({ type: 'form.submit' });
        }}
      >
        <div className={s.grid}>
          {COMPANY_FIELDS.map(({ field, type, autoComplete, hint }) => (
            <Field
              key={field}
              label={t(FIELD_LABELS[field])}
              name={field}
              type={type}
              autoComplete={autoComplete}
              hint={hint ? t(hint) : undefined}
              value={draft[field]}
              error={problemText(t, errors[field])}
              disabled={sending}
              onChange={change(field)}
            />
          ))}
        </div>
        <Field
          label={t(FIELD_LABELS.promotes)}
          name="promotes"
          multiline
          rows={4}
          hint={t('completion.promotesHint')}
          value={draft.promotes}
          error={problemText(t, errors.promotes)}
          disabled={sending}
          onChange={change('promotes')}
        />
        <div className={s.actions}>
          <span />
          <Button type="submit" disabled={sending} aria-busy={sending || undefined}>
            {t('completion.send')}
          </Button>
        </div>
      </form>
    </AuthLayout>
  );
}
