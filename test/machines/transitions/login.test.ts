// The login form's transitions, pinned by hand: source, event, expected target and what it changes.
import { describe, expect, vi } from 'vitest';
import { createActor } from 'xstate';
import { loginMachine } from '@/machines/accounts/login.machine';
import { selectLoginBusy, selectLoginRejected, selectLoginWait } from '@/machines/accounts/login.select';
import { apiRefusal } from '@/machines/events';
import { controlled } from '../controlled';
import { pinTransitions } from './pin';

function start() {
  const actions = { signIn: vi.fn(), goToDashboard: vi.fn(), logError: vi.fn() };
  const authenticate = controlled<string, { email: string; password: string }>();
  const actor = createActor(loginMachine.provide({ actions, actors: { authenticate: authenticate.logic } })).start();
  return {
    actor,
    actions,
    authenticate,
    value: () => actor.getSnapshot().value,
    context: () => actor.getSnapshot().context,
  };
}

const WAIT =
  'Too many failed sign-in attempts. Try again in 4 seconds, or choose a new password with "Forgot your password?" on the login page.';

/** Filled in and submitted: `submitting`. */
function submitting() {
  const login = start();
  login.actor.send({ type: 'field.change', field: 'email', value: ' ana@example.com ' });
  login.actor.send({ type: 'field.change', field: 'password', value: 'Castbridge!2024' });
  login.actor.send({ type: 'form.submit' });
  expect(login.value()).toBe('submitting');
  return login;
}

describe('login transitions', () => {
  const { pin, pinsEveryTransition } = pinTransitions(loginMachine);

  pin({ from: 'login.editing', on: 'field.change', to: null }, 'a typed field is kept, in the same state', () => {
    const { actor, value, context } = start();
    actor.send({ type: 'field.change', field: 'email', value: 'ana@example.com' });
    expect(value()).toEqual({ editing: 'pristine' });
    expect(context()).toEqual({ email: 'ana@example.com', password: '', waitMessage: null });
  });

  pin(
    { from: 'login.editing', on: 'form.submit', guard: 'isComplete', to: 'login.submitting' },
    'both fields filled: the trimmed email and the password are sent',
    () => {
      const { value, authenticate } = submitting();
      expect(value()).toBe('submitting');
      expect(authenticate.inputs).toEqual([{ email: 'ana@example.com', password: 'Castbridge!2024' }]);
    },
  );

  pin(
    { from: 'login.editing', on: 'form.submit', to: 'login.editing.invalid' },
    'an empty field refuses the submit and sends nothing',
    () => {
      const { actor, value, authenticate } = start();
      actor.send({ type: 'field.change', field: 'email', value: '   ' });
      actor.send({ type: 'field.change', field: 'password', value: 'Castbridge!2024' });
      actor.send({ type: 'form.submit' });
      expect(value()).toEqual({ editing: 'invalid' });
      expect(authenticate.started).toBe(0);
    },
  );

  pin(
    { from: 'login.submitting', on: 'xstate.done.actor.authenticate', to: 'login.signedIn' },
    'the token goes to the session and the dashboard opens; Log in stays busy until the page leaves',
    async () => {
      const { actor, value, authenticate, actions } = submitting();
      await authenticate.resolve('issued.jwt');
      expect(value()).toBe('signedIn');
      expect(actor.getSnapshot().status).toBe('done');
      expect(selectLoginBusy(actor.getSnapshot())).toBe(true);
      expect(actions.signIn).toHaveBeenCalledWith(expect.anything(), { token: 'issued.jwt' });
      expect(actions.goToDashboard).toHaveBeenCalledOnce();
    },
  );

  pin(
    { from: 'login.submitting', on: 'xstate.error.actor.authenticate', to: 'login.editing.rejected' },
    'a refusal is logged and the form shows it',
    async () => {
      const { value, context, authenticate, actions } = submitting();
      const error = apiRefusal('Invalid email or password', 401);
      await authenticate.reject(error);
      expect(value()).toEqual({ editing: 'rejected' });
      expect(context().email).toBe(' ana@example.com ');
      expect(actions.logError).toHaveBeenCalledWith(expect.anything(), { error });
      expect(actions.signIn).not.toHaveBeenCalled();
    },
  );

  pin(
    { from: 'login.submitting', on: 'xstate.error.actor.authenticate', guard: 'isWait', to: 'login.editing.throttled' },
    "a 429 is the throttle asking for a wait: the form shows the server's message, and a later submit tries again",
    async () => {
      const { actor, value, context, authenticate, actions } = submitting();
      const error = apiRefusal(WAIT, 429);
      await authenticate.reject(error);
      expect(value()).toEqual({ editing: 'throttled' });
      expect(context().waitMessage).toBe(WAIT);
      expect(selectLoginWait(actor.getSnapshot())).toBe(WAIT);
      expect(selectLoginRejected(actor.getSnapshot())).toBe(false);
      expect(actions.logError).toHaveBeenCalledWith(expect.anything(), { error });
      actor.send({ type: 'form.submit' });
      expect(value()).toBe('submitting');
      expect(selectLoginWait(actor.getSnapshot())).toBeNull();
    },
  );

  pinsEveryTransition();
});
