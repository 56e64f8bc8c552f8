// Newsletter modal opened by the landing page's Get Started; its email form subscribes (POST /api/newsletter, issue
// 12) and the modal then shows the confirmation until closed (docs/spec.md §2 Landing, Newsletter modal, §4).
import { assign, setup } from 'xstate';
import { emailFormMachine } from './emailForm.machine';

export const newsletterMachine = setup({
  types: {
    context: {} as { confirmation: string | null },
    events: {} as { type: 'newsletter.open' } | { type: 'newsletter.close' },
  },
  actors: {
    emailForm: emailFormMachine,
  },
}).createMachine({
  id: 'newsletter',
  context: { confirmation: null },
  initial: 'closed',
  states: {
    closed: {
      on: { 'newsletter.open': { target: 'open', actions: assign({ confirmation: null }) } },
    },
    open: {
      invoke: {
        id: 'emailForm',
        src: 'emailForm',
        onDone: { target: 'subscribed', actions: assign({ confirmation: ({ event }) => event.output.message }) },
      },
      on: { 'newsletter.close': 'closed' },
    },
    subscribed: {
      on: { 'newsletter.close': 'closed' },
    },
  },
});
