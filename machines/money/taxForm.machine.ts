// Tax Form (docs/product.md §Self-serve money): the creator's form on file loads (its TIN masked); without one, or on
// "File a new form", the form opens. "Are you a US person?" chooses the form: Yes → Form W-9 (legal name, business
// type, SSN or EIN checked for format, US address), No → Form W-8BEN (legal name, country of citizenship, address,
// date of birth, foreign TIN or why there is none, an optional treaty claim). Both are signed (typed name and the
// certification ticked). The fields are checked here before the form is sent; a refused form keeps its fields and
// says why. Once filed, the TIN is cleared from the flow: only its masked tail comes back.
import { assign, setup } from 'xstate';
import type { TaxForm } from '@/contract';
import { isEin, isSsn, US_STATES, ZIP_CODE } from '@/contract/taxForms';
import { errorText } from '../messages';
import { service } from '../placeholders';

export type TaxField =
  | 'usPerson'
  | 'legalName'
  | 'businessName'
  | 'businessType'
  | 'tinType'
  | 'tin'
  | 'line1'
  | 'line2'
  | 'city'
  | 'state'
  | 'region'
  | 'postalCode'
  | 'country'
  | 'addressCountry'
  | 'dateOfBirth'
  | 'foreignTin'
  | 'noTinReason'
  | 'claimTreaty'
  | 'treatyCountry'
  | 'treatyArticle'
  | 'treatyRate'
  | 'treatyIncome'
  | 'signedName'
  | 'certified';

/** Every field as text: choices by their value, the checkboxes 'yes' or ''. */
export type TaxDraft = Record<TaxField, string>;

export const EMPTY_TAX_DRAFT: TaxDraft = {
  usPerson: '',
  legalName: '',
  businessName: '',
  businessType: 'individual',
  tinType: 'ssn',
  tin: '',
  line1: '',
  line2: '',
  city: '',
  state: '',
  region: '',
  postalCode: '',
  country: '',
  addressCountry: '',
  dateOfBirth: '',
  foreignTin: '',
  noTinReason: '',
  claimTreaty: '',
  treatyCountry: '',
  treatyArticle: '',
  treatyRate: '',
  treatyIncome: '',
  signedName: '',
  certified: '',
};

/**
 * What is wrong with a field of the draft (the view words it, src/money/messages): empty, the question unanswered,
 * the certification unticked, neither a foreign TIN nor why none, a foreign TIN over 20 characters, an SSN or EIN,
 * state, ZIP code, date of birth or treaty rate that is not one.
 */
export type TaxFieldProblem =
  | 'required'
  | 'usPersonRequired'
  | 'certifyRequired'
  | 'noTinReasonRequired'
  | 'tinTooLong'
  | 'ssnInvalid'
  | 'einInvalid'
  | 'stateInvalid'
  | 'zipInvalid'
  | 'dateInvalid'
  | 'rateInvalid';

/** The longest foreign TIN the form takes. */
export const FOREIGN_TIN_MAX = 20;

/** The fields the draft's form asks for (the W-9's or the W-8BEN's; the treaty's when claimed). */
export function taxFieldsOf(draft: TaxDraft): TaxField[] {
  if (draft.usPerson === 'yes')
    return [
      'usPerson',
      'legalName',
      'businessName',
      'businessType',
      'tinType',
      'tin',
      'line1',
      'line2',
      'city',
      'state',
      'postalCode',
      'signedName',
      'certified',
    ];
  if (draft.usPerson === 'no')
    return [
      'usPerson',
      'legalName',
      'country',
      'line1',
      'line2',
      'city',
      'region',
      'postalCode',
      'addressCountry',
      'dateOfBirth',
      'foreignTin',
      'noTinReason',
      'claimTreaty',
      ...(draft.claimTreaty === 'yes'
        ? (['treatyCountry', 'treatyArticle', 'treatyRate', 'treatyIncome'] as TaxField[])
        : []),
      'signedName',
      'certified',
    ];
  return ['usPerson'];
}

// The foreign TIN and the reason for none are checked above, each by its own rule.
const OPTIONAL: TaxField[] = ['businessName', 'line2', 'region', 'claimTreaty'];

/** Why a field of the draft cannot be sent, or null. */
export function taxFieldProblem(field: TaxField, draft: TaxDraft): TaxFieldProblem | null {
  const text = draft[field].trim();
  if (field === 'usPerson') return text === 'yes' || text === 'no' ? null : 'usPersonRequired';
  if (field === 'certified') return text === 'yes' ? null : 'certifyRequired';
  if (field === 'postalCode' && draft.usPerson === 'no') return null;
  if (field === 'noTinReason') return draft.foreignTin.trim() || text ? null : 'noTinReasonRequired';
  if (field === 'foreignTin') return text.length > FOREIGN_TIN_MAX ? 'tinTooLong' : null;
  if (OPTIONAL.includes(field)) return null;
  if (text === '') return 'required';
  if (field === 'tin') return (draft.tinType === 'ein' ? isEin(text) : isSsn(text)) ? null : tinMessage(draft);
  if (field === 'state') return (US_STATES as readonly string[]).includes(text) ? null : 'stateInvalid';
  if (field === 'postalCode') return ZIP_CODE.test(text) ? null : 'zipInvalid';
  if (field === 'dateOfBirth') return /^\d{4}-\d{2}-\d{2}$/.test(text) ? null : 'dateInvalid';
  if (field === 'treatyRate') {
    // Not a number (NaN) fails both comparisons, and Infinity the second.
    const rate = Number(text);
    return rate >= 0 && rate <= 30 ? null : 'rateInvalid';
  }
  return null;
}

const tinMessage = (draft: TaxDraft): TaxFieldProblem => (draft.tinType === 'ein' ? 'einInvalid' : 'ssnInvalid');

export function taxProblemsOf(draft: TaxDraft): Partial<Record<TaxField, TaxFieldProblem>> {
  return Object.fromEntries(
    taxFieldsOf(draft)
      .map((field) => [field, taxFieldProblem(field, draft)])
      .filter(([, problem]) => problem !== null),
  ) as Partial<Record<TaxField, TaxFieldProblem>>;
}

/** What PUT /api/tax-form receives for the draft. */
export function taxFormInputOf(draft: TaxDraft): Record<string, unknown> {
  const t = (field: TaxField) => draft[field].trim();
  const optional = (field: TaxField) => t(field) || undefined;
  const signature = { certified: true, signedName: t('signedName') };
  if (draft.usPerson === 'yes')
    return {
      kind: 'w9',
      legalName: t('legalName'),
      businessName: optional('businessName'),
      businessType: t('businessType'),
      tinType: t('tinType'),
      tin: t('tin'),
      address: {
        line1: t('line1'),
        line2: optional('line2'),
        city: t('city'),
        state: t('state'),
        postalCode: t('postalCode'),
      },
      ...signature,
    };
  return {
    kind: 'w8ben',
    legalName: t('legalName'),
    country: t('country'),
    address: {
      line1: t('line1'),
      line2: optional('line2'),
      city: t('city'),
      region: optional('region'),
      postalCode: optional('postalCode'),
      country: t('addressCountry'),
    },
    dateOfBirth: t('dateOfBirth'),
    foreignTin: t('foreignTin') || null,
    foreignTinNotRequiredReason: t('foreignTin') ? undefined : optional('noTinReason'),
    treaty:
      draft.claimTreaty === 'yes'
        ? {
            country: t('treatyCountry'),
            article: t('treatyArticle'),
            ratePercent: Number(t('treatyRate')),
            incomeType: t('treatyIncome'),
          }
        : null,
    ...signature,
  };
}

/** GET and PUT /api/tax-form answer this. */
export interface TaxFormAnswer {
  form: TaxForm | null;
  superseded: number;
}

export interface TaxFormContext {
  form: TaxForm | null;
  draft: TaxDraft;
  fieldErrors: Partial<Record<TaxField, TaxFieldProblem>>;
  /** The load's failure (with a retry) or a refused form (shown with the form). */
  error: string | null;
  /** The form was just filed (the screen says so). */
  filed: boolean;
}

export type TaxFormEvent =
  | { type: 'field.change'; field: TaxField; value: string }
  | { type: 'form.submit' }
  | { type: 'form.refile' }
  | { type: 'form.cancel' }
  | { type: 'form.retry' };

/** What the form starts with: the profile's name, say (the screen fills the legal name and signature from it). */
export interface TaxFormInput {
  draft?: Partial<TaxDraft>;
}

export const taxFormMachine = setup({
  types: {
    context: {} as TaxFormContext,
    events: {} as TaxFormEvent,
    input: {} as TaxFormInput | undefined,
  },
  actors: {
    /** GET /api/tax-form → the form on file (masked) or null. */
    loadForm: service<TaxFormAnswer>('loadForm'),
    /** PUT /api/tax-form → the new form on file (masked). */
    submitForm: service<TaxFormAnswer, Record<string, unknown>>('submitForm'),
  },
  guards: {
    hasForm: ({ context }) => context.form !== null,
    formOnFile: ({ event }) => (event as unknown as { output: TaxFormAnswer }).output.form !== null,
    draftOk: ({ context }) => Object.keys(taxProblemsOf(context.draft)).length === 0,
  },
}).createMachine({
  id: 'taxForm',
  context: ({ input }) => ({
    form: null,
    draft: { ...EMPTY_TAX_DRAFT, ...input?.draft },
    fieldErrors: {},
    error: null,
    filed: false,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadForm',
        src: 'loadForm',
        onDone: [
          {
            guard: 'formOnFile',
            target: 'onFile',
            actions: assign({ form: ({ event }) => event.output.form, error: null }),
          },
          { target: 'editing', actions: assign({ form: null, error: null }) },
        ],
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorText(event.error) }) },
      },
    },
    failed: {
      on: { 'form.retry': 'loading' },
    },
    onFile: {
      on: {
        'form.refile': {
          target: 'editing',
          // The answer to "Are you a US person?" is kept from the form on file; nothing else (never a TIN). No field
          // check or refusal is left to clear: every way here (a load, Cancel, a filing) has cleared them.
          actions: assign({
            draft: ({ context }) => ({ ...EMPTY_TAX_DRAFT, usPerson: context.form?.kind === 'w8ben' ? 'no' : 'yes' }),
            filed: false,
          }),
        },
      },
    },
    editing: {
      on: {
        // Once shown, a field's check follows the text as it is corrected.
        'field.change': {
          actions: assign(({ context, event }) => {
            const draft = { ...context.draft, [event.field]: event.value };
            return {
              draft,
              fieldErrors: Object.fromEntries(
                Object.entries(context.fieldErrors)
                  .filter(([, problem]) => problem)
                  .map(([field]) => [field, taxFieldProblem(field as TaxField, draft) ?? undefined]),
              ),
            };
          }),
        },
        'form.submit': [
          { guard: 'draftOk', target: 'saving', actions: assign({ fieldErrors: {}, error: null }) },
          { actions: assign({ fieldErrors: ({ context }) => taxProblemsOf(context.draft) }) },
        ],
        'form.cancel': {
          guard: 'hasForm',
          target: 'onFile',
          actions: assign({ draft: EMPTY_TAX_DRAFT, fieldErrors: {}, error: null }),
        },
      },
    },
    saving: {
      invoke: {
        id: 'submitForm',
        src: 'submitForm',
        input: ({ context }) => taxFormInputOf(context.draft),
        onDone: {
          target: 'onFile',
          // The TIN leaves the flow with the draft: only the masked tail is kept, from the answer.
          actions: assign({ form: ({ event }) => event.output.form, draft: EMPTY_TAX_DRAFT, filed: true }),
        },
        onError: { target: 'editing', actions: assign({ error: ({ event }) => errorText(event.error) }) },
      },
    },
  },
});
