// The tax form flow's transitions, pinned by hand (docs/product.md §Money: money flows are pinned as well as
// path-tested): the form on file or none, "Are you a US person?" choosing the W-9 or the W-8BEN, every field checked
// before anything is sent, a refusal keeping the fields, and the TIN leaving the flow once filed.
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { REQUIRED_MESSAGE } from '@/machines/messages';
import {
  EIN_INVALID,
  SSN_INVALID,
  taxFieldsOf,
  taxFormInputOf,
  taxFormMachine,
  US_PERSON_REQUIRED,
  EMPTY_TAX_DRAFT,
  type TaxFormAnswer,
} from '@/machines/money/taxForm.machine';
import { sampleW9Draft, sampleW9Form } from '@/machines/money/taxForm.samples';
import { controlled } from '../controlled';
import { pinTransitions } from './pin';

function start(draft: Record<string, string> = {}) {
  const loadForm = controlled<TaxFormAnswer>();
  const submitForm = controlled<TaxFormAnswer, Record<string, unknown>>();
  const actor = createActor(
    taxFormMachine.provide({ actors: { loadForm: loadForm.logic, submitForm: submitForm.logic } }),
    { input: { draft } },
  );
  actor.start();
  return {
    actor,
    loadForm,
    submitForm,
    value: () => actor.getSnapshot().value,
    context: () => actor.getSnapshot().context,
  };
}

async function editing(draft: Record<string, string> = sampleW9Draft) {
  const flow = start(draft);
  await flow.loadForm.resolve({ form: null, superseded: 0 });
  expect(flow.value()).toBe('editing');
  return flow;
}

async function onFile() {
  const flow = start();
  await flow.loadForm.resolve({ form: sampleW9Form, superseded: 0 });
  expect(flow.value()).toBe('onFile');
  return flow;
}

async function saving() {
  const flow = await editing();
  flow.actor.send({ type: 'form.submit' });
  expect(flow.value()).toBe('saving');
  return flow;
}

describe('the fields', () => {
  it('the W-9 asks for a TIN by its type; the W-8BEN for a foreign TIN or why none, the treaty when claimed', () => {
    expect(taxFieldsOf(EMPTY_TAX_DRAFT)).toEqual(['usPerson']);
    expect(taxFieldsOf({ ...EMPTY_TAX_DRAFT, usPerson: 'yes' })).toContain('tin');
    const foreign = taxFieldsOf({ ...EMPTY_TAX_DRAFT, usPerson: 'no' });
    expect(foreign).toContain('foreignTin');
    expect(foreign).not.toContain('tin');
    expect(foreign).not.toContain('treatyCountry');
    expect(taxFieldsOf({ ...EMPTY_TAX_DRAFT, usPerson: 'no', claimTreaty: 'yes' })).toContain('treatyCountry');
  });

  it('a W-8BEN without a foreign TIN sends null and the reason', () => {
    expect(
      taxFormInputOf({ ...EMPTY_TAX_DRAFT, usPerson: 'no', noTinReason: 'Not issued', country: 'Germany' }),
    ).toMatchObject({ kind: 'w8ben', foreignTin: null, foreignTinNotRequiredReason: 'Not issued', treaty: null });
  });
});

describe('taxForm transitions', () => {
  const { pin, pinsEveryTransition } = pinTransitions(taxFormMachine);

  pin(
    { from: 'taxForm.loading', on: 'xstate.done.actor.loadForm', guard: 'formOnFile', to: 'taxForm.onFile' },
    'a form on file is shown (masked)',
    async () => {
      const flow = await onFile();
      expect(flow.context().form?.tinMasked).toBe('•••-••-7890');
    },
  );
  pin(
    { from: 'taxForm.loading', on: 'xstate.done.actor.loadForm', to: 'taxForm.editing' },
    'without one the form opens',
    async () => {
      const flow = await editing({});
      expect(flow.context().form).toBeNull();
    },
  );
  pin(
    { from: 'taxForm.loading', on: 'xstate.error.actor.loadForm', to: 'taxForm.failed' },
    'a failed load keeps its reason',
    async () => {
      const flow = start();
      await flow.loadForm.reject(new Error('Service unavailable'));
      expect(flow.value()).toBe('failed');
      expect(flow.context().error).toBe('Service unavailable');
    },
  );
  pin({ from: 'taxForm.failed', on: 'form.retry', to: 'taxForm.loading' }, 'Try again loads again', async () => {
    const flow = start();
    await flow.loadForm.reject(new Error('Service unavailable'));
    flow.actor.send({ type: 'form.retry' });
    expect(flow.value()).toBe('loading');
    expect(flow.loadForm.started).toBe(2);
  });
  pin(
    { from: 'taxForm.onFile', on: 'form.refile', to: 'taxForm.editing' },
    'File a new form opens it empty but for the US-person answer of the form on file',
    async () => {
      const flow = await onFile();
      flow.actor.send({ type: 'form.refile' });
      expect(flow.value()).toBe('editing');
      expect(flow.context().draft).toEqual({ ...EMPTY_TAX_DRAFT, usPerson: 'yes' });
    },
  );
  pin(
    { from: 'taxForm.editing', on: 'field.change', to: null },
    'typing keeps the text; a shown error follows the correction (an SSN, then an EIN)',
    async () => {
      const flow = await editing({ ...sampleW9Draft, tin: '079-00-7890' });
      flow.actor.send({ type: 'form.submit' });
      expect(flow.context().fieldErrors.tin).toBe(SSN_INVALID);
      flow.actor.send({ type: 'field.change', field: 'tinType', value: 'ein' });
      expect(flow.context().fieldErrors.tin).toBe(EIN_INVALID);
      flow.actor.send({ type: 'field.change', field: 'tin', value: '46-8123457' });
      expect(flow.context().fieldErrors.tin).toBeUndefined();
      expect(flow.value()).toBe('editing');
    },
  );
  pin(
    { from: 'taxForm.editing', on: 'form.submit', guard: 'draftOk', to: 'taxForm.saving' },
    'a complete form is sent',
    async () => {
      const flow = await saving();
      expect(flow.submitForm.inputs).toEqual([expect.objectContaining({ kind: 'w9', tin: '521-44-7890' })]);
    },
  );
  pin(
    { from: 'taxForm.editing', on: 'form.submit', to: null },
    'an incomplete one shows every problem and sends nothing',
    async () => {
      const flow = await editing({});
      flow.actor.send({ type: 'form.submit' });
      expect(flow.context().fieldErrors).toEqual({ usPerson: US_PERSON_REQUIRED });
      flow.actor.send({ type: 'field.change', field: 'usPerson', value: 'yes' });
      flow.actor.send({ type: 'form.submit' });
      expect(flow.context().fieldErrors.legalName).toBe(REQUIRED_MESSAGE);
      expect(flow.submitForm.started).toBe(0);
    },
  );
  pin(
    { from: 'taxForm.editing', on: 'form.cancel', guard: 'hasForm', to: 'taxForm.onFile' },
    'Cancel goes back to the form on file',
    async () => {
      const flow = await onFile();
      flow.actor.send({ type: 'form.refile' });
      flow.actor.send({ type: 'form.cancel' });
      expect(flow.value()).toBe('onFile');
      // Without a form on file there is nothing to go back to.
      const none = await editing({});
      none.actor.send({ type: 'form.cancel' });
      expect(none.value()).toBe('editing');
    },
  );
  pin(
    { from: 'taxForm.saving', on: 'xstate.done.actor.submitForm', to: 'taxForm.onFile' },
    'filed: the masked answer is kept, the TIN leaves the flow',
    async () => {
      const flow = await saving();
      await flow.submitForm.resolve({ form: sampleW9Form, superseded: 0 });
      expect(flow.value()).toBe('onFile');
      expect(flow.context()).toMatchObject({ form: sampleW9Form, filed: true, draft: EMPTY_TAX_DRAFT });
      expect(JSON.stringify(flow.actor.getSnapshot().context)).not.toContain('521-44-7890');
    },
  );
  pin(
    { from: 'taxForm.saving', on: 'xstate.error.actor.submitForm', to: 'taxForm.editing' },
    'a refusal keeps the fields and says why',
    async () => {
      const flow = await saving();
      await flow.submitForm.reject(new Error('tin: is not a valid SSN'));
      expect(flow.value()).toBe('editing');
      expect(flow.context().error).toBe('tin: is not a valid SSN');
      expect(flow.context().draft.tin).toBe('521-44-7890');
    },
  );

  pinsEveryTransition();
});
