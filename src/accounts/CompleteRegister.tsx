import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { CompletionField } from '@/machines/accounts/profileCompletion.machine';
import {
  selectCompletionFailed,
  selectCompletionFields,
  selectCompletionSaving,
  selectOnStepOne,
  selectProgress,
} from '@/machines/accounts/profileCompletion.select';
import { selectRole, selectSignedIn, selectUser } from '@/machines/accounts/session.select';
import { inspect } from '@/src/app/inspect';
import { SessionContext } from '@/src/app/session';
import { countries } from '@/contract/countries';
import { messages } from '@/src/messages';
import { useProfileCompletionLogic, type ProfileCompletionLogic } from '@/src/accounts/profileCompletion';
import type { AdvertiserCompletionLogic } from '@/src/accounts/advertiserCompletion';
import { AdvertiserCompletion } from '@/src/marketplace/AdvertiserCompletion';
import { Alert } from '@/src/ui/Alert';
import { Button } from '@/src/ui/Button';
import { Field, NativeSelectField } from '@/src/ui/Field';
import { Progress } from '@/src/ui/Progress';
import { GENDERS, type Gender, type LANGUAGES } from '@/contract/profile';
import { useMessages } from '@/src/i18n/i18n';
import { AuthLayout } from './AuthLayout';
import { accountsSignedInMessages, type AccountsSignedInMessage } from './signedInCatalogue';
import * as s from './CompleteRegister.css';

/** Each gender the profile stores, worded in the page's language. */
const GENDER_TEXTS: Record<Gender, AccountsSignedInMessage> = { Male: 'complete.male', Female: 'complete.female' };
// The countries by the names the profile stores (the same in every language).
const countryOptions = countries.map((name) => ({ value: name, label: name }));
// Broadcasting language: English is sent as "United States", Spanish as "Mexico" (docs/spec.md §3).
const LANGUAGE_TEXTS = {
  'United States': 'complete.english',
  Mexico: 'complete.spanish',
} as const satisfies Partial<Record<(typeof LANGUAGES)[number], AccountsSignedInMessage>>;

/**
 * /complete-register (docs/spec.md §2): only for a signed-in user; otherwise it renders nothing. A creator gets the spec's
 * wizard; an advertiser its own completion, the company profile sent for review (docs/product.md §Advertiser onboarding).
 * Nothing renders until the user (and so the role) is read. `logic` and `advertiserLogic` replace their API actors (tests).
 */
export function CompleteRegister({
  logic,
  advertiserLogic,
}: {
  logic?: ProfileCompletionLogic;
  advertiserLogic?: AdvertiserCompletionLogic;
}) {
  const signedIn = SessionContext.useSelector(selectSignedIn);
  const session = SessionContext.useActorRef();
  const role = SessionContext.useSelector(selectRole);
  const user = SessionContext.useSelector(selectUser);
  // The role decides the form: GET /api/user, as the dashboard does on load.
  const userKnown = user !== null;
  useEffect(() => {
    if (signedIn && !userKnown) session.send({ type: 'user.load' });
  }, [signedIn, userKnown, session]);
  if (!signedIn || role === null) return null;
  // Without a jwt the page stays empty (docs/spec.md §2). Both forms speak the page's language.
  return role === 'advertiser' ? (
    <AdvertiserCompletion logic={advertiserLogic} email={user?.email ?? ''} />
  ) : (
    <CompletionWizard logic={logic} />
  );
}

function CompletionWizard({ logic }: { logic?: ProfileCompletionLogic }) {
  const wizard = useActorRef(useProfileCompletionLogic(logic), { inspect });
  const fields = useSelector(wizard, selectCompletionFields);
  const progress = useSelector(wizard, selectProgress);
  const onStepOne = useSelector(wizard, selectOnStepOne);
  const saving = useSelector(wizard, selectCompletionSaving);
  const failed = useSelector(wizard, selectCompletionFailed);
  const { t } = useMessages(accountsSignedInMessages);
  const genderOptions = GENDERS.map((gender) => ({ value: gender, label: t(GENDER_TEXTS[gender]) }));
  const languageOptions = Object.entries(LANGUAGE_TEXTS).map(([value, id]) => ({ value, label: t(id) }));
  const select = t('complete.select');

  const bind = (field: CompletionField) => ({
    name: field,
    value: fields[field],
    onChange: (event: { target: { value: string } }) =>
      wizard.send({ type: 'field.change', field, value: event.target.value }),
  });

  return (
    <AuthLayout title={t('complete.heading')} subtitle={t(onStepOne ? 'complete.step1' : 'complete.step2')} wide>
      <title>{t('complete.title')}</title>
      <Progress value={progress} label={t('complete.progress')} />
      {failed ? <Alert tone="error">{messages.profileUpdateFailed}</Alert> : null}
      <form
        className={s.form}
        noValidate
        aria-label={t('complete.heading')}
        onSubmit={(event) => {
          event.preventDefault();
          wizard.send(onStepOne ? { type: 'step.next' } : { type: 'form.finish' });
        }}
      >
        {onStepOne ? (
          <div className={s.grid}>
            <Field label={t('complete.firstName')} autoComplete="given-name" {...bind('first_name')} />
            <Field label={t('complete.lastName')} autoComplete="family-name" {...bind('last_name')} />
            <Field label={t('complete.birthDate')} type="date" autoComplete="bday" {...bind('date_birth')} />
            <NativeSelectField
              label={t('complete.gender')}
              placeholder={select}
              options={genderOptions}
              {...bind('gender')}
            />
            <NativeSelectField
              label={t('complete.country')}
              placeholder={select}
              options={countryOptions}
              autoComplete="country-name"
              {...bind('country')}
            />
            <Field label={t('complete.city')} autoComplete="address-level2" {...bind('city')} />
            <Field label={t('complete.zipcode')} autoComplete="postal-code" {...bind('zipcode')} />
            <Field label={t('complete.address')} autoComplete="street-address" {...bind('address')} />
            <NativeSelectField
              label={t('complete.language')}
              placeholder={select}
              options={languageOptions}
              {...bind('language')}
            />
          </div>
        ) : (
          <Field label={t('complete.content')} multiline rows={6} {...bind('type_content')} />
        )}
        <div className={s.actions}>
          {onStepOne ? (
            <span />
          ) : (
            <Button variant="secondary" onClick={() => wizard.send({ type: 'step.back' })} disabled={saving}>
              {t('complete.back')}
            </Button>
          )}
          <Button type="submit" disabled={saving} aria-busy={saving || undefined}>
            {t(onStepOne ? 'complete.next' : 'complete.finish')}
          </Button>
        </div>
      </form>
    </AuthLayout>
  );
}
