// The payoutMethods flow's samples, for its generated paths and the inspector (catalogued in machines/samples.ts).
import type { Fixture } from '../events';
import { FIELDS_OF, payoutFieldProblem, type payoutMethodsMachine } from './payoutMethods.machine';
import { sampleBankMethod } from './samples';

export const samples = {
  events: {
    'method.open': [
      { type: 'method.open', kind: 'bank' },
      { type: 'method.open', kind: 'paypal' },
    ],
    'field.change': [
      { type: 'field.change', field: 'holderName', value: 'Ana Lee' },
      { type: 'field.change', field: 'routingNumber', value: '0110-0001 5' },
      { type: 'field.change', field: 'routingNumber', value: '011000016' },
      { type: 'field.change', field: 'accountNumber', value: '000123456789' },
      { type: 'field.change', field: 'email', value: 'ana@example.com' },
    ],
    'method.disconnect': [
      { type: 'method.disconnect', id: sampleBankMethod.id },
      { type: 'method.disconnect', id: 'pm_unknown' },
    ],
    'xstate.done.actor.loadMethods': [
      { type: 'xstate.done.actor.loadMethods', output: [] },
      { type: 'xstate.done.actor.loadMethods', output: [sampleBankMethod] },
    ],
    'xstate.done.actor.addMethod': [{ type: 'xstate.done.actor.addMethod', output: [sampleBankMethod] }],
    'xstate.done.actor.removeMethod': [{ type: 'xstate.done.actor.removeMethod', output: [] }],
  },
  abstract: (context) => ({
    methods: context.methods.length,
    kind: context.kind,
    problems: context.kind
      ? FIELDS_OF[context.kind].filter((field) => payoutFieldProblem(field, context.draft[field]) !== null).length
      : null,
    fieldErrors: Object.values(context.fieldErrors).filter(Boolean).length > 0,
    removing: context.removingId !== null,
    failed: context.error !== null,
  }),
} satisfies Fixture<typeof payoutMethodsMachine>;
