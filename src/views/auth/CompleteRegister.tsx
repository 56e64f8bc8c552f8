import { useActorRef, useSelector } from '@xstate/react';
import { completionProgress, profileCompletionMachine, type CompletionField } from '../../../machines/profileCompletion.machine';
import { selectSignedIn } from '../../../machines/session.machine';
import { inspect } from '../../app/inspect';
import { SessionContext } from '../../app/session';
import { countries } from '../../data/countries';
import { messages } from '../../messages';
import { saveCompletion } from '../../services/auth';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Field, NativeSelectField } from '../../ui/Field';
import { Progress } from '../../ui/Progress';
import { AuthLayout } from './AuthLayout';
import { useGoTo } from './signIn';
import * as s from './CompleteRegister.css';

const genderOptions = [
  { value: 'Male', label: 'Male' },
  { value: 'Female', label: 'Female' },
];
const countryOptions = countries.map((name) => ({ value: name, label: name }));
// Broadcasting language: English is sent as "United States", Spanish as "Mexico" (SPEC §3).
const languageOptions = [
  { value: 'United States', label: 'English' },
  { value: 'Mexico', label: 'Spanish' },
];

/** The completion wizard with its API actor; tests provide another actor on top. */
export const completionLogic = profileCompletionMachine.provide({ actors: { saveProfile: saveCompletion } });

/** /complete-register (SPEC §2): only for a signed-in user; otherwise it renders nothing. */
export function CompleteRegister({ logic = completionLogic }: { logic?: typeof completionLogic }) {
  const signedIn = SessionContext.useSelector(selectSignedIn);
  return signedIn ? <CompletionWizard logic={logic} /> : null;
}

function CompletionWizard({ logic }: { logic: typeof completionLogic }) {
  const goTo = useGoTo();
  const wizard = useActorRef(
    logic.provide({
      actions: {
        goToDashboard: () => goTo('/dashboard'),
        logError: (_, { error }) => console.error(messages.profileUpdateFailed, error),
      },
    }),
    { inspect },
  );
  const fields = useSelector(wizard, (snapshot) => snapshot.context.fields);
  const progress = useSelector(wizard, completionProgress);
  const onStepOne = useSelector(wizard, (snapshot) => snapshot.matches('personal'));
  const saving = useSelector(wizard, (snapshot) => snapshot.matches('saving') || snapshot.matches('completed'));
  const failed = useSelector(wizard, (snapshot) => snapshot.matches({ content: 'failed' }));

  const bind = (field: CompletionField) => ({
    name: field,
    value: fields[field],
    onChange: (event: { target: { value: string } }) => wizard.send({ type: 'field.change', field, value: event.target.value }),
  });

  return (
    <AuthLayout title="Complete your profile" subtitle={onStepOne ? 'Step 1 of 2: about you' : 'Step 2 of 2: your content'} wide>
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
            <NativeSelectField label="Country" placeholder="Select" options={countryOptions} autoComplete="country-name" {...bind('country')} />
            <Field label="City" autoComplete="address-level2" {...bind('city')} />
            <Field label="Zipcode" autoComplete="postal-code" {...bind('zipcode')} />
            <Field label="Address" autoComplete="street-address" {...bind('address')} />
            <NativeSelectField label="Broadcasting Language" placeholder="Select" options={languageOptions} {...bind('language')} />
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
