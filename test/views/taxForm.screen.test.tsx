// Tax Form (docs/product.md §Self-serve money), replayed along taxForm's recorded paths on the real screen.
// The screen starts every form empty (its input is {}); a path from the samples' filled-in W-9 (input 1) has the
// person fill the form in as soon as it shows, field by field, so that the screen holds what the record's input holds.
import { fireEvent, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import {
  EMPTY_TAX_DRAFT,
  taxFieldProblem,
  taxFieldsOf,
  taxFormMachine,
  taxProblemsOf,
  type TaxDraft,
  type TaxField,
  type TaxFieldProblem,
  type TaxFormAnswer,
  type TaxFormInput,
} from '@/machines/money/taxForm.machine';
import { TaxFormScreen } from '@/src/money/TaxForm';
import { controlled, renderScreen } from './harness';
import { walkScreens } from './screens';
import { TAX_PROBLEM_TEXT } from './taxTexts';

const SELECTS: TaxField[] = [
  'businessType',
  'tinType',
  'state',
  'country',
  'addressCountry',
  'treatyCountry',
  'treatyIncome',
];
const CHECKBOXES: Partial<Record<TaxField, RegExp>> = {
  certified: /^Under penalties of perjury/,
  claimTreaty: /^I claim a reduced rate/,
};

/** A field's label on the screen, which depends on the form (W-9 or W-8BEN) and the TIN type. */
function labelOf(field: TaxField, draft: TaxDraft): string {
  const us = draft.usPerson === 'yes';
  const labels: Partial<Record<TaxField, string>> = {
    legalName: us ? 'Legal name (as on your tax return)' : 'Legal name',
    businessName: 'Business name (optional)',
    businessType: 'Federal tax classification',
    tinType: 'TIN type',
    tin: draft.tinType === 'ein' ? 'EIN' : 'SSN',
    country: 'Country of citizenship',
    dateOfBirth: 'Date of birth',
    foreignTin: 'Foreign TIN',
    noTinReason: 'If you have no foreign TIN, why not',
    line1: 'Address',
    line2: 'Address line 2 (optional)',
    city: 'City',
    state: 'State',
    region: 'Region or province (optional)',
    postalCode: us ? 'ZIP code' : 'Postal code (optional)',
    addressCountry: 'Country of residence',
    treatyCountry: 'Treaty country',
    treatyArticle: 'Article and paragraph',
    treatyRate: 'Withholding rate (%)',
    treatyIncome: 'Type of income',
    signedName: 'Signature (type your full name)',
  };
  return labels[field]!;
}

walkScreens('taxForm', {
  mount(input) {
    const load = controlled<TaxFormAnswer>();
    const submit = controlled<TaxFormAnswer, Record<string, unknown>>();
    renderScreen(
      <TaxFormScreen logic={taxFormMachine.provide({ actors: { loadForm: load.logic, submitForm: submit.logic } })} />,
      { path: '/tax-form', jwt: 'creator.jwt' },
    );
    /** What the person has filled in, and what the screen has been answered. */
    const seen = {
      loads: 1,
      draft: { ...EMPTY_TAX_DRAFT } as TaxDraft,
      /** The field checks on show (after File tax form with a field wrong), as they follow the corrections. */
      shown: {} as Partial<Record<TaxField, TaxFieldProblem>>,
      onFile: null as TaxFormAnswer['form'],
      filed: false,
      refusal: null as string | null,
      submitsSettled: 0,
    };
    /** A person sets a field as the screen offers it: a radio, a checkbox, a select or typed text. */
    const set = (field: TaxField, value: string) => {
      const before = seen.draft;
      seen.draft = { ...before, [field]: value };
      for (const shownField of Object.keys(seen.shown) as TaxField[])
        if (seen.shown[shownField]) seen.shown[shownField] = taxFieldProblem(shownField, seen.draft) ?? undefined;
      if (field === 'usPerson') {
        fireEvent.click(screen.getByRole('radio', { name: value === 'yes' ? /^Yes/ : /^No/ }));
      } else if (CHECKBOXES[field]) {
        if ((before[field] === 'yes') !== (value === 'yes'))
          fireEvent.click(screen.getByRole('checkbox', { name: CHECKBOXES[field] }));
      } else {
        fireEvent.change(screen.getByLabelText(labelOf(field, before)), { target: { value } });
      }
    };
    const prefill = (input as TaxFormInput | undefined)?.draft;
    return {
      load,
      submit,
      seen,
      gestures: {
        'xstate.done.actor.loadForm': async ({ output }) => {
          seen.onFile = output.form;
          await load.resolve(output);
          // The path's input: the form filled in (the question first, then the fields it shows).
          if (prefill && screen.queryByRole('radiogroup', { name: 'Are you a US person?' })) {
            if (prefill.usPerson) set('usPerson', prefill.usPerson);
            for (const [field, value] of Object.entries(prefill) as [TaxField, string][])
              if (field !== 'usPerson' && value !== seen.draft[field]) set(field, value);
          }
        },
        'xstate.error.actor.loadForm': ({ error }) => load.reject(error),
        'form.retry': () => {
          seen.loads += 1;
          fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
        },
        'form.refile': () => {
          seen.draft = { ...EMPTY_TAX_DRAFT, usPerson: seen.onFile?.kind === 'w8ben' ? 'no' : 'yes' };
          seen.shown = {};
          seen.refusal = null;
          seen.filed = false;
          fireEvent.click(screen.getByRole('button', { name: 'File a new form' }));
        },
        'form.cancel': () => {
          seen.draft = { ...EMPTY_TAX_DRAFT };
          seen.shown = {};
          seen.refusal = null;
          fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
        },
        'field.change': ({ field, value }) => set(field, value),
        'form.submit': () => {
          seen.shown = taxProblemsOf(seen.draft);
          fireEvent.click(screen.getByRole('button', { name: 'File tax form' }));
        },
        'xstate.done.actor.submitForm': async ({ output }) => {
          seen.submitsSettled += 1;
          seen.onFile = output.form;
          seen.filed = true;
          seen.draft = { ...EMPTY_TAX_DRAFT };
          await submit.resolve(output);
        },
        'xstate.error.actor.submitForm': async ({ error }) => {
          seen.submitsSettled += 1;
          seen.refusal = (error as Error).message;
          await submit.reject(error);
        },
      },
    };
  },
  states: {
    // The form on file is being read: the spinner, neither the form nor the one on file.
    loading: ({ load, seen }) => {
      expect(screen.getByText('Loading tax form')).toBeInTheDocument();
      expect(screen.queryByRole('radiogroup')).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'File a new form' })).not.toBeInTheDocument();
      expect(screen.queryByText('The tax form could not be loaded')).not.toBeInTheDocument();
      expect(load.started).toBe(seen.loads);
    },
    // The load failed: the failure with Try again.
    failed: ({ load, seen }) => {
      expect(screen.getByText('The tax form could not be loaded')).toBeInTheDocument();
      expect(screen.getByText('Simulated failure')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
      expect(screen.queryByRole('radiogroup')).not.toBeInTheDocument();
      expect(screen.queryByText('Loading tax form')).not.toBeInTheDocument();
      expect(load.started).toBe(seen.loads);
    },
    // The form on file, its TIN masked, with File a new form; "Tax form filed" right after filing.
    onFile: ({ submit, seen }) => {
      const form = seen.onFile!;
      const name = form.kind === 'w9' ? 'Form W-9' : 'Form W-8BEN';
      const region = screen.getByRole('region', { name: `${name} on file` });
      expect(region).toHaveTextContent(form.tinMasked);
      expect(region).toHaveTextContent(form.legalName);
      expect(within(region).getByRole('button', { name: 'File a new form' })).toBeEnabled();
      if (seen.filed) expect(screen.getByText('Tax form filed')).toBeInTheDocument();
      else expect(screen.queryByText('Tax form filed')).not.toBeInTheDocument();
      expect(screen.queryByRole('radiogroup')).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'File tax form' })).not.toBeInTheDocument();
      expect(submit.started).toBe(seen.submitsSettled);
    },
    // The form as filled in, the checks on show, a refusal said; a new form over one on file offers Cancel.
    editing: ({ submit, seen }) => {
      const refiling = seen.onFile !== null;
      const region = screen.getByRole('region', { name: refiling ? 'File a new tax form' : 'File your tax form' });
      const usPerson = within(region).getByRole('radiogroup', { name: 'Are you a US person?' });
      expect(within(usPerson).getByRole('radio', { name: /^Yes/ })).toHaveAttribute(
        'aria-checked',
        String(seen.draft.usPerson === 'yes'),
      );
      expect(within(usPerson).getByRole('radio', { name: /^No/ })).toHaveAttribute(
        'aria-checked',
        String(seen.draft.usPerson === 'no'),
      );
      for (const field of taxFieldsOf(seen.draft)) {
        if (field === 'usPerson') continue;
        if (CHECKBOXES[field]) {
          expect(within(region).getByRole('checkbox', { name: CHECKBOXES[field] })).toHaveAttribute(
            'aria-checked',
            String(seen.draft[field] === 'yes'),
          );
          continue;
        }
        const control = within(region).getByLabelText(labelOf(field, seen.draft));
        expect(control).toHaveValue(seen.draft[field]);
        expect(control).toBeEnabled();
        const problem = seen.shown[field];
        if (problem) expect(control).toHaveAccessibleDescription(expect.stringContaining(TAX_PROBLEM_TEXT[problem]));
        else expect(control).not.toHaveAttribute('aria-invalid');
        if (SELECTS.includes(field)) expect(control.tagName).toBe('SELECT');
      }
      for (const field of ['usPerson', 'certified'] as const) {
        const problem = seen.shown[field];
        if (problem) expect(within(region).getByText(TAX_PROBLEM_TEXT[problem])).toHaveAttribute('role', 'alert');
      }
      if (!seen.shown.usPerson && !seen.shown.certified && !seen.refusal)
        expect(within(region).queryByRole('alert')).not.toBeInTheDocument();
      if (seen.refusal) expect(within(region).getByText(seen.refusal)).toBeInTheDocument();
      expect(within(region).getByRole('button', { name: 'File tax form' })).toBeEnabled();
      if (refiling) expect(within(region).getByRole('button', { name: 'Cancel' })).toBeEnabled();
      else expect(within(region).queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'File a new form' })).not.toBeInTheDocument();
      expect(submit.started).toBe(seen.submitsSettled);
    },
    // The form is on its way (what it says, with the TIN in full once): the form waits, nothing can be changed.
    saving: ({ submit, seen }) => {
      expect(submit.started).toBe(seen.submitsSettled + 1);
      expect(submit.inputs.at(-1)).toMatchObject(
        seen.draft.usPerson === 'yes'
          ? {
              kind: 'w9',
              legalName: seen.draft.legalName,
              tinType: seen.draft.tinType,
              tin: seen.draft.tin,
              address: { line1: seen.draft.line1, city: seen.draft.city, state: seen.draft.state },
              certified: true,
              signedName: seen.draft.signedName,
            }
          : { kind: 'w8ben', legalName: seen.draft.legalName, certified: true },
      );
      const button = screen.getByRole('button', { name: 'File tax form' });
      expect(button).toBeDisabled();
      expect(button).toHaveAttribute('aria-busy', 'true');
      expect(screen.getByLabelText(labelOf('legalName', seen.draft))).toBeDisabled();
      expect(screen.queryByText('Tax form filed')).not.toBeInTheDocument();
    },
  },
});
