// The session's transitions, pinned by hand: source, event, expected target and what it changes — what the shell
// reads through the session's selectors (signed in, the user, the role, the loading overlay), what GET /api/user is
// sent, and the event names the session receives from its call.
import { describe, expect, vi } from 'vitest';
import { createActor } from 'xstate';
import { sessionMachine } from '@/machines/accounts/session.machine';
import { selectJwt, selectLoading, selectRole, selectSignedIn, selectUser } from '@/machines/accounts/session.select';
import type { SessionInfo, User } from '@/machines/types';
import { controlled, receivedEvents } from '../controlled';
import { sampleUser } from '@/machines/accounts/samples';
import { pinTransitions } from './pin';

const info: SessionInfo = { method: 'password', signedInAt: '2024-01-01T00:00:00.000Z' };

function start(jwt: string | null) {
  const actions = {
    storeSession: vi.fn(),
    storeToken: vi.fn(),
    clearStorage: vi.fn(),
    navigateHome: vi.fn(),
    logError: vi.fn(),
  };
  const loadUser = controlled<User, { jwt: string }>();
  /** The events the session itself received, by type: the names its pinned transitions are on. */
  const { received, inspect } = receivedEvents();
  const actor = createActor(sessionMachine.provide({ actions, actors: { loadUser: loadUser.logic } }), {
    input: { jwt },
    inspect,
  }).start();
  const snapshot = () => actor.getSnapshot();
  return {
    actor,
    actions,
    loadUser,
    received,
    /** What the shell reads: signed in, the token, the user, the workspace's role, the loading overlay. */
    screen: () => ({
      signedIn: selectSignedIn(snapshot()),
      jwt: selectJwt(snapshot()),
      user: selectUser(snapshot()),
      role: selectRole(snapshot()),
      loading: selectLoading(snapshot()),
    }),
    value: () => actor.getSnapshot().value,
    context: () => actor.getSnapshot().context,
  };
}

/** Signed in with the user loaded: `signedIn.ready`. */
async function ready() {
  const session = start('stored.jwt');
  session.actor.send({ type: 'user.load' });
  await session.loadUser.resolve(sampleUser);
  expect(session.value()).toEqual({ signedIn: 'ready' });
  return session;
}

describe('session transitions', () => {
  const { pin, pinsEveryTransition } = pinTransitions(sessionMachine);

  pin(
    { from: 'session.restoring', on: 'always', guard: 'hasJwt', to: 'session.signedIn' },
    'a stored jwt restores a signed-in session',
    () => {
      const { value, context, actions } = start('stored.jwt');
      expect(value()).toEqual({ signedIn: 'idle' });
      expect(context()).toEqual({ jwt: 'stored.jwt', user: null, holds: 0 });
      expect(actions.storeSession).not.toHaveBeenCalled();
    },
  );

  pin(
    { from: 'session.restoring', on: 'always', to: 'session.signedOut' },
    'without a jwt the session is signed out',
    () => {
      const { value, context } = start(null);
      expect(value()).toBe('signedOut');
      expect(context().jwt).toBeNull();
    },
  );

  pin(
    { from: 'session.signedOut', on: 'session.signIn', to: 'session.signedIn' },
    'signing in takes the token and stores it',
    () => {
      const { actor, value, context, actions } = start(null);
      actor.send({ type: 'session.signIn', token: 'new.jwt', info });
      expect(value()).toEqual({ signedIn: 'idle' });
      expect(context().jwt).toBe('new.jwt');
      expect(actions.storeSession).toHaveBeenCalledOnce();
    },
  );

  pin(
    { from: 'session.signedIn', on: 'session.logout', to: 'session.signedOut' },
    'logout forgets everything, clears storage and goes home',
    async () => {
      const { actor, value, context, actions } = await ready();
      actor.send({ type: 'loading.hold' });
      actor.send({ type: 'session.logout' });
      expect(value()).toBe('signedOut');
      expect(context()).toEqual({ jwt: null, user: null, holds: 0 });
      expect(actions.clearStorage).toHaveBeenCalledOnce();
      expect(actions.navigateHome).toHaveBeenCalledOnce();
    },
  );

  pin(
    { from: 'session.signedIn', on: 'session.renew', to: null },
    'a renewed token (password changed) replaces the jwt and keeps the loaded user',
    async () => {
      const { actor, value, context, actions } = await ready();
      actor.send({ type: 'session.renew', token: 'renewed.jwt' });
      expect(value()).toEqual({ signedIn: 'ready' });
      expect(context()).toEqual({ jwt: 'renewed.jwt', user: sampleUser, holds: 0 });
      expect(actions.storeToken).toHaveBeenCalledWith(expect.anything(), { token: 'renewed.jwt' });
      expect(actions.storeSession).not.toHaveBeenCalled();
    },
  );

  pin(
    { from: 'session.signedIn', on: 'session.signIn', to: 'session.signedIn.idle' },
    'a new sign-in replaces the token and drops the loaded user',
    async () => {
      const { actor, value, context, actions } = await ready();
      actor.send({ type: 'session.signIn', token: 'other.jwt', info });
      expect(value()).toEqual({ signedIn: 'idle' });
      expect(context()).toMatchObject({ jwt: 'other.jwt', user: null });
      expect(actions.storeSession).toHaveBeenCalledOnce();
    },
  );

  pin(
    { from: 'session.signedIn', on: 'user.updated', to: null },
    'an updated user replaces the current one, in the same state',
    async () => {
      const { actor, value, context } = await ready();
      const user = { ...sampleUser, city: 'Austin' };
      actor.send({ type: 'user.updated', user });
      expect(value()).toEqual({ signedIn: 'ready' });
      expect(context().user).toEqual(user);
    },
  );

  pin({ from: 'session.signedIn', on: 'loading.hold', to: null }, 'each hold counts, in the same state', () => {
    const { actor, value, context } = start('stored.jwt');
    actor.send({ type: 'loading.hold' });
    actor.send({ type: 'loading.hold' });
    expect(value()).toEqual({ signedIn: 'idle' });
    expect(context().holds).toBe(2);
  });

  pin(
    { from: 'session.signedIn', on: 'loading.release', to: null },
    'a release undoes one hold and never goes below zero',
    () => {
      const { actor, value, context } = start('stored.jwt');
      actor.send({ type: 'loading.hold' });
      actor.send({ type: 'loading.hold' });
      actor.send({ type: 'loading.release' });
      expect(value()).toEqual({ signedIn: 'idle' });
      expect(context().holds).toBe(1);
      actor.send({ type: 'loading.release' });
      actor.send({ type: 'loading.release' });
      expect(context().holds).toBe(0);
    },
  );

  pin(
    { from: 'session.signedIn.idle', on: 'user.load', to: 'session.signedIn.loading' },
    'loading the user calls GET /api/user with the jwt',
    () => {
      const { actor, value, loadUser } = start('stored.jwt');
      actor.send({ type: 'user.load' });
      expect(value()).toEqual({ signedIn: 'loading' });
      expect(loadUser.inputs).toEqual([{ jwt: 'stored.jwt' }]);
    },
  );

  pin(
    { from: 'session.signedIn.loading', on: 'xstate.done.actor.loadUser', to: 'session.signedIn.ready' },
    'the loaded user is kept: the overlay goes and the workspace is the user’s role',
    async () => {
      const { actor, value, context, loadUser, received, screen, actions } = start('stored.jwt');
      actor.send({ type: 'user.load' });
      expect(screen()).toEqual({ signedIn: true, jwt: 'stored.jwt', user: null, role: null, loading: true });
      const advertiser = { ...sampleUser, role: 'advertiser' as const };
      await loadUser.resolve(advertiser);
      expect(received.at(-1)).toBe('xstate.done.actor.loadUser');
      expect(value()).toEqual({ signedIn: 'ready' });
      expect(context().user).toEqual(advertiser);
      // A failed read would fall back to the creator's workspace: the role read is the user's own.
      expect(screen()).toEqual({
        signedIn: true,
        jwt: 'stored.jwt',
        user: advertiser,
        role: 'advertiser',
        loading: false,
      });
      expect(actions.logError).not.toHaveBeenCalled();
      // Read again, it still leaves the same way (not through the failed read's state).
      actor.send({ type: 'user.load' });
      await loadUser.resolve(advertiser);
      expect(value()).toEqual({ signedIn: 'ready' });
      expect(actions.logError).not.toHaveBeenCalled();
    },
  );

  pin(
    { from: 'session.signedIn.loading', on: 'xstate.error.actor.loadUser', to: 'session.signedIn.failed' },
    'a failed read is logged and the session stays signed in',
    async () => {
      const { actor, value, context, loadUser, actions, received, screen } = start('stored.jwt');
      actor.send({ type: 'user.load' });
      const error = new Error('GET /api/user failed');
      await loadUser.reject(error);
      expect(received.at(-1)).toBe('xstate.error.actor.loadUser');
      expect(value()).toEqual({ signedIn: 'failed' });
      expect(screen()).toEqual({ signedIn: true, jwt: 'stored.jwt', user: null, role: 'creator', loading: false });
      expect(context()).toMatchObject({ jwt: 'stored.jwt', user: null });
      expect(actions.logError).toHaveBeenCalledWith(expect.anything(), { error });
    },
  );

  pin(
    { from: 'session.signedIn.ready', on: 'user.load', to: 'session.signedIn.loading' },
    'the user can be read again',
    async () => {
      const { actor, value, loadUser } = await ready();
      actor.send({ type: 'user.load' });
      expect(value()).toEqual({ signedIn: 'loading' });
      expect(loadUser.started).toBe(2);
    },
  );

  pin(
    { from: 'session.signedIn.failed', on: 'user.load', to: 'session.signedIn.loading' },
    'a failed read can be retried',
    async () => {
      const { actor, value, loadUser } = start('stored.jwt');
      actor.send({ type: 'user.load' });
      await loadUser.reject(new Error('offline'));
      actor.send({ type: 'user.load' });
      expect(value()).toEqual({ signedIn: 'loading' });
      expect(loadUser.started).toBe(2);
    },
  );

  pinsEveryTransition();
});
