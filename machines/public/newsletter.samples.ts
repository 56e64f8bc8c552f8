// The newsletter flow's samples, for its generated paths and the inspector (catalogued in machines/samples.ts).
import type { Fixture } from '../events';
import type { newsletterMachine } from './newsletter.machine';

export const samples = {
  events: {
    'xstate.done.actor.emailForm': [
      { type: 'xstate.done.actor.emailForm', output: { message: 'Thanks for subscribing!' } },
    ],
  },
} satisfies Fixture<typeof newsletterMachine>;
