// /login (docs/spec.md §2 Login screen, §8): a refused password alerts "Error al autenticar el usuario"; a wait the
// sign-in throttle asks for (429, docs/api.md "Sign-in and tokens") shows the server's message instead.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loginMachine } from '@/machines/accounts/login.machine';
import { apiRefusal } from '@/machines/events';
import { messages } from '@/src/messages';
import { Login } from '@/src/accounts/Login';
import { controlled, renderScreen } from './harness';

const WAIT =
  'Too many failed sign-in attempts. Try again in 4 seconds, or choose a new password with "Forgot your password?" on the login page.';

function setup() {
  // The flow logs refusals (docs/spec.md §8); kept out of the test output.
  vi.spyOn(console, 'error').mockImplementation(() => {});
  const authenticate = controlled<string, { email: string; password: string }>();
  const login = loginMachine.provide({ actors: { authenticate: authenticate.logic } });
  const view = renderScreen(<Login logic={{ login }} />, { path: '/login' });
  return { authenticate, view, user: userEvent.setup() };
}

afterEach(() => vi.restoreAllMocks());

describe('Login', () => {
  it("a refused password alerts the spec's message; a wait shows the server's, and a later try signs in", async () => {
    const { authenticate, view, user } = setup();
    await user.type(screen.getByLabelText('Email'), 'ana@example.com');
    await user.type(screen.getByLabelText('Password'), 'Wrong-Password-1');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await authenticate.reject(apiRefusal('Invalid email or password', 401));
    expect(screen.getByRole('alert')).toHaveTextContent(messages.loginFailed);

    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await authenticate.reject(apiRefusal(WAIT, 429));
    expect(screen.getByRole('alert')).toHaveTextContent(WAIT);
    expect(screen.queryByText(messages.loginFailed)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await authenticate.resolve('fresh.jwt');
    expect(view.signIns).toEqual(['fresh.jwt']);
    expect(view.location()).toBe('/dashboard');
  });

  it('a submit with the email typed and the password empty marks only the password, and sends nothing', async () => {
    const { authenticate, user } = setup();
    await user.type(screen.getByLabelText('Email'), 'ana@example.com');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(messages.required);
    expect(screen.getByLabelText('Email')).not.toHaveAttribute('aria-invalid');
    expect(screen.getAllByText(messages.required)).toHaveLength(1);
    expect(authenticate.started).toBe(0);
  });

  it("a failure that carries no reason at all (a promise rejected with nothing) alerts the spec's message", async () => {
    const { authenticate, view, user } = setup();
    await user.type(screen.getByLabelText('Email'), 'ana@example.com');
    await user.type(screen.getByLabelText('Password'), 'Castbridge!2024');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await authenticate.reject(undefined);
    expect(screen.getByRole('alert')).toHaveTextContent(messages.loginFailed);
    expect(screen.getByRole('button', { name: 'Log in' })).toBeEnabled();
    expect(view.signIns).toEqual([]);
  });
});
