// The unsubscribe flow's samples, for its generated paths and the inspector (catalogued in machines/samples.ts).
import type { Fixture } from '../events';
import type { unsubscribeMachine } from './unsubscribe.machine';

export const samples = {
  inputs: [{ token: null }, { token: 'unsubscribe-token' }],
  events: {
    'xstate.done.actor.unsubscribe': [
      { type: 'xstate.done.actor.unsubscribe', output: { message: 'You are unsubscribed.' } },
    ],
  },
} satisfies Fixture<typeof unsubscribeMachine>;
