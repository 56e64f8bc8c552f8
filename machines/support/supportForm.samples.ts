// The supportForm flow's samples, for its generated paths and the inspector (catalogued in machines/samples.ts).
import type { Fixture } from '../events';
import type { supportFormMachine } from './supportForm.machine';

export const samples = {
  inputs: [{ page: '/contact-us' }],
  events: {
    'field.change': [
      { type: 'field.change', field: 'name', value: 'Ana' },
      { type: 'field.change', field: 'email', value: 'ana@example.com' },
      { type: 'field.change', field: 'email', value: 'not-an-email' },
      { type: 'field.change', field: 'subject', value: 'Payouts' },
      { type: 'field.change', field: 'message', value: 'When do payouts arrive?' },
    ],
    'xstate.done.actor.sendTicket': [{ type: 'xstate.done.actor.sendTicket', output: { message: 'Thank you!' } }],
  },
  abstract: (context) => ({
    filled: Object.entries(context.values)
      .filter(([, value]) => value !== '')
      .map(([field]) => field),
    emailOk: context.values.email === 'ana@example.com',
    errors: Object.keys(context.errors).length > 0,
    failed: context.serverError !== null,
  }),
} satisfies Fixture<typeof supportFormMachine>;
