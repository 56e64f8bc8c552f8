// The resetPassword flow's samples, for its generated paths and the inspector (catalogued in machines/samples.ts).
import type { Fixture } from '../events';
import { ResetLinkError, type resetPasswordMachine } from './resetPassword.machine';
import { sampleNewPassword } from './samples';

export const samples = {
  inputs: [{ token: null }, { token: 'link-token' }],
  events: {
    'field.change': [
      { type: 'field.change', field: 'password', value: '' },
      { type: 'field.change', field: 'password', value: sampleNewPassword },
      { type: 'field.change', field: 'password', value: 'abc' },
      { type: 'field.change', field: 'confirm', value: sampleNewPassword },
      { type: 'field.change', field: 'confirm', value: 'Different-1' },
    ],
    'xstate.done.actor.resetPassword': [{ type: 'xstate.done.actor.resetPassword', output: 'new.jwt' }],
    'xstate.error.actor.resetPassword': [
      { type: 'xstate.error.actor.resetPassword', error: new Error('Use at least 8 characters.') },
      {
        type: 'xstate.error.actor.resetPassword',
        error: new ResetLinkError('This reset link has expired. Ask for a new one.'),
      },
    ],
  },
  abstract: (context) => ({
    filled: [context.password === sampleNewPassword, context.confirm === context.password],
    errors: Object.keys(context.errors).length > 0,
    failed: context.serverError !== null,
  }),
} satisfies Fixture<typeof resetPasswordMachine>;
