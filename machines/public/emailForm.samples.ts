// The emailForm flow's samples, for its generated paths and the inspector (catalogued in machines/samples.ts).
import type { Fixture } from '../events';
import type { emailFormMachine } from './emailForm.machine';

export const samples = {
  events: {
    'email.change': [
      { type: 'email.change', value: '' },
      { type: 'email.change', value: 'ana@example.com' },
    ],
    'xstate.done.actor.submitEmail': [
      { type: 'xstate.done.actor.submitEmail', output: { message: 'Thanks for subscribing!' } },
    ],
  },
} satisfies Fixture<typeof emailFormMachine>;
