// The login flow's samples, for its generated paths and the inspector (catalogued in machines/samples.ts).
import { apiRefusal, type Fixture } from '../events';
import type { loginMachine } from './login.machine';

export const samples = {
  events: {
    'field.change': [
      { type: 'field.change', field: 'email', value: '' },
      { type: 'field.change', field: 'email', value: 'ana@example.com' },
      { type: 'field.change', field: 'password', value: '' },
      { type: 'field.change', field: 'password', value: 'Castbridge!2024' },
    ],
    'xstate.done.actor.authenticate': [{ type: 'xstate.done.actor.authenticate', output: 'issued.jwt.token' }],
    'xstate.error.actor.authenticate': [
      { type: 'xstate.error.actor.authenticate', error: apiRefusal('Invalid email or password', 401) },
      {
        type: 'xstate.error.actor.authenticate',
        error: apiRefusal(
          'Too many failed sign-in attempts. Try again in 4 seconds, or choose a new password with "Forgot your password?" on the login page.',
          429,
        ),
      },
    ],
  },
  abstract: (context) => ({
    email: context.email !== '',
    password: context.password !== '',
    wait: context.waitMessage !== null,
  }),
} satisfies Fixture<typeof loginMachine>;
