// Google sign-in's transitions, pinned by hand (docs/spec.md §2 Login screen, §7 firebase-login, §8): the popup's ID
// token is exchanged for ours; a falsy result at either step shows "Error al autenticar el usuario"; a failure is only
// logged, with what went wrong; our token signs in and opens the dashboard. Each pin reads what the login screen reads
// (login.select.ts), what the exchange is sent, the effects and the event names the flow receives from its calls.
import { describe, expect, vi } from 'vitest';
import { createActor } from 'xstate';
import { googleSignInMachine } from '@/machines/accounts/googleSignIn.machine';
import { selectGoogleBusy, selectGoogleRefused } from '@/machines/accounts/login.select';
import { controlled, receivedEvents } from '../controlled';
import { pinTransitions } from './pin';

const ID_TOKEN = 'google.id.token';
const TOKEN = 'castbridge.jwt';

function start() {
  const actions = { signIn: vi.fn(), goToDashboard: vi.fn(), logFailure: vi.fn() };
  const popup = controlled<string | null>();
  const exchange = controlled<string | null, { idToken: string }>();
  const { received, inspect } = receivedEvents();
  const actor = createActor(
    googleSignInMachine.provide({ actions, actors: { popup: popup.logic, exchange: exchange.logic } }),
    {
      inspect,
    },
  );
  actor.start();
  const snapshot = () => actor.getSnapshot();
  return {
    actor,
    actions,
    popup,
    exchange,
    received,
    snapshot,
    screen: () => ({ busy: selectGoogleBusy(snapshot()), refused: selectGoogleRefused(snapshot()) }),
  };
}

function popup() {
  const flow = start();
  expect(flow.snapshot().context).toEqual({ idToken: null });
  flow.actor.send({ type: 'google.start' });
  expect(flow.snapshot().value).toBe('popup');
  return flow;
}

async function exchanging() {
  const flow = popup();
  await flow.popup.resolve(ID_TOKEN);
  expect(flow.snapshot().value).toBe('exchanging');
  return flow;
}

describe('googleSignIn transitions', () => {
  const { pin, pinsEveryTransition } = pinTransitions(googleSignInMachine);

  pin({ from: 'googleSignIn.idle', on: 'google.start', to: 'googleSignIn.popup' }, 'the popup opens', async () => {
    const flow = start();
    expect(flow.screen()).toEqual({ busy: false, refused: false });
    flow.actor.send({ type: 'google.start' });
    expect(flow.snapshot().value).toBe('popup');
    expect(flow.popup.started).toBe(1);
    expect(flow.screen()).toEqual({ busy: true, refused: false });
    // Again after a refusal, which it no longer shows.
    await flow.popup.resolve(null);
    flow.actor.send({ type: 'google.start' });
    expect(flow.screen()).toEqual({ busy: true, refused: false });
    expect(flow.popup.started).toBe(2);
  });

  pin(
    { from: 'googleSignIn.popup', on: 'xstate.done.actor.popup', guard: 'hasOutput', to: 'googleSignIn.exchanging' },
    "the popup's ID token is sent to be exchanged",
    async () => {
      const flow = await exchanging();
      expect(flow.received.at(-1)).toBe('xstate.done.actor.popup');
      expect(flow.exchange.inputs).toEqual([{ idToken: ID_TOKEN }]);
      expect(flow.snapshot().context).toEqual({ idToken: ID_TOKEN });
      expect(flow.screen()).toEqual({ busy: true, refused: false });
    },
  );

  pin(
    { from: 'googleSignIn.popup', on: 'xstate.done.actor.popup', to: 'googleSignIn.idle.refused' },
    'no ID token: the alert, nothing exchanged',
    async () => {
      const flow = popup();
      await flow.popup.resolve(null);
      expect(flow.received.at(-1)).toBe('xstate.done.actor.popup');
      expect(flow.screen()).toEqual({ busy: false, refused: true });
      expect(flow.exchange.started).toBe(0);
    },
  );

  pin(
    { from: 'googleSignIn.popup', on: 'xstate.error.actor.popup', to: 'googleSignIn.idle.ready' },
    'a failed popup is logged with what went wrong, and no alert shows',
    async () => {
      const flow = popup();
      const error = new Error('auth/popup-closed-by-user');
      await flow.popup.reject(error);
      expect(flow.received.at(-1)).toBe('xstate.error.actor.popup');
      expect(flow.snapshot().value).toEqual({ idle: 'ready' });
      expect(flow.screen()).toEqual({ busy: false, refused: false });
      expect(flow.actions.logFailure).toHaveBeenCalledTimes(1);
      expect(flow.actions.logFailure.mock.calls[0]![1]).toEqual({ error });
    },
  );

  pin(
    {
      from: 'googleSignIn.exchanging',
      on: 'xstate.done.actor.exchange',
      guard: 'hasOutput',
      to: 'googleSignIn.signedIn',
    },
    'our token signs in and opens the dashboard; the flow is done',
    async () => {
      const flow = await exchanging();
      await flow.exchange.resolve(TOKEN);
      expect(flow.received.at(-1)).toBe('xstate.done.actor.exchange');
      expect(flow.snapshot().value).toBe('signedIn');
      expect(flow.snapshot().status).toBe('done');
      expect(flow.actions.signIn).toHaveBeenCalledTimes(1);
      expect(flow.actions.signIn.mock.calls[0]![1]).toEqual({ token: TOKEN });
      expect(flow.actions.goToDashboard).toHaveBeenCalledTimes(1);
    },
  );

  pin(
    { from: 'googleSignIn.exchanging', on: 'xstate.done.actor.exchange', to: 'googleSignIn.idle.refused' },
    'no token back: the alert, not signed in',
    async () => {
      const flow = await exchanging();
      await flow.exchange.resolve(null);
      expect(flow.received.at(-1)).toBe('xstate.done.actor.exchange');
      expect(flow.screen()).toEqual({ busy: false, refused: true });
      expect(flow.actions.signIn).not.toHaveBeenCalled();
      expect(flow.actions.goToDashboard).not.toHaveBeenCalled();
    },
  );

  pin(
    { from: 'googleSignIn.exchanging', on: 'xstate.error.actor.exchange', to: 'googleSignIn.idle.ready' },
    'a failed exchange is logged with what went wrong, and no alert shows',
    async () => {
      const flow = await exchanging();
      const error = new Error('Service unavailable');
      await flow.exchange.reject(error);
      expect(flow.received.at(-1)).toBe('xstate.error.actor.exchange');
      expect(flow.snapshot().value).toEqual({ idle: 'ready' });
      expect(flow.screen()).toEqual({ busy: false, refused: false });
      expect(flow.actions.logFailure.mock.calls[0]![1]).toEqual({ error });
      expect(flow.actions.signIn).not.toHaveBeenCalled();
    },
  );

  pinsEveryTransition();
});
