// The taxForm flow's samples, for its generated paths and the inspector (catalogued in machines/samples.ts).
import type { Fixture } from '../events';
import { taxProblemsOf, type taxFormMachine } from './taxForm.machine';
import type { TaxForm } from '@/contract';

/** A W-9 on file as GET /api/tax-form answers it: the TIN masked. */
export const sampleW9Form: TaxForm = {
  id: '1',
  kind: 'w9',
  legalName: 'Ana Lee',
  tinType: 'ssn',
  tinMasked: '•••-••-7890',
  country: 'United States',
  treaty: null,
  signedName: 'Ana Lee',
  signedAt: '2026-11-20T10:00:00.000Z',
};

/** A W-9 filled in completely (the generated paths reach the filing from it). */
export const sampleW9Draft = {
  usPerson: 'yes',
  legalName: 'Ana Lee',
  tinType: 'ssn',
  tin: '521-44-7890',
  line1: '1 Main St',
  city: 'Austin',
  state: 'TX',
  postalCode: '78701',
  signedName: 'Ana Lee',
  certified: 'yes',
};

export const samples = {
  events: {
    'field.change': [
      { type: 'field.change', field: 'usPerson', value: 'yes' },
      { type: 'field.change', field: 'usPerson', value: 'no' },
      { type: 'field.change', field: 'tin', value: '521-44-7890' },
      { type: 'field.change', field: 'tin', value: '000-12-3456' },
      { type: 'field.change', field: 'legalName', value: 'Ana Lee' },
    ],
    'xstate.done.actor.loadForm': [
      { type: 'xstate.done.actor.loadForm', output: { form: null, superseded: 0 } },
      { type: 'xstate.done.actor.loadForm', output: { form: sampleW9Form, superseded: 0 } },
    ],
    'xstate.done.actor.submitForm': [
      { type: 'xstate.done.actor.submitForm', output: { form: sampleW9Form, superseded: 1 } },
    ],
  },
  inputs: [{}, { draft: sampleW9Draft }],
  abstract: (context) => ({
    form: context.form?.kind ?? null,
    usPerson: context.draft.usPerson,
    problems: Object.keys(taxProblemsOf(context.draft)).length,
    fieldErrors: Object.values(context.fieldErrors).filter(Boolean).length > 0,
    failed: context.error !== null,
    filed: context.filed,
  }),
} satisfies Fixture<typeof taxFormMachine>;
