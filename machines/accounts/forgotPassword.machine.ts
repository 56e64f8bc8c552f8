// Forgot password (docs/spec.md §2 Forgot-password page, §5): the shared email form sends POST /api/auth/forgot-password
// (docs/product.md §Accounts); the page then shows the server's answer, the same whether or not the account exists.
import { assign, setup } from 'xstate';
import { emailFormMachine } from '../public/emailForm.machine';

export const forgotPasswordMachine = setup({
  types: {
    context: {} as { confirmation: string | null },
  },
  actors: {
    emailForm: emailFormMachine,
  },
}).createMachine({
  id: 'forgotPassword',
  context: { confirmation: null },
  initial: 'asking',
  states: {
    asking: {
      invoke: {
        id: 'emailForm',
        src: 'emailForm',
        onDone: { target: 'sent', actions: assign({ confirmation: ({ event }) => event.output.message }) },
      },
    },
    sent: { type: 'final' },
  },
});
