// /login's email and password sign-in (docs/spec.md §2 Login screen, §8; docs/api.md "Sign-in and tokens"), replayed
// along login's recorded paths on the real page: a refusal alerts "Error al autenticar el usuario", a wait the
// sign-in throttle asks for (429) shows the server's message, a token signs in and opens /dashboard.
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, expect, vi } from 'vitest';
import { loginMachine } from '@/machines/accounts/login.machine';
import { Login } from '@/src/accounts/Login';
import { messages } from '@/src/messages';
import { controlled, renderScreen } from './harness';
import { walkScreens } from './screens';

afterEach(() => vi.restoreAllMocks());

const LABEL = { email: 'Email', password: 'Password' } as const;

walkScreens('login', {
  mount() {
    // The flow logs refusals (docs/spec.md §8); kept out of the test output.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const authenticate = controlled<string, { email: string; password: string }>();
    const view = renderScreen(
      <Login logic={{ login: loginMachine.provide({ actors: { authenticate: authenticate.logic } }) }} />,
      { path: '/login' },
    );
    /** What the person typed, and what the server last answered. */
    const typed = { email: '', password: '' };
    const answers = { settled: 0, refusal: null as string | null, token: null as string | null };
    const submit = () => screen.getByRole('button', { name: 'Log in' });
    const field = (name: keyof typeof LABEL) => screen.getByLabelText(LABEL[name]);
    return {
      view,
      authenticate,
      typed,
      answers,
      submit,
      field,
      gestures: {
        'field.change': ({ field: name, value }) => {
          typed[name] = value;
          fireEvent.change(field(name), { target: { value } });
        },
        'form.submit': () => fireEvent.click(submit()),
        'xstate.done.actor.authenticate': async ({ output }) => {
          answers.settled += 1;
          answers.token = output;
          await authenticate.resolve(output);
        },
        'xstate.error.actor.authenticate': async ({ error }) => {
          answers.settled += 1;
          answers.refusal = (error as Error).message;
          await authenticate.reject(error);
        },
      },
    };
  },
  states: {
    // The form as typed, no field marked, no alert, nothing sent.
    'editing.pristine': ({ authenticate, typed, submit, field }) => {
      expect(screen.getByRole('heading', { name: 'Welcome' })).toBeInTheDocument();
      expect(field('email')).toHaveValue(typed.email);
      expect(field('password')).toHaveValue(typed.password);
      expect(field('email')).not.toHaveAttribute('aria-invalid');
      expect(field('password')).not.toHaveAttribute('aria-invalid');
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(submit()).toBeEnabled();
      expect(authenticate.started).toBe(0);
    },
    // A submit with empty fields: each empty one says "Este campo es obligatorio"; nothing is sent.
    'editing.invalid': ({ authenticate, typed, submit, field }) => {
      for (const name of ['email', 'password'] as const) {
        if (typed[name] === '') {
          expect(field(name)).toHaveAttribute('aria-invalid', 'true');
          expect(field(name)).toHaveAccessibleDescription(messages.required);
        } else expect(field(name)).not.toHaveAttribute('aria-invalid');
      }
      expect(screen.getAllByText(messages.required)).toHaveLength(Object.values(typed).filter((v) => v === '').length);
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(submit()).toBeEnabled();
      expect(authenticate.started).toBe(0);
    },
    // The credentials are on their way (the trimmed email); Log in waits.
    submitting: ({ authenticate, answers, typed, submit }) => {
      expect(authenticate.started).toBe(answers.settled + 1);
      expect(authenticate.inputs.at(-1)).toEqual({ email: typed.email.trim(), password: typed.password });
      expect(submit()).toBeDisabled();
      expect(submit()).toHaveAttribute('aria-busy', 'true');
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(screen.queryByText(messages.required)).not.toBeInTheDocument();
    },
    // A refused password: the spec's alert, the form ready for another try.
    'editing.rejected': ({ authenticate, answers, submit }) => {
      expect(screen.getByRole('alert')).toHaveTextContent(messages.loginFailed);
      expect(screen.getAllByRole('alert')).toHaveLength(1);
      expect(submit()).toBeEnabled();
      expect(authenticate.started).toBe(answers.settled);
    },
    // The throttle asks for a wait: the server's message, not the refusal's.
    'editing.throttled': ({ authenticate, answers, submit }) => {
      expect(screen.getByRole('alert')).toHaveTextContent(answers.refusal!);
      expect(screen.queryByText(messages.loginFailed)).not.toBeInTheDocument();
      expect(screen.getAllByRole('alert')).toHaveLength(1);
      expect(submit()).toBeEnabled();
      expect(authenticate.started).toBe(answers.settled);
    },
    // The token went to the session and the dashboard opened.
    signedIn: ({ view, answers }) => {
      expect(view.signIns).toEqual([answers.token]);
      expect(view.location()).toBe('/dashboard');
      expect(screen.getByText('Elsewhere')).toBeInTheDocument();
      expect(screen.queryByRole('form', { name: 'Log in' })).not.toBeInTheDocument();
    },
  },
});
