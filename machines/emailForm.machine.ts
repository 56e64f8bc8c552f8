// One email field that must not be empty, then home: the newsletter modal and forgot-password (SPEC §2, §4, §5).
import { assign, setup } from 'xstate';
import { effect } from './placeholders';

export const emailFormMachine = setup({
  types: {
    context: {} as { email: string },
    events: {} as { type: 'email.change'; value: string } | { type: 'form.submit' },
    output: {} as { email: string },
  },
  actions: {
    setEmail: assign({ email: ({ event }) => (event.type === 'email.change' ? event.value : '') }),
    navigateHome: effect('navigateHome'),
  },
  guards: {
    hasEmail: ({ context }) => context.email.trim().length > 0,
    changeHasEmail: ({ event }) => event.type === 'email.change' && event.value.trim().length > 0,
  },
}).createMachine({
  id: 'emailForm',
  context: { email: '' },
  initial: 'editing',
  states: {
    editing: {
      initial: 'valid',
      states: {
        valid: {},
        // The field shows "Este campo es obligatorio" until it holds an email again.
        invalid: {
          on: {
            'email.change': { guard: 'changeHasEmail', target: 'valid', actions: 'setEmail' },
          },
        },
      },
      on: {
        'email.change': { actions: 'setEmail' },
        'form.submit': [{ guard: 'hasEmail', target: 'submitted' }, { target: '.invalid' }],
      },
    },
    submitted: {
      type: 'final',
      entry: 'navigateHome',
    },
  },
  output: ({ context }) => ({ email: context.email }),
});
