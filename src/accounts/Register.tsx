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
import { Icon, type IconName } from '@/src/ui/Icon';
import { ACCOUNT_TYPES } from '@/contract/profile';
import { Link } from '@/src/ui/Link';
import { RadioGroup } from '@/src/ui/RadioGroup';
import { useMessages } from '@/src/i18n/i18n';
import { AuthLayout } from './AuthLayout';
import { accountsSignUpMessages, type AccountsSignUpMessage } from './signUpCatalogue';
import { passwordProblemText } from './passwordProblems';
import type { PasswordFieldProblem } from '@/machines/accounts/passwordPolicy';
import * as s from './auth.css';
import * as r from './Register.css';

/** Each account type's card: its words (ids of the accounts catalogue) and icon. */
const CARDS: Record<AccountType, { label: AccountsSignUpMessage; hint: AccountsSignUpMessage; icon: IconName }> = {
  Influencer: { label: 'register.influencer', hint: 'register.influencerHint', icon: 'play' },
  Advertiser: { label: 'register.advertiser', hint: 'register.advertiserHint', icon: 'offers' },
};

/** The account type cards, worded in the page's language. */
const accountOptions = (t: (id: AccountsSignUpMessage) => string) =>
  ACCOUNT_TYPES.map((type) => ({
    value: type,
    label: t(CARDS[type].label),
    description: t(CARDS[type].hint),
    icon: <Icon name={CARDS[type].icon} size={22} />,
  }));

/**
 * The account type a person chose on the prerendered /register before it hydrated: the browser keeps a native radio's
 * state, and hydration leaves it as it is, so the first client render reads it (none on the server or a fresh render).
 */
function chosenBeforeHydration(): AccountType | undefined {
  if (typeof document === 'undefined') return undefined;
  const checked = document.querySelector<HTMLInputElement>('input[name="accountType"]:checked')?.value;
  return ACCOUNT_TYPES.find((type) => type === checked);
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
  const { t } = useMessages(accountsSignUpMessages);
  const problemText = (problem: PasswordFieldProblem | undefined) => passwordProblemText(t, problem);

  if (step !== 'details') {
    return (
      <AuthLayout title={t('register.heading')} subtitle={t('register.continueAs')}>
        <title>{t('register.title')}</title>
        <div className={r.step} data-state={step === 'animating' ? 'leaving' : 'shown'}>
          <RadioGroup
            label={t('register.accountType')}
            hideLabel
            variant="cards"
            native
            name="accountType"
            value={context.accountType}
            onValueChange={(value) => wizard.send({ type: 'account.choose', accountType: value as AccountType })}
            options={accountOptions(t)}
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
          {t('register.continue')}
        </Button>
        <p className={s.footnote}>
          {t('register.haveAccount')} <Link to="/login">{t('register.logIn')}</Link>
        </p>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title={t('register.heading')}
      subtitle={t(context.accountType === 'Influencer' ? 'register.asInfluencer' : 'register.asAdvertiser')}
    >
      <title>{t('register.title')}</title>
      {rejected ? (
        <Alert tone="error">
          {messages.registerFailed}
          {context.serverReason ? <span className={r.reason}>{context.serverReason}</span> : null}
        </Alert>
      ) : null}
      <form
        className={`${s.form} ${r.enter}`}
        noValidate
        aria-label={t('register.submit')}
        onSubmit={(event) => {
          event.preventDefault();
          wizard.send({ type: 'form.submit' });
        }}
      >
        <Field
          label={t('register.email')}
          name="email"
          type="email"
          autoComplete="email"
          value={context.email}
          onChange={(event) => wizard.send({ type: 'field.change', field: 'email', value: event.target.value })}
          error={problemText(problems.email)}
        />
        <Field
          label={t('register.password')}
          name="password"
          type="password"
          autoComplete="new-password"
          hint={t('register.passwordHint', { min: context.policy.minLength })}
          value={context.password}
          onChange={(event) => wizard.send({ type: 'field.change', field: 'password', value: event.target.value })}
          error={problemText(problems.password)}
        />
        <Field
          label={t('register.confirm')}
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
              {t('register.agree')} <a href="/#">{t('register.terms')}</a> {t('register.and')}{' '}
              <a href="/#">{t('register.privacy')}</a>
            </>
          }
        />
        <Button type="submit" size="lg" fullWidth disabled={submitting} aria-busy={submitting || undefined}>
          {t('register.submit')}
        </Button>
      </form>
      <p className={s.footnote}>
        {t('register.haveAccount')} <Link to="/login">{t('register.logIn')}</Link>
      </p>
    </AuthLayout>
  );
}
