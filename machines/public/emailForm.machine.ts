// One email field that must not be empty, then sent (docs/spec.md §2, §5): the newsletter modal and forgot-password. The
// spec's "goes home" is replaced by a real call (docs/product.md §Accounts); its parent shows the server's confirmation.
import { assign, setup } from 'xstate';
import { service } from '../placeholders';

export interface EmailFormContext {
  email: string;
  /** The server's reason when it refused the address. */
  serverError: string | null;
  /** The server's confirmation once sent. */
  message: string;
}

export const emailFormMachine = setup({
  types: {
    context: {} as EmailFormContext,
    events: {} as { type: 'email.change'; value: string } | { type: 'form.submit' },
    output: {} as { message: string },
  },
  actors: {
    submitEmail: service<{ message: string }, { email: string }>('submitEmail'),
  },
  actions: {
    setEmail: assign({ email: ({ event }) => (event.type === 'email.change' ? event.value : '') }),
  },
  guards: {
    hasEmail: ({ context }) => context.email.trim().length > 0,
    changeHasEmail: ({ event }) => event.type === 'email.change' && event.value.trim().length > 0,
  },
}).createMachine({
  id: 'emailForm',
  context: { email: '', serverError: null, message: '' },
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
        'form.submit': [
          { guard: 'hasEmail', target: 'submitting', actions: assign({ serverError: null }) },
          { target: '.invalid' },
        ],
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'submitEmail',
        src: 'submitEmail',
        input: ({ context }) => ({ email: context.email.trim() }),
        onDone: { target: 'submitted', actions: assign({ message: ({ event }) => event.output.message }) },
        onError: {
          target: 'editing',
          actions: assign({
            serverError: ({ event }) => (event.error instanceof Error ? event.error.message : String(event.error)),
          }),
        },
      },
    },
    submitted: {
      type: 'final',
    },
  },
  output: ({ context }) => ({ message: context.message }),
});
