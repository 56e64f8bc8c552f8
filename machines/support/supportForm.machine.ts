// Contact Us and Help and Support (docs/spec.md §2, §3 Support and contact forms): name, email, subject and message, checked
// here (required, e-mail format, message ≤ 5,000 characters) and sent as a ticket (docs/product.md §Accounts: POST /api/support).
import { assign, setup } from 'xstate';
import { SUPPORT_LIMITS } from '@/contract/limits';
import { service } from '../placeholders';

export type SupportField = 'name' | 'email' | 'subject' | 'message';
export type SupportValues = Record<SupportField, string>;
/** What is wrong with a field, as an id the view words in the page's language (docs/architecture.md §Languages). */
export type SupportProblem = 'required' | 'invalidEmail' | 'messageTooLong';
export type SupportErrors = Partial<Record<SupportField, SupportProblem>>;

export interface SupportFormContext {
  values: SupportValues;
  errors: SupportErrors;
  /** The page the form is on (/contact-us, /help-and-support), sent with the ticket. */
  page: string;
  serverError: string | null;
  /** The server's confirmation once sent. */
  confirmation: string | null;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function supportErrors(values: SupportValues): SupportErrors {
  const errors: SupportErrors = {};
  for (const field of ['name', 'email', 'subject', 'message'] as const) {
    if (values[field].trim() === '') errors[field] = 'required';
  }
  if (!errors.email && !EMAIL.test(values.email.trim())) errors.email = 'invalidEmail';
  if (!errors.message && values.message.length > SUPPORT_LIMITS.message) errors.message = 'messageTooLong';
  return errors;
}

const empty: SupportValues = { name: '', email: '', subject: '', message: '' };

export const supportFormMachine = setup({
  types: {
    context: {} as SupportFormContext,
    input: {} as { page: string; email?: string },
    events: {} as
      { type: 'field.change'; field: SupportField; value: string } | { type: 'form.submit' } | { type: 'form.again' },
  },
  actors: {
    sendTicket: service<{ message: string }, SupportValues & { page: string }>('sendTicket'),
  },
  guards: {
    isComplete: ({ context }) => Object.keys(supportErrors(context.values)).length === 0,
  },
}).createMachine({
  id: 'supportForm',
  context: ({ input }) => ({
    values: { ...empty, email: input.email ?? '' },
    errors: {},
    page: input.page,
    serverError: null,
    confirmation: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'field.change': {
          actions: assign(({ context, event }) => {
            const values = { ...context.values, [event.field]: event.value };
            // Once shown, errors follow the fields as they are corrected.
            return { values, errors: Object.keys(context.errors).length > 0 ? supportErrors(values) : {} };
          }),
        },
        'form.submit': [
          { guard: 'isComplete', target: 'sending', actions: assign({ errors: {}, serverError: null }) },
          { actions: assign({ errors: ({ context }) => supportErrors(context.values) }) },
        ],
      },
    },
    sending: {
      tags: ['busy'],
      invoke: {
        id: 'sendTicket',
        src: 'sendTicket',
        input: ({ context }) => ({ ...context.values, page: context.page }),
        onDone: { target: 'sent', actions: assign({ confirmation: ({ event }) => event.output.message }) },
        onError: {
          target: 'editing',
          actions: assign({
            serverError: ({ event }) => (event.error instanceof Error ? event.error.message : String(event.error)),
          }),
        },
      },
    },
    sent: {
      on: {
        // Another message: the sender's name and e-mail stay.
        'form.again': {
          target: 'editing',
          actions: assign(({ context }) => ({
            values: { ...context.values, subject: '', message: '' },
            confirmation: null,
          })),
        },
      },
    },
  },
});
