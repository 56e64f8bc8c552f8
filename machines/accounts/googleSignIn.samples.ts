// The googleSignIn flow's samples, for its generated paths and the inspector (catalogued in machines/samples.ts).
import type { Fixture } from '../events';
import type { googleSignInMachine } from './googleSignIn.machine';

export const samples = {
  events: {
    'xstate.done.actor.popup': [
      { type: 'xstate.done.actor.popup', output: 'firebase.id.token' },
      { type: 'xstate.done.actor.popup', output: null },
    ],
    'xstate.done.actor.exchange': [
      { type: 'xstate.done.actor.exchange', output: 'issued.jwt.token' },
      { type: 'xstate.done.actor.exchange', output: null },
    ],
  },
  abstract: (context) => ({ idToken: Boolean(context.idToken) }),
} satisfies Fixture<typeof googleSignInMachine>;
