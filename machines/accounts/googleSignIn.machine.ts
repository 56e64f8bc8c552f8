// Google sign-in: Firebase popup, then the API exchanges the ID token for ours (docs/spec.md §2 Login, §7 firebase-login, §8).
import { assign, setup } from 'xstate';
import { effect, service } from '../placeholders';

export const googleSignInMachine = setup({
  types: {
    context: {} as { idToken: string | null },
    events: {} as { type: 'google.start' },
  },
  actors: {
    /** Opens the identity provider's popup; resolves with its ID token, or a falsy value. */
    popup: service<string | null>('popup'),
    /** POST /api/auth/firebase-login; resolves with our token, or a falsy value. */
    exchange: service<string | null, { idToken: string }>('exchange'),
  },
  actions: {
    signIn: effect<{ token: string }>('signIn'),
    goToDashboard: effect('goToDashboard'),
    /** A failure is logged only, with a Spanish message (docs/spec.md §8). */
    logFailure: effect<{ error: unknown }>('logFailure'),
  },
  guards: {
    hasOutput: ({ event }) => Boolean((event as { output?: unknown }).output),
  },
}).createMachine({
  id: 'googleSignIn',
  context: { idToken: null },
  initial: 'idle',
  states: {
    idle: {
      initial: 'ready',
      states: {
        ready: {},
        // A falsy result: alert "Error al autenticar el usuario".
        refused: {},
      },
      on: { 'google.start': 'popup' },
    },
    popup: {
      tags: 'busy',
      invoke: {
        id: 'popup',
        src: 'popup',
        onDone: [
          { guard: 'hasOutput', target: 'exchanging', actions: assign({ idToken: ({ event }) => event.output }) },
          { target: 'idle.refused' },
        ],
        onError: {
          target: 'idle.ready',
          actions: {
            type: 'logFailure',
            params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }),
          },
        },
      },
    },
    exchanging: {
      tags: 'busy',
      invoke: {
        id: 'exchange',
        src: 'exchange',
        input: ({ context }) => ({ idToken: context.idToken ?? '' }),
        onDone: [
          {
            guard: 'hasOutput',
            target: 'signedIn',
            actions: [
              {
                type: 'signIn',
                params: ({ event }: { event: { output: string | null } }) => ({ token: event.output ?? '' }),
              },
              'goToDashboard',
            ],
          },
          { target: 'idle.refused' },
        ],
        onError: {
          target: 'idle.ready',
          actions: {
            type: 'logFailure',
            params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }),
          },
        },
      },
    },
    signedIn: { type: 'final' },
  },
});
