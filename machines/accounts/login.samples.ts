// The login flow's samples, for its generated paths and the inspector (catalogued in machines/samples.ts).
import type { Fixture } from '../events';
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
  },
  abstract: (context) => ({ email: context.email !== '', password: context.password !== '' }),
} satisfies Fixture<typeof loginMachine>;
