// Email and password sign-in (docs/spec.md §2 Login screen, §3 Login payload, §5, §7 jwt-login, §8 "Error al autenticar el usuario").
import { assign, setup } from 'xstate';
import { effect, service } from '../placeholders';

export type LoginField = 'email' | 'password';

export interface LoginContext {
  email: string;
  password: string;
}

export const loginMachine = setup({
  types: {
    context: {} as LoginContext,
    events: {} as { type: 'field.change'; field: LoginField; value: string } | { type: 'form.submit' },
  },
  actors: {
    authenticate: service<string, { email: string; password: string }>('authenticate'),
  },
  actions: {
    setField: assign(({ context, event }) =>
      event.type === 'field.change' ? { ...context, [event.field]: event.value } : context,
    ),
    /** Hands the token to the session (which stores `jwt` and `session`). */
    signIn: effect<{ token: string }>('signIn'),
    goToDashboard: effect('goToDashboard'),
    logError: effect<{ error: unknown }>('logError'),
  },
  guards: {
    isComplete: ({ context }) => context.email.trim() !== '' && context.password !== '',
  },
}).createMachine({
  id: 'login',
  context: { email: '', password: '' },
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
      },
      on: {
        'field.change': { actions: 'setField' },
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
        onError: {
          target: 'editing.rejected',
          actions: { type: 'logError', params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) },
        },
      },
    },
    signedIn: { type: 'final', tags: 'busy' },
  },
});
