import { useState } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import {
  sameProblems,
  selectFieldProblems,
  selectRegistrationFields,
  selectRegistrationRejected,
  selectRegistrationSubmitting,
  selectStep,
} from '@/machines/accounts/registration.select';
import type { AccountType } from '@/machines/types';
import { inspect } from '@/src/app/inspect';
import { messages } from '@/src/messages';
import { useRegistrationLogic, type RegistrationLogic } from '@/src/accounts/registration';
import { Alert } from '@/src/ui/Alert';
import { Button } from '@/src/ui/Button';
import { Checkbox } from '@/src/ui/Checkbox';
import { Field } from '@/src/ui/Field';
import { Icon } from '@/src/ui/Icon';
import { Link } from '@/src/ui/Link';
import { RadioGroup } from '@/src/ui/RadioGroup';
import { AuthLayout } from './AuthLayout';
import * as s from './auth.css';
import * as r from './Register.css';

const accountOptions = [
  {
    value: 'Influencer',
    label: 'Influencer',
    description: 'I stream on Twitch or YouTube and want sponsors.',
    icon: <Icon name="play" size={22} />,
  },
  {
    value: 'Advertiser',
    label: 'Advertiser',
    description: 'I represent a brand and want to sponsor creators.',
    icon: <Icon name="offers" size={22} />,
  },
];

/**
 * The account type a person chose on the prerendered /register before it hydrated: the browser keeps a native radio's
 * state, and hydration leaves it as it is, so the first client render reads it (none on the server or a fresh render).
 */
function chosenBeforeHydration(): AccountType | undefined {
  if (typeof document === 'undefined') return undefined;
  const checked = document.querySelector<HTMLInputElement>('input[name="accountType"]:checked')?.value;
  return accountOptions.some((option) => option.value === checked) ? (checked as AccountType) : undefined;
}

/** /register (docs/spec.md §2 Register screen): the wizard of the `registration` machine. `logic` replaces its API actors (tests). */
export function Register({ logic }: { logic?: RegistrationLogic }) {
  const [accountType] = useState(chosenBeforeHydration);
  const wizard = useActorRef(useRegistrationLogic(logic), { input: { accountType }, inspect });
  const step = useSelector(wizard, selectStep);
  const context = useSelector(wizard, selectRegistrationFields);
  const problems = useSelector(wizard, selectFieldProblems, sameProblems);
  const rejected = useSelector(wizard, selectRegistrationRejected);
  const submitting = useSelector(wizard, selectRegistrationSubmitting);

  if (step !== 'details') {
    return (
      <AuthLayout title="Create your account" subtitle="Continue as a">
        <title>Sign up — Castbridge</title>
        <div className={r.step} data-state={step === 'animating' ? 'leaving' : 'shown'}>
          <RadioGroup
            label="Account type"
            hideLabel
            variant="cards"
            native
            name="accountType"
            value={context.accountType}
            onValueChange={(value) => wizard.send({ type: 'account.choose', accountType: value as AccountType })}
            options={accountOptions}
            disabled={step === 'animating'}
          />
        </div>
        <Button
          size="lg"
          fullWidth
          onClick={() => wizard.send({ type: 'step.continue' })}
          disabled={step === 'animating'}
          aria-busy={step === 'animating' || undefined}
        >
          Continue
        </Button>
        <p className={s.footnote}>
          Already have an account? <Link to="/login">Log in</Link>
        </p>
      </AuthLayout>
    );
  }

  const required = (problem: string | undefined) => (problem === 'required' ? messages.required : problem);
  return (
    <AuthLayout
      title="Create your account"
      subtitle={`Signing up as ${context.accountType === 'Influencer' ? 'an Influencer' : 'an Advertiser'}`}
    >
      <title>Sign up — Castbridge</title>
      {rejected ? (
        <Alert tone="error">
          {messages.registerFailed}
          {context.serverReason ? <span className={r.reason}>{context.serverReason}</span> : null}
        </Alert>
      ) : null}
      <form
        className={`${s.form} ${r.enter}`}
        noValidate
        aria-label="Sign up"
        onSubmit={(event) => {
          event.preventDefault();
          wizard.send({ type: 'form.submit' });
        }}
      >
        <Field
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          value={context.email}
          onChange={(event) => wizard.send({ type: 'field.change', field: 'email', value: event.target.value })}
          error={required(problems.email)}
        />
        <Field
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          hint={`At least ${context.policy.minLength} characters; avoid common passwords.`}
          value={context.password}
          onChange={(event) => wizard.send({ type: 'field.change', field: 'password', value: event.target.value })}
          error={required(problems.password)}
        />
        <Field
          label="Confirm password"
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          value={context.confirmPassword}
          onChange={(event) =>
            wizard.send({ type: 'field.change', field: 'confirmPassword', value: event.target.value })
          }
        />
        <Checkbox
          name="agreement"
          checked={context.agreed}
          onCheckedChange={(agreed) => wizard.send({ type: 'agreement.toggle', agreed })}
          label={
            <>
              I agree to the <a href="/#">Terms of service</a> and <a href="/#">Privacy Policy</a>
            </>
          }
        />
        <Button type="submit" size="lg" fullWidth disabled={submitting} aria-busy={submitting || undefined}>
          Sign up
        </Button>
      </form>
      <p className={s.footnote}>
        Already have an account? <Link to="/login">Log in</Link>
      </p>
    </AuthLayout>
  );
}
