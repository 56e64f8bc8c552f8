// The signed-in session: jwt from storage, the current user, the global loading flag, logout (docs/spec.md §3 Session storage, §4 Signed in or out, Logout, §7).
import { assign, setup } from 'xstate';
import { effect, service } from '../placeholders';
import type { SessionInfo, User } from '../types';

export interface SessionContext {
  jwt: string | null;
  user: User | null;
  /** Screens that hold the global loading overlay (a profile save, a photo upload). */
  holds: number;
}

export type SessionEvent =
  | { type: 'session.signIn'; token: string; info: SessionInfo }
  | { type: 'session.logout' }
  /** A new token for the same session (after a password change, which ends every other session). */
  | { type: 'session.renew'; token: string }
  | { type: 'user.load' }
  | { type: 'user.updated'; user: User }
  | { type: 'loading.hold' }
  | { type: 'loading.release' };

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as { jwt: string | null },
  },
  actors: {
    loadUser: service<User, { jwt: string }>('loadUser'),
  },
  actions: {
    storeSession: effect('storeSession'),
    storeToken: effect<{ token: string }>('storeToken'),
    clearStorage: effect('clearStorage'),
    navigateHome: effect('navigateHome'),
    logError: effect<{ error: unknown }>('logError'),
    setToken: assign((_, { token }: { token: string }) => ({ jwt: token, user: null })),
    forget: assign({ jwt: null, user: null, holds: 0 }),
    renewToken: assign((_, { token }: { token: string }) => ({ jwt: token })),
    setUser: assign((_, { user }: { user: User }) => ({ user })),
    hold: assign({ holds: ({ context }) => context.holds + 1 }),
    release: assign({ holds: ({ context }) => Math.max(0, context.holds - 1) }),
  },
  guards: {
    hasJwt: ({ context }) => Boolean(context.jwt),
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({ jwt: input.jwt, user: null, holds: 0 }),
  initial: 'restoring',
  states: {
    restoring: {
      always: [{ guard: 'hasJwt', target: 'signedIn' }, { target: 'signedOut' }],
    },
    signedOut: {
      on: {
        'session.signIn': {
          target: 'signedIn',
          actions: [{ type: 'setToken', params: ({ event }) => ({ token: event.token }) }, 'storeSession'],
        },
      },
    },
    signedIn: {
      initial: 'idle',
      on: {
        'session.logout': { target: 'signedOut', actions: ['forget', 'clearStorage', 'navigateHome'] },
        'session.signIn': {
          target: '.idle',
          actions: [{ type: 'setToken', params: ({ event }) => ({ token: event.token }) }, 'storeSession'],
        },
        // The user stays loaded: only the token changes.
        'session.renew': {
          actions: [
            { type: 'renewToken', params: ({ event }: { event: { token: string } }) => ({ token: event.token }) },
            { type: 'storeToken', params: ({ event }: { event: { token: string } }) => ({ token: event.token }) },
          ],
        },
        'user.updated': { actions: { type: 'setUser', params: ({ event }) => ({ user: event.user }) } },
        'loading.hold': { actions: 'hold' },
        'loading.release': { actions: 'release' },
      },
      states: {
        idle: {
          on: { 'user.load': 'loading' },
        },
        loading: {
          invoke: {
            id: 'loadUser',
            src: 'loadUser',
            // Signed in always holds a token: a stored one (hasJwt) or the one a sign-in brought.
            input: ({ context }) => ({ jwt: context.jwt as string }),
            onDone: { target: 'ready', actions: assign({ user: ({ event }) => event.output }) },
            onError: {
              target: 'failed',
              actions: {
                type: 'logError',
                params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }),
              },
            },
          },
        },
        ready: {
          on: { 'user.load': 'loading' },
        },
        failed: {
          on: { 'user.load': 'loading' },
        },
      },
    },
  },
});
