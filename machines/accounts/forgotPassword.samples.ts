// The forgotPassword flow's samples, for its generated paths and the inspector (catalogued in machines/samples.ts).
import type { Fixture } from '../events';
import type { forgotPasswordMachine } from './forgotPassword.machine';

export const samples = {
  events: {
    'xstate.done.actor.emailForm': [
      { type: 'xstate.done.actor.emailForm', output: { message: 'If an account exists for that email, …' } },
    ],
  },
} satisfies Fixture<typeof forgotPasswordMachine>;
