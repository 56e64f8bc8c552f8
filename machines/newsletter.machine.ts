// Newsletter modal opened by the landing page's Get Started; its form is the shared email form (SPEC §2 Landing, Newsletter modal, §4).
import { setup } from 'xstate';
import { emailFormMachine } from './emailForm.machine';

export const newsletterMachine = setup({
  types: {
    events: {} as { type: 'newsletter.open' } | { type: 'newsletter.close' },
  },
  actors: {
    emailForm: emailFormMachine,
  },
}).createMachine({
  id: 'newsletter',
  initial: 'closed',
  states: {
    closed: {
      on: { 'newsletter.open': 'open' },
    },
    open: {
      invoke: { id: 'form', src: 'emailForm', onDone: 'closed' },
      on: { 'newsletter.close': 'closed' },
    },
  },
});
