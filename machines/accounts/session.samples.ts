// The session flow's samples, for its generated paths and the inspector (catalogued in machines/samples.ts).
import type { Fixture } from '../events';
import type { sessionMachine } from './session.machine';
import { sampleUser } from './samples';

export const samples = {
  inputs: [{ jwt: null }, { jwt: 'stored.jwt.token' }],
  abstract: (context) => ({ holding: context.holds > 0 }),
  events: {
    'session.signIn': [
      {
        type: 'session.signIn',
        token: 'new.jwt.token',
        info: { method: 'password', signedInAt: '2024-01-01T00:00:00.000Z' },
      },
    ],
    'session.renew': [{ type: 'session.renew', token: 'renewed.jwt.token' }],
    'user.updated': [{ type: 'user.updated', user: sampleUser }],
    'xstate.done.actor.loadUser': [{ type: 'xstate.done.actor.loadUser', output: sampleUser }],
  },
} satisfies Fixture<typeof sessionMachine>;
