// Email and password sign-in (docs/spec.md §2 Login screen, §3 Login payload, §5, §7 jwt-login, §8 "Error al autenticar el usuario").
// A 429 is no refusal of the password but the sign-in throttle asking for a wait (docs/api.md "Sign-in and tokens"):
// the form shows the server's message, which says how long to wait and how else to get in.
import { assign, setup } from 'xstate';
import { effect, service } from '../placeholders';

export type LoginField = 'email' | 'password';

export interface LoginContext {
  email: string;
  password: string;
  /** The server's message while it asks for a wait (429), else null. */
  waitMessage: string | null;
}

/** The sign-in throttle's answer: the status ApiError carries (machines/events.ts apiRefusal). */
const isWait = (error: unknown) => (error as { status?: unknown } | null)?.status === 429;
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export const loginMachine = setup({
  types: {
    context: {} as LoginContext,
    events: {} as { type: 'field.change'; field: LoginField; value: string } | { type: 'form.submit' },
  },
  actors: {
    authenticate: service<string, { email: string; password: string }>('authenticate'),
  },
  actions: {
    setField: assign((_, { field, value }: { field: LoginField; value: string }) => ({ [field]: value })),
    /** Hands the token to the session (which stores `jwt` and `session`). */
    signIn: effect<{ token: string }>('signIn'),
    goToDashboard: effect('goToDashboard'),
    logError: effect<{ error: unknown }>('logError'),
  },
  guards: {
    isComplete: ({ context }) => context.email.trim() !== '' && context.password !== '',
    isWait: ({ event }) => isWait((event as { error?: unknown }).error),
  },
}).createMachine({
  id: 'login',
  context: { email: '', password: '', waitMessage: null },
  initial: 'editing',
  states: {
    editing: {
      initial: 'pristine',
      states: {
        pristine: {},
        // Empty fields show "Este campo es obligatorio"; nothing is sent.
        invalid: {},
        // The server refused: alert "Error al autenticar el usuario".
        rejected: {},
        // The server asks for a wait (429): alert its message.
        throttled: {},
      },
      on: {
        'field.change': {
          actions: { type: 'setField', params: ({ event }) => ({ field: event.field, value: event.value }) },
        },
        'form.submit': [{ guard: 'isComplete', target: 'submitting' }, { target: '.invalid' }],
      },
    },
    submitting: {
      tags: 'busy',
      invoke: {
        id: 'authenticate',
        src: 'authenticate',
        input: ({ context }) => ({ email: context.email.trim(), password: context.password }),
        onDone: {
          target: 'signedIn',
          actions: [
            { type: 'signIn', params: ({ event }: { event: { output: string } }) => ({ token: event.output }) },
            'goToDashboard',
          ],
        },
        onError: [
          {
            guard: 'isWait',
            target: 'editing.throttled',
            actions: [
              { type: 'logError', params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) },
              assign({ waitMessage: ({ event }) => messageOf(event.error) }),
            ],
          },
          {
            target: 'editing.rejected',
            actions: {
              type: 'logError',
              params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }),
            },
          },
        ],
      },
    },
    signedIn: { type: 'final', tags: 'busy' },
  },
});
