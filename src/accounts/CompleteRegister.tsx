import { useActorRef, useSelector } from '@xstate/react';
import type { CompletionField } from '@/machines/accounts/profileCompletion.machine';
import {
  selectCompletionFailed,
  selectCompletionFields,
  selectCompletionSaving,
  selectOnStepOne,
  selectProgress,
} from '@/machines/accounts/profileCompletion.select';
import { selectSignedIn } from '@/machines/accounts/session.select';
import { inspect } from '@/src/app/inspect';
import { SessionContext } from '@/src/app/session';
import { countries } from '@/contract/countries';
import { messages } from '@/src/messages';
import { useProfileCompletionLogic, type ProfileCompletionLogic } from '@/src/accounts/profileCompletion';
import { Alert } from '@/src/ui/Alert';
import { Button } from '@/src/ui/Button';
import { Field, NativeSelectField } from '@/src/ui/Field';
import { Progress } from '@/src/ui/Progress';
import { AuthLayout } from './AuthLayout';
import * as s from './CompleteRegister.css';

const genderOptions = [
  { value: 'Male', label: 'Male' },
  { value: 'Female', label: 'Female' },
];
const countryOptions = countries.map((name) => ({ value: name, label: name }));
// Broadcasting language: English is sent as "United States", Spanish as "Mexico" (docs/spec.md §3).
const languageOptions = [
  { value: 'United States', label: 'English' },
  { value: 'Mexico', label: 'Spanish' },
];

/** /complete-register (docs/spec.md §2): only for a signed-in user; otherwise it renders nothing. `logic` replaces its API actor (tests). */
export function CompleteRegister({ logic }: { logic?: ProfileCompletionLogic }) {
  const signedIn = SessionContext.useSelector(selectSignedIn);
  return signedIn ? <CompletionWizard logic={logic} /> : null;
}

function CompletionWizard({ logic }: { logic?: ProfileCompletionLogic }) {
  const wizard = useActorRef(useProfileCompletionLogic(logic), { inspect });
  const fields = useSelector(wizard, selectCompletionFields);
  const progress = useSelector(wizard, selectProgress);
  const onStepOne = useSelector(wizard, selectOnStepOne);
  const saving = useSelector(wizard, selectCompletionSaving);
  const failed = useSelector(wizard, selectCompletionFailed);

  const bind = (field: CompletionField) => ({
    name: field,
    value: fields[field],
    onChange: (event: { target: { value: string } }) =>
      wizard.send({ type: 'field.change', field, value: event.target.value }),
  });

  return (
    <AuthLayout
      title="Complete your profile"
      subtitle={onStepOne ? 'Step 1 of 2: about you' : 'Step 2 of 2: your content'}
      wide
    >
      <title>Complete your profile — Castbridge</title>
      <Progress value={progress} label="Profile completion" />
      {failed ? <Alert tone="error">{messages.profileUpdateFailed}</Alert> : null}
      <form
        className={s.form}
        noValidate
        aria-label="Complete your profile"
        onSubmit={(event) => {
          event.preventDefault();
          wizard.send(onStepOne ? { type: 'step.next' } : { type: 'form.finish' });
        }}
      >
        {onStepOne ? (
          <div className={s.grid}>
            <Field label="First name" autoComplete="given-name" {...bind('first_name')} />
            <Field label="Last name" autoComplete="family-name" {...bind('last_name')} />
            <Field label="Date of birth" type="date" autoComplete="bday" {...bind('date_birth')} />
            <NativeSelectField label="Gender" placeholder="Select" options={genderOptions} {...bind('gender')} />
            <NativeSelectField
              label="Country"
              placeholder="Select"
              options={countryOptions}
              autoComplete="country-name"
              {...bind('country')}
            />
            <Field label="City" autoComplete="address-level2" {...bind('city')} />
            <Field label="Zipcode" autoComplete="postal-code" {...bind('zipcode')} />
            <Field label="Address" autoComplete="street-address" {...bind('address')} />
            <NativeSelectField
              label="Broadcasting Language"
              placeholder="Select"
              options={languageOptions}
              {...bind('language')}
            />
          </div>
        ) : (
          <Field label="What type of content do you make?" multiline rows={6} {...bind('type_content')} />
        )}
        <div className={s.actions}>
          {onStepOne ? (
            <span />
          ) : (
            <Button variant="secondary" onClick={() => wizard.send({ type: 'step.back' })} disabled={saving}>
              Back
            </Button>
          )}
          <Button type="submit" disabled={saving} aria-busy={saving || undefined}>
            {onStepOne ? 'Next' : 'Finish'}
          </Button>
        </div>
      </form>
    </AuthLayout>
  );
}
