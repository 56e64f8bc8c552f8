// /register's wizard (docs/spec.md §2 Register screen, §5, §8), replayed along registration's recorded paths on the
// real page: the account type, its 1 s leaving animation (fake timers), then the details form checked against the
// password policy (the client default of 6 until the server's policy raises it), "Error al registrar el usuario" on a
// refusal, and /complete-register once signed up. The policy region shows as the password hint's minimum.
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, expect, vi } from 'vitest';
import type { PasswordPolicy } from '@/machines/accounts/passwordPolicy';
import { DEFAULT_MIN_PASSWORD_LENGTH } from '@/machines/accounts/passwordPolicy';
import { registrationMachine } from '@/machines/accounts/registration.machine';
import { STEP_ANIMATION_MS } from '@/machines/timing';
import type { AccountType } from '@/machines/types';
import { Register } from '@/src/accounts/Register';
import { messages } from '@/src/messages';
import { controlled, renderScreen, type Gestures } from './harness';
import { walkScreens } from './screens';

// Synchronous fireEvent, not user-event: Testing Library's async wrapper waits on a real setTimeout, which fake timers stop.
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const LABEL = { email: 'Email', password: 'Password', confirmPassword: 'Confirm password' } as const;

function mount() {
  vi.useFakeTimers();
  // The flow logs refusals (docs/spec.md §8); kept out of the test output.
  vi.spyOn(console, 'error').mockImplementation(() => {});
  const loadPolicy = controlled<PasswordPolicy>();
  const register = controlled<string, { email: string; password: string; type_account: AccountType }>();
  const view = renderScreen(
    <Register
      logic={registrationMachine.provide({ actors: { loadPolicy: loadPolicy.logic, register: register.logic } })}
    />,
    { path: '/register' },
  );
  /** What the person chose and typed, and what the API answered. */
  const model = {
    accountType: 'Influencer' as AccountType,
    email: '',
    password: '',
    confirmPassword: '',
    agreed: true,
    policy: 'pending' as 'pending' | 'loaded' | 'failed',
    minLength: DEFAULT_MIN_PASSWORD_LENGTH,
    settled: 0,
    refusal: null as string | null,
    token: null as string | null,
  };
  const field = (name: keyof typeof LABEL) => screen.getByLabelText(LABEL[name], { exact: true });
  const form = () => screen.getByRole('form', { name: 'Sign up' });
  const signUp = () => within(form()).getByRole('button', { name: 'Sign up' });
  const agreement = () => within(form()).getByRole('checkbox', { name: /I agree to the Terms of service/ });
  return {
    view,
    loadPolicy,
    register,
    model,
    field,
    form,
    signUp,
    agreement,
    gestures: {
      'account.choose': ({ accountType }) => {
        model.accountType = accountType;
        fireEvent.click(screen.getByRole('radio', { name: new RegExp(accountType) }));
      },
      'step.continue': () => fireEvent.click(screen.getByRole('button', { name: 'Continue' })),
      'field.change': ({ field: name, value }) => {
        model[name] = value;
        fireEvent.change(field(name), { target: { value } });
      },
      'agreement.toggle': ({ agreed }) => {
        expect(agreement()).toHaveAttribute('aria-checked', String(!agreed));
        model.agreed = agreed;
        fireEvent.click(agreement());
      },
      'form.submit': () => fireEvent.click(signUp()),
      'xstate.done.actor.loadPolicy': async ({ output }) => {
        model.policy = 'loaded';
        model.minLength = output.minLength;
        await loadPolicy.resolve(output);
      },
      'xstate.error.actor.loadPolicy': async ({ error }) => {
        model.policy = 'failed';
        await loadPolicy.reject(error);
      },
      'xstate.after.stepAnimation': () => act(() => vi.advanceTimersByTimeAsync(STEP_ANIMATION_MS)),
      'xstate.done.actor.register': async ({ output }) => {
        model.settled += 1;
        model.token = output;
        await register.resolve(output);
      },
      'xstate.error.actor.register': async ({ error }) => {
        model.settled += 1;
        model.refusal = (error as Error).message;
        await register.reject(error);
      },
    } satisfies Gestures<typeof registrationMachine>,
  };
}
type Mounted = ReturnType<typeof mount>;
type Check = (mounted: Mounted) => void;

/** The password hint, when the details form shows: the policy's minimum. */
const hint = (minLength: number) => `At least ${minLength} characters; avoid common passwords.`;
const detailsShown = () => screen.queryByRole('form', { name: 'Sign up' }) !== null;

const policy: Record<string, Check> = {
  // Nothing asked yet: step 1 loads without the API.
  'policy.idle': ({ loadPolicy }) => expect(loadPolicy.started).toBe(0),
  // Asked while step 1 leaves; the form keeps the client default meanwhile.
  'policy.loading': ({ loadPolicy, model }) => {
    expect(loadPolicy.started).toBe(1);
    expect(model.policy).toBe('pending');
    if (detailsShown()) expect(screen.getByText(hint(DEFAULT_MIN_PASSWORD_LENGTH))).toBeInTheDocument();
  },
  // The server's policy raised the minimum.
  'policy.loaded': ({ loadPolicy, model }) => {
    expect(loadPolicy.started).toBe(1);
    expect(model.policy).toBe('loaded');
    if (detailsShown()) expect(screen.getByText(hint(model.minLength))).toBeInTheDocument();
  },
  // No policy: the client default stands.
  'policy.unavailable': ({ loadPolicy, model }) => {
    expect(loadPolicy.started).toBe(1);
    expect(model.policy).toBe('failed');
    if (detailsShown()) expect(screen.getByText(hint(DEFAULT_MIN_PASSWORD_LENGTH))).toBeInTheDocument();
  },
};

/** The details form as typed, with the account type in the subtitle and nothing marked unless `invalid`. */
const detailsForm: Check = ({ model, field, agreement }) => {
  const as = model.accountType === 'Influencer' ? 'an Influencer' : 'an Advertiser';
  expect(screen.getByText(`Signing up as ${as}`)).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Continue' })).not.toBeInTheDocument();
  for (const name of ['email', 'password', 'confirmPassword'] as const) expect(field(name)).toHaveValue(model[name]);
  expect(agreement()).toHaveAttribute('aria-checked', String(model.agreed));
};

const wizard: Record<string, Check> = {
  // Step 1: the account type chosen, Continue ready; no form.
  'wizard.choosing': ({ model }) => {
    expect(screen.getByRole('heading', { name: 'Create your account' })).toBeInTheDocument();
    expect(screen.getByText('Continue as a')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: new RegExp(model.accountType) })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled();
    expect(screen.queryByRole('form', { name: 'Sign up' })).not.toBeInTheDocument();
  },
  // Step 1 leaving: the choice and Continue wait for the animation; no form yet.
  'wizard.animating': ({ model }) => {
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Continue' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('radio', { name: new RegExp(model.accountType) })).toBeDisabled();
    expect(screen.queryByRole('form', { name: 'Sign up' })).not.toBeInTheDocument();
  },
  // Step 2 as typed: no field marked, no alert, Sign up ready, nothing sent since the last answer.
  'wizard.details.editing.pristine': (mounted) => {
    detailsForm(mounted);
    const { field, signUp, register, model } = mounted;
    expect(field('email')).not.toHaveAttribute('aria-invalid');
    expect(field('password')).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(signUp()).toBeEnabled();
    expect(register.started).toBe(model.settled);
  },
  // A submit the form refuses: empty fields are required, a short password names the policy's minimum; nothing sent.
  'wizard.details.editing.invalid': (mounted) => {
    detailsForm(mounted);
    const { field, signUp, register, model } = mounted;
    if (model.email === '') expect(field('email')).toHaveAccessibleDescription(messages.required);
    else expect(field('email')).not.toHaveAttribute('aria-invalid');
    const passwordProblem =
      model.password === ''
        ? messages.required
        : [...model.password].length < model.minLength
          ? `Use at least ${model.minLength} characters.`
          : null;
    if (passwordProblem)
      expect(field('password')).toHaveAccessibleDescription(`${hint(model.minLength)} ${passwordProblem}`);
    else expect(field('password')).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(signUp()).toBeEnabled();
    expect(register.started).toBe(model.settled);
  },
  // The account is on its way; Sign up waits.
  'wizard.details.submitting': (mounted) => {
    detailsForm(mounted);
    const { signUp, register, model } = mounted;
    expect(register.started).toBe(model.settled + 1);
    expect(register.inputs.at(-1)).toEqual({
      email: model.email.trim(),
      password: model.password,
      type_account: model.accountType,
    });
    expect(signUp()).toBeDisabled();
    expect(signUp()).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  },
  // Refused: the spec's alert with the server's reason, the form ready for another try.
  'wizard.details.editing.rejected': (mounted) => {
    detailsForm(mounted);
    const { signUp, register, model } = mounted;
    expect(screen.getByRole('alert')).toHaveTextContent(`${messages.registerFailed}${model.refusal}`);
    expect(signUp()).toBeEnabled();
    expect(register.started).toBe(model.settled);
  },
  // Signed up: the token went to the session and /complete-register opened.
  'wizard.details.registered': ({ view, model }) => {
    expect(view.signIns).toEqual([model.token]);
    expect(view.location()).toBe('/complete-register');
    expect(screen.getByText('Elsewhere')).toBeInTheDocument();
  },
};

/** The state `policy & wizard` shows both regions' checks. */
const both = (p: string, ...ws: string[]) =>
  Object.fromEntries(
    ws.map((w) => [
      `${p} & ${w}`,
      (mounted: Mounted) => {
        wizard[w]!(mounted);
        policy[p]!(mounted);
      },
    ]),
  );
const afterStep1 = [
  'wizard.animating',
  'wizard.details.editing.pristine',
  'wizard.details.editing.invalid',
  'wizard.details.editing.rejected',
  'wizard.details.submitting',
  'wizard.details.registered',
];

walkScreens('registration', {
  mount,
  states: {
    ...both('policy.idle', 'wizard.choosing'),
    ...both('policy.loading', ...afterStep1),
    ...both('policy.loaded', ...afterStep1),
    ...both('policy.unavailable', ...afterStep1),
  },
});
