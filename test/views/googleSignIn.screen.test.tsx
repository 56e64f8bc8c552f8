// Sign in with Google on /login (docs/spec.md §2 Login screen, §7 firebase-login, §8), replayed along googleSignIn's
// recorded paths on the real page: the popup, then the exchange of its ID token for ours; a falsy answer alerts
// "Error al autenticar el usuario", a failure is only logged, a token signs in and opens /dashboard.
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, expect, vi } from 'vitest';
import { googleSignInMachine } from '@/machines/accounts/googleSignIn.machine';
import { loginMachine } from '@/machines/accounts/login.machine';
import { Login } from '@/src/accounts/Login';
import { messages } from '@/src/messages';
import { controlled, renderScreen } from './harness';
import { walkScreens } from './screens';

afterEach(() => vi.restoreAllMocks());

walkScreens('googleSignIn', {
  mount() {
    // Failures are logged only (docs/spec.md §8): kept out of the test output, and counted below.
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const popup = controlled<string | null>();
    const exchange = controlled<string | null, { idToken: string }>();
    const view = renderScreen(
      <Login
        logic={{
          login: loginMachine.provide({
            actors: { authenticate: controlled<string, { email: string; password: string }>().logic },
          }),
          google: googleSignInMachine.provide({ actors: { popup: popup.logic, exchange: exchange.logic } }),
        }}
      />,
      { path: '/login' },
    );
    /** The answers so far: the popup's and the exchange's, and the failures logged. */
    const answers = {
      popups: 0,
      exchanges: 0,
      idToken: null as string | null,
      token: null as string | null,
      failures: 0,
    };
    const google = () => screen.getByRole('button', { name: 'Sign in with Google' });
    const failuresLogged = () =>
      logged.mock.calls.filter(([message]) => message === messages.googleSignInFailed).length;
    return {
      view,
      popup,
      exchange,
      answers,
      google,
      failuresLogged,
      gestures: {
        'google.start': () => fireEvent.click(google()),
        'xstate.done.actor.popup': async ({ output }) => {
          answers.popups += 1;
          answers.idToken = output;
          await popup.resolve(output);
        },
        'xstate.error.actor.popup': async ({ error }) => {
          answers.popups += 1;
          answers.failures += 1;
          await popup.reject(error);
        },
        'xstate.done.actor.exchange': async ({ output }) => {
          answers.exchanges += 1;
          answers.token = output;
          await exchange.resolve(output);
        },
        'xstate.error.actor.exchange': async ({ error }) => {
          answers.exchanges += 1;
          answers.failures += 1;
          await exchange.reject(error);
        },
      },
    };
  },
  states: {
    // The button ready, no alert (a failure is only logged), nothing waiting.
    'idle.ready': ({ popup, exchange, answers, google, failuresLogged }) => {
      expect(google()).toBeEnabled();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(popup.started).toBe(answers.popups);
      expect(exchange.started).toBe(answers.exchanges);
      expect(failuresLogged()).toBe(answers.failures);
    },
    // A falsy answer: the spec's alert, the button ready for another try.
    'idle.refused': ({ popup, exchange, answers, google }) => {
      expect(screen.getByRole('alert')).toHaveTextContent(messages.loginFailed);
      expect(google()).toBeEnabled();
      expect(popup.started).toBe(answers.popups);
      expect(exchange.started).toBe(answers.exchanges);
    },
    // The popup is open: the button waits, nothing exchanged yet.
    popup: ({ popup, exchange, answers, google }) => {
      expect(google()).toBeDisabled();
      expect(google()).toHaveAttribute('aria-busy', 'true');
      expect(popup.started).toBe(answers.popups + 1);
      expect(exchange.started).toBe(answers.exchanges);
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    },
    // The popup's ID token is being exchanged for ours: the button still waits.
    exchanging: ({ popup, exchange, answers, google }) => {
      expect(google()).toBeDisabled();
      expect(google()).toHaveAttribute('aria-busy', 'true');
      expect(popup.started).toBe(answers.popups);
      expect(exchange.started).toBe(answers.exchanges + 1);
      expect(exchange.inputs.at(-1)).toEqual({ idToken: answers.idToken });
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    },
    // Our token went to the session and the dashboard opened.
    signedIn: ({ view, answers }) => {
      expect(view.signIns).toEqual([answers.token]);
      expect(view.location()).toBe('/dashboard');
      expect(screen.getByText('Elsewhere')).toBeInTheDocument();
    },
  },
});
