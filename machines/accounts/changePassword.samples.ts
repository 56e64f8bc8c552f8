// The changePassword flow's samples, for its generated paths and the inspector (catalogued in machines/samples.ts).
import type { Fixture } from '../events';
import type { changePasswordMachine } from './changePassword.machine';
import { sampleNewPassword } from './samples';

export const samples = {
  events: {
    'field.change': [
      { type: 'field.change', field: 'current', value: '' },
      { type: 'field.change', field: 'current', value: 'Old-Password-1' },
      { type: 'field.change', field: 'next', value: sampleNewPassword },
      { type: 'field.change', field: 'next', value: 'abc' },
      { type: 'field.change', field: 'confirm', value: sampleNewPassword },
      { type: 'field.change', field: 'confirm', value: 'Different-1' },
    ],
    'xstate.done.actor.changePassword': [
      {
        type: 'xstate.done.actor.changePassword',
        output: { message: 'Your password has been changed.', token: 'renewed.jwt' },
      },
    ],
  },
  abstract: (context) => ({
    filled: [context.current !== '', context.next === sampleNewPassword, context.confirm === context.next],
    errors: Object.keys(context.errors).length > 0,
    notice: context.notice !== null,
    failed: context.serverError !== null,
  }),
} satisfies Fixture<typeof changePasswordMachine>;
