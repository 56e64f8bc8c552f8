// The registration flow's samples, for its generated paths and the inspector (catalogued in machines/samples.ts).
import type { Fixture } from '../events';
import type { registrationMachine } from './registration.machine';
import { passwordProblem } from './passwordPolicy';

export const samples = {
  events: {
    'account.choose': [
      { type: 'account.choose', accountType: 'Advertiser' },
      { type: 'account.choose', accountType: 'Influencer' },
    ],
    'field.change': [
      { type: 'field.change', field: 'email', value: '' },
      { type: 'field.change', field: 'email', value: 'ana@example.com' },
      { type: 'field.change', field: 'password', value: '' },
      { type: 'field.change', field: 'password', value: 'short1' },
      { type: 'field.change', field: 'password', value: 'Castbridge!2024' },
      { type: 'field.change', field: 'confirmPassword', value: 'Castbridge!2024' },
    ],
    'agreement.toggle': [{ type: 'agreement.toggle', agreed: false }],
    'xstate.done.actor.loadPolicy': [
      { type: 'xstate.done.actor.loadPolicy', output: { minLength: 8, maxLength: 128 } },
    ],
    'xstate.done.actor.register': [{ type: 'xstate.done.actor.register', output: 'issued.jwt.token' }],
  },
  abstract: (context) => ({
    account: context.accountType,
    email: context.email !== '',
    password: context.password === '' ? 'empty' : passwordProblem(context.password, context.policy) ? 'weak' : 'ok',
  }),
} satisfies Fixture<typeof registrationMachine>;
