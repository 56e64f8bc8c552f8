// The tax form flow's transitions, pinned by hand (docs/product.md §Money: money flows are pinned as well as
// path-tested): the form on file or none, "Are you a US person?" choosing the W-9 or the W-8BEN, every field checked
// before anything is sent, a refusal keeping the fields, and the TIN leaving the flow once filed. The pins read what
// the screen reads through taxForm.select.ts, what PUT /api/tax-form is sent, and the events the flow receives.
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import {
  taxFieldsOf,
  taxFormInputOf,
  taxFormMachine,
  EMPTY_TAX_DRAFT,
  type TaxDraft,
  type TaxField,
  type TaxFormAnswer,
} from '@/machines/money/taxForm.machine';
import {
  selectEditingForm,
  selectFormOnFile,
  selectJustFiled,
  selectRefiling,
  selectSavingForm,
  selectTaxDraft,
  selectTaxFieldErrors,
  selectTaxFields,
  selectTaxFormError,
  selectTaxFormLoadError,
  selectTaxFormLoading,
} from '@/machines/money/taxForm.select';
import { sampleW9Draft, sampleW9Form } from '@/machines/money/taxForm.samples';
import { controlled, receivedEvents } from '../controlled';
import { pinTransitions } from './pin';

// What is wrong with a field, as the flow says it: an id the view words (src/money/messages).
const REQUIRED_MESSAGE = 'required';
const US_PERSON_REQUIRED = 'usPersonRequired';
const CERTIFY_REQUIRED = 'certifyRequired';
const NO_TIN_REASON_REQUIRED = 'noTinReasonRequired';
const TIN_TOO_LONG = 'tinTooLong';
const SSN_INVALID = 'ssnInvalid';
const EIN_INVALID = 'einInvalid';
const STATE_INVALID = 'stateInvalid';
const ZIP_INVALID = 'zipInvalid';
const DATE_INVALID = 'dateInvalid';
const RATE_INVALID = 'rateInvalid';

function start(draft: Record<string, string> | null = {}) {
  const loadForm = controlled<TaxFormAnswer>();
  const submitForm = controlled<TaxFormAnswer, Record<string, unknown>>();
  /** The events the flow itself received, by type: the names its pinned transitions are on. */
  const { received, inspect } = receivedEvents();
  const actor = createActor(
    taxFormMachine.provide({ actors: { loadForm: loadForm.logic, submitForm: submitForm.logic } }),
    // null: no input at all (the screen passes none before the profile is read).
    { input: draft === null ? undefined : { draft }, inspect },
  );
  actor.start();
  const snapshot = () => actor.getSnapshot();
  return {
    actor,
    loadForm,
    submitForm,
    received,
    /** What the screen reads (the draft and the field errors apart). */
    screen: () => ({
      loading: selectTaxFormLoading(snapshot()),
      loadError: selectTaxFormLoadError(snapshot()),
      onFile: selectFormOnFile(snapshot()),
      justFiled: selectJustFiled(snapshot()),
      editing: selectEditingForm(snapshot()),
      saving: selectSavingForm(snapshot()),
      refiling: selectRefiling(snapshot()),
      error: selectTaxFormError(snapshot()),
    }),
    draft: () => selectTaxDraft(snapshot()),
    fieldErrors: () => selectTaxFieldErrors(snapshot()),
    fields: () => [...selectTaxFields(snapshot())],
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

/** A W-8BEN filled in completely, without a treaty claim. */
const W8: Partial<TaxDraft> = {
  usPerson: 'no',
  legalName: 'Lena Roth',
  country: 'Germany',
  line1: 'Hauptstr. 1',
  city: 'Berlin',
  addressCountry: 'Germany',
  dateOfBirth: '1990-04-01',
  foreignTin: '12345678901',
  signedName: 'Lena Roth',
  certified: 'yes',
};
const TREATY: Partial<TaxDraft> = {
  claimTreaty: 'yes',
  treatyCountry: 'Germany',
  treatyArticle: '12',
  treatyRate: '0',
  treatyIncome: 'Royalties',
};

/** The field errors Submit shows for a draft (and that nothing was sent), or what was sent when it went. */
async function submitted(draft: Partial<TaxDraft>) {
  const flow = await editing(draft as Record<string, string>);
  flow.actor.send({ type: 'form.submit' });
  if (flow.value() === 'saving') return { sent: flow.submitForm.inputs[0] };
  expect(flow.submitForm.started).toBe(0);
  return { errors: flow.fieldErrors() };
}
const refused = async (draft: Partial<TaxDraft>) => (await submitted(draft)).errors;

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
      expect(flow.received.at(-1)).toBe('xstate.done.actor.loadForm');
      expect(flow.context().form?.tinMasked).toBe('•••-••-7890');
      expect(flow.screen()).toEqual({
        loading: false,
        loadError: null,
        onFile: sampleW9Form,
        justFiled: false,
        editing: false,
        saving: false,
        refiling: true,
        error: null,
      });
      // After a failed load, a form read on Try again forgets the failure.
      const retried = start();
      await retried.loadForm.reject(new Error('Service unavailable'));
      retried.actor.send({ type: 'form.retry' });
      await retried.loadForm.resolve({ form: sampleW9Form, superseded: 0 });
      expect(retried.value()).toBe('onFile');
      expect(retried.context().error).toBeNull();
    },
  );
  pin(
    { from: 'taxForm.loading', on: 'xstate.done.actor.loadForm', to: 'taxForm.editing' },
    'without one the form opens, with what the screen filled in',
    async () => {
      const flow = await editing({});
      expect(flow.received.at(-1)).toBe('xstate.done.actor.loadForm');
      expect(flow.context().form).toBeNull();
      expect(flow.context()).toEqual({
        form: null,
        draft: EMPTY_TAX_DRAFT,
        fieldErrors: {},
        error: null,
        filed: false,
      });
      expect(flow.screen()).toMatchObject({ onFile: null, editing: true, saving: false, refiling: false, error: null });
      expect(flow.fields()).toEqual(['usPerson']);
      // Without any input the draft is the empty one; a name filled in is kept.
      const bare = start(null);
      expect(bare.draft()).toEqual(EMPTY_TAX_DRAFT);
      // Nothing answered, ticked or typed; an individual's SSN asked for by default.
      expect(bare.draft()).toMatchObject({
        usPerson: '',
        businessType: 'individual',
        tinType: 'ssn',
        tin: '',
        claimTreaty: '',
        certified: '',
      });
      expect(bare.screen()).toMatchObject({ loading: true, loadError: null, editing: false });
      const named = await editing({ legalName: 'Ana Lee', signedName: 'Ana Lee' });
      expect(named.draft()).toEqual({ ...EMPTY_TAX_DRAFT, legalName: 'Ana Lee', signedName: 'Ana Lee' });
      // After a failed load, none found on Try again: the failure is not shown with the form.
      const retried = start();
      await retried.loadForm.reject(new Error('Service unavailable'));
      retried.actor.send({ type: 'form.retry' });
      await retried.loadForm.resolve({ form: null, superseded: 0 });
      expect(retried.value()).toBe('editing');
      expect(retried.screen().error).toBeNull();
      expect(retried.context().error).toBeNull();
    },
  );
  pin(
    { from: 'taxForm.loading', on: 'xstate.error.actor.loadForm', to: 'taxForm.failed' },
    'a failed load keeps its reason',
    async () => {
      const flow = start();
      await flow.loadForm.reject(new Error('Service unavailable'));
      expect(flow.received.at(-1)).toBe('xstate.error.actor.loadForm');
      expect(flow.value()).toBe('failed');
      expect(flow.context().error).toBe('Service unavailable');
      expect(flow.screen()).toMatchObject({ loading: false, loadError: 'Service unavailable', editing: false });
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
      expect(flow.screen()).toMatchObject({ onFile: null, editing: true, refiling: true, justFiled: false });
      // A W-8BEN on file opens the W-8BEN.
      const foreign = start();
      await foreign.loadForm.resolve({ form: { ...sampleW9Form, kind: 'w8ben' }, superseded: 0 });
      foreign.actor.send({ type: 'form.refile' });
      expect(foreign.draft()).toEqual({ ...EMPTY_TAX_DRAFT, usPerson: 'no' });
      expect(foreign.fields()).toContain('dateOfBirth');
      // Just filed: the new form no longer says so.
      const filed = await saving();
      await filed.submitForm.resolve({ form: sampleW9Form, superseded: 1 });
      expect(filed.screen().justFiled).toBe(true);
      filed.actor.send({ type: 'form.refile' });
      expect(filed.screen().justFiled).toBe(false);
      expect(filed.context()).toMatchObject({ filed: false, fieldErrors: {}, error: null });
      // A filing answered without the form still lets File a new form open (the W-9).
      const unanswered = await saving();
      await unanswered.submitForm.resolve({ form: null, superseded: 0 });
      unanswered.actor.send({ type: 'form.refile' });
      expect(unanswered.value()).toBe('editing');
      expect(unanswered.draft()).toEqual({ ...EMPTY_TAX_DRAFT, usPerson: 'yes' });
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
      expect(flow.draft()).toMatchObject({ tinType: 'ein', tin: '46-8123457' });
      // A field without a shown error is not checked as it is typed; a corrected one stays quiet after.
      flow.actor.send({ type: 'field.change', field: 'city', value: '' });
      expect(flow.fieldErrors()).toEqual({});
      expect(Object.keys(flow.fieldErrors())).not.toContain('city');
      flow.actor.send({ type: 'field.change', field: 'tin', value: '' });
      expect(flow.fieldErrors().tin).toBeUndefined();
      // Choosing the form shows its fields, in order.
      const w9 = ['usPerson', 'legalName', 'businessName', 'businessType', 'tinType', 'tin', 'line1', 'line2'];
      expect(flow.fields()).toEqual([...w9, 'city', 'state', 'postalCode', 'signedName', 'certified']);
      flow.actor.send({ type: 'field.change', field: 'usPerson', value: 'no' });
      const w8 = ['usPerson', 'legalName', 'country', 'line1', 'line2', 'city', 'region', 'postalCode'];
      const tins = ['addressCountry', 'dateOfBirth', 'foreignTin', 'noTinReason', 'claimTreaty'];
      expect(flow.fields()).toEqual([...w8, ...tins, 'signedName', 'certified']);
      flow.actor.send({ type: 'field.change', field: 'claimTreaty', value: 'yes' });
      const treaty = ['treatyCountry', 'treatyArticle', 'treatyRate', 'treatyIncome'];
      expect(flow.fields()).toEqual([...w8, ...tins, ...treaty, 'signedName', 'certified']);
      flow.actor.send({ type: 'field.change', field: 'usPerson', value: '' });
      expect(flow.fields()).toEqual(['usPerson']);
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
      // Typed, checked and refused, then cancelled: nothing of it stays in the flow (never a TIN).
      flow.actor.send({ type: 'field.change', field: 'tin', value: '521-44-7890' });
      flow.actor.send({ type: 'form.submit' });
      expect(flow.fieldErrors()).not.toEqual({});
      for (const [field, value] of Object.entries(sampleW9Draft))
        flow.actor.send({ type: 'field.change', field: field as TaxField, value });
      flow.actor.send({ type: 'form.submit' });
      await flow.submitForm.reject(new Error('Try later'));
      flow.actor.send({ type: 'field.change', field: 'city', value: '' });
      flow.actor.send({ type: 'form.submit' });
      expect(flow.screen().error).toBe('Try later');
      flow.actor.send({ type: 'form.cancel' });
      expect(flow.value()).toBe('onFile');
      expect(flow.screen()).toMatchObject({ onFile: sampleW9Form, editing: false, justFiled: false });
      expect(flow.context()).toMatchObject({ draft: EMPTY_TAX_DRAFT, fieldErrors: {}, error: null });
      expect(JSON.stringify(flow.context())).not.toContain('521-44-7890');
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
      expect(flow.received.at(-1)).toBe('xstate.done.actor.submitForm');
      expect(flow.value()).toBe('onFile');
      expect(flow.screen()).toMatchObject({ onFile: sampleW9Form, justFiled: true, editing: false, saving: false });
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
      expect(flow.received.at(-1)).toBe('xstate.error.actor.submitForm');
      expect(flow.value()).toBe('editing');
      expect(flow.screen()).toMatchObject({ editing: true, saving: false, error: 'tin: is not a valid SSN' });
      expect(flow.context().error).toBe('tin: is not a valid SSN');
      expect(flow.context().draft.tin).toBe('521-44-7890');
    },
  );

  pin(
    { from: 'taxForm.editing', on: 'form.submit', to: null },
    'each field of the W-9 is checked by its rule',
    async () => {
      const w9 = sampleW9Draft as Partial<TaxDraft>;
      expect(await refused({ ...w9, usPerson: 'maybe' })).toEqual({ usPerson: US_PERSON_REQUIRED });
      expect(await refused({ ...w9, certified: '' })).toEqual({ certified: CERTIFY_REQUIRED });
      expect(await refused({ ...w9, certified: 'no' })).toEqual({ certified: CERTIFY_REQUIRED });
      expect(await refused({ ...w9, legalName: '  ', signedName: '' })).toEqual({
        legalName: REQUIRED_MESSAGE,
        signedName: REQUIRED_MESSAGE,
      });
      expect(await refused({ ...w9, line1: '', city: ' ' })).toEqual({
        line1: REQUIRED_MESSAGE,
        city: REQUIRED_MESSAGE,
      });
      expect(await refused({ ...w9, postalCode: '' })).toEqual({ postalCode: REQUIRED_MESSAGE });
      expect(await refused({ ...w9, postalCode: '1234' })).toEqual({ postalCode: ZIP_INVALID });
      expect(await refused({ ...w9, state: '' })).toEqual({ state: REQUIRED_MESSAGE });
      expect(await refused({ ...w9, state: 'ZZ' })).toEqual({ state: STATE_INVALID });
      expect(await refused({ ...w9, tin: '' })).toEqual({ tin: REQUIRED_MESSAGE });
      expect(await refused({ ...w9, tin: '000-12-3456' })).toEqual({ tin: SSN_INVALID });
      expect(await refused({ ...w9, tinType: 'ein', tin: '00-1234567' })).toEqual({ tin: EIN_INVALID });
      expect(await refused({ ...w9, businessType: '' })).toEqual({ businessType: REQUIRED_MESSAGE });
      // What the W-8BEN alone asks for does not count on a W-9.
      expect(await refused({ ...w9, dateOfBirth: 'never', treatyRate: '99' })).toBeUndefined();
      expect(await refused({ ...w9, tinType: 'ein', tin: '46-8123457', postalCode: '78701-1234' })).toBeUndefined();
      // An SSN is checked as an SSN (70 is no EIN prefix), an EIN as an EIN.
      expect(await refused({ ...w9, tin: '701-23-4567' })).toBeUndefined();
      expect(await refused({ ...w9, tinType: 'ein', tin: '701-23-4567' })).toEqual({ tin: EIN_INVALID });
      // The texts under the fields.
    },
  );

  pin(
    { from: 'taxForm.editing', on: 'form.submit', to: null },
    'each field of the W-8BEN is checked by its rule, the treaty when claimed',
    async () => {
      expect(await refused({ usPerson: 'no' })).toEqual({
        legalName: REQUIRED_MESSAGE,
        country: REQUIRED_MESSAGE,
        line1: REQUIRED_MESSAGE,
        city: REQUIRED_MESSAGE,
        addressCountry: REQUIRED_MESSAGE,
        dateOfBirth: REQUIRED_MESSAGE,
        noTinReason: NO_TIN_REASON_REQUIRED,
        signedName: REQUIRED_MESSAGE,
        certified: CERTIFY_REQUIRED,
      });
      // No postal code, or one that is not a ZIP code, is fine abroad.
      expect(await refused({ ...W8, postalCode: '' })).toBeUndefined();
      expect(await refused({ ...W8, postalCode: 'D-10115' })).toBeUndefined();
      expect(await refused({ ...W8, foreignTin: '   ' })).toEqual({ noTinReason: NO_TIN_REASON_REQUIRED });
      expect(await refused({ ...W8, foreignTin: '', noTinReason: 'Not issued' })).toBeUndefined();
      expect(await refused({ ...W8, foreignTin: '1'.repeat(21) })).toEqual({ foreignTin: TIN_TOO_LONG });
      expect(await refused({ ...W8, foreignTin: ` ${'1'.repeat(20)} ` })).toBeUndefined();
      for (const dateOfBirth of ['1990-4-01', 'x1990-04-01', '1990-04-01x', '199O-04-01', '19900-04-01', '1990-04'])
        expect(await refused({ ...W8, dateOfBirth }), dateOfBirth).toEqual({ dateOfBirth: DATE_INVALID });
      expect(await refused({ ...W8, ...TREATY })).toBeUndefined();
      expect(await refused({ ...W8, ...TREATY, treatyRate: '30' })).toBeUndefined();
      for (const treatyRate of ['-1', '30.5', 'abc', 'Infinity'])
        expect(await refused({ ...W8, ...TREATY, treatyRate }), treatyRate).toEqual({ treatyRate: RATE_INVALID });
      expect(await refused({ ...W8, claimTreaty: 'yes' })).toEqual({
        treatyCountry: REQUIRED_MESSAGE,
        treatyArticle: REQUIRED_MESSAGE,
        treatyRate: REQUIRED_MESSAGE,
        treatyIncome: REQUIRED_MESSAGE,
      });
    },
  );

  pin(
    { from: 'taxForm.editing', on: 'form.submit', guard: 'draftOk', to: 'taxForm.saving' },
    'PUT /api/tax-form is sent the W-9 or the W-8BEN, trimmed, with what was left empty left out',
    async () => {
      const w9 = sampleW9Draft as Partial<TaxDraft>;
      expect(
        (await submitted({ ...w9, legalName: ' Ana Lee ', businessName: 'Ana Media LLC', line2: 'Apt 2' })).sent,
      ).toEqual({
        kind: 'w9',
        legalName: 'Ana Lee',
        businessName: 'Ana Media LLC',
        businessType: 'individual',
        tinType: 'ssn',
        tin: '521-44-7890',
        address: { line1: '1 Main St', line2: 'Apt 2', city: 'Austin', state: 'TX', postalCode: '78701' },
        certified: true,
        signedName: 'Ana Lee',
      });
      expect((await submitted(w9)).sent).toEqual({
        kind: 'w9',
        legalName: 'Ana Lee',
        businessName: undefined,
        businessType: 'individual',
        tinType: 'ssn',
        tin: '521-44-7890',
        address: { line1: '1 Main St', line2: undefined, city: 'Austin', state: 'TX', postalCode: '78701' },
        certified: true,
        signedName: 'Ana Lee',
      });
      const w8 = {
        kind: 'w8ben',
        legalName: 'Lena Roth',
        country: 'Germany',
        address: {
          line1: 'Hauptstr. 1',
          line2: undefined,
          city: 'Berlin',
          region: undefined,
          postalCode: undefined,
          country: 'Germany',
        },
        dateOfBirth: '1990-04-01',
        foreignTin: '12345678901',
        foreignTinNotRequiredReason: undefined,
        treaty: null,
        certified: true,
        signedName: 'Lena Roth',
      };
      expect((await submitted({ ...W8, noTinReason: 'ignored with a TIN' })).sent).toEqual(w8);
      expect(
        (await submitted({ ...W8, ...TREATY, treatyRate: ' 5 ', line2: 'c/o', region: 'BE', postalCode: '10115' }))
          .sent,
      ).toEqual({
        ...w8,
        address: { ...w8.address, line2: 'c/o', region: 'BE', postalCode: '10115' },
        treaty: { country: 'Germany', article: '12', ratePercent: 5, incomeType: 'Royalties' },
      });
      expect((await submitted({ ...W8, foreignTin: '', noTinReason: ' Not issued ' })).sent).toEqual({
        ...w8,
        foreignTin: null,
        foreignTinNotRequiredReason: 'Not issued',
      });
      // A complete form clears the checks and the refusal shown before.
      const flow = await editing({ ...sampleW9Draft, tin: '' });
      flow.actor.send({ type: 'form.submit' });
      flow.actor.send({ type: 'field.change', field: 'tin', value: '521-44-7890' });
      flow.actor.send({ type: 'form.submit' });
      await flow.submitForm.reject(new Error('Try later'));
      flow.actor.send({ type: 'field.change', field: 'city', value: '' });
      flow.actor.send({ type: 'form.submit' });
      expect(flow.fieldErrors()).toEqual({ city: REQUIRED_MESSAGE });
      flow.actor.send({ type: 'field.change', field: 'city', value: 'Austin' });
      flow.actor.send({ type: 'form.submit' });
      expect(flow.value()).toBe('saving');
      expect(flow.fieldErrors()).toEqual({});
      expect(flow.context().error).toBeNull();
      expect(flow.screen()).toMatchObject({ editing: true, saving: true, error: null });
    },
  );

  pinsEveryTransition();
});
