import { useMachine } from '@xstate/react';
import type { ReactNode } from 'react';
import type { SnapshotFrom } from 'xstate';
import type { TaxForm } from '@/contract';
import { countries } from '@/contract/countries';
import { BUSINESS_TYPES, TAX_FORM_NAMES, TREATY_INCOME_TYPES, US_STATES } from '@/contract/taxForms';
import type { TaxField, TaxFormEvent } from '@/machines/money/taxForm.machine';
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
import { inspect } from '@/src/app/inspect';
import { LoadState } from '@/src/common/LoadState';
import { formatDate } from '@/src/common/format';
import { useTaxFormLogic, type TaxFormLogic } from '@/src/money/taxForm';
import { ScreenHeading } from '@/src/shell/ScreenHeading';
import { Alert } from '@/src/ui/Alert';
import { Button } from '@/src/ui/Button';
import { Card } from '@/src/ui/Card';
import { Checkbox } from '@/src/ui/Checkbox';
import { Field, NativeSelectField } from '@/src/ui/Field';
import { Link } from '@/src/ui/Link';
import { RadioGroup } from '@/src/ui/RadioGroup';
import * as s from './TaxForm.css';

type Snapshot = SnapshotFrom<TaxFormLogic>;
type Send = (event: TaxFormEvent) => void;

const FOREIGN = countries.filter((country) => country !== 'United States').map((c) => ({ value: c, label: c }));
const STATES = US_STATES.map((state) => ({ value: state, label: state }));
const FORM_ID = 'tax-form';

/**
 * Tax Form (docs/product.md §Self-serve money): the creator's W-9 or W-8BEN, needed before the first withdrawal. The
 * form on file shows its TIN masked; filing a new one replaces it.
 */
export function TaxFormScreen({ logic }: { logic?: TaxFormLogic }) {
  const [snapshot, send] = useMachine(useTaxFormLogic(logic), { input: {}, inspect });
  const onFile = selectFormOnFile(snapshot);
  return (
    <div className={s.form}>
      <ScreenHeading title="Tax Form" />
      <p>
        Castbridge needs your tax form before your first withdrawal: Form W-9 if you are a US person, Form W-8BEN
        otherwise. Your taxpayer identification number (TIN) is stored encrypted and only its last digits are ever
        shown.
      </p>
      <LoadState
        loading={selectTaxFormLoading(snapshot)}
        error={selectTaxFormLoadError(snapshot)}
        what="tax form"
        onRetry={() => send({ type: 'form.retry' })}
      />
      {onFile ? <OnFile form={onFile} justFiled={selectJustFiled(snapshot)} send={send} /> : null}
      {selectEditingForm(snapshot) ? <FormFields snapshot={snapshot} send={send} /> : null}
    </div>
  );
}

function OnFile({ form, justFiled, send }: { form: TaxForm; justFiled: boolean; send: Send }) {
  const rows: [string, ReactNode][] = [
    ['Form', TAX_FORM_NAMES[form.kind]],
    ['Legal name', form.legalName],
    [form.kind === 'w9' ? (form.tinType === 'ein' ? 'EIN' : 'SSN') : 'Foreign TIN', form.tinMasked],
    [form.kind === 'w9' ? 'Country' : 'Country of citizenship', form.country],
    ...(form.treaty
      ? ([
          [
            'Treaty claim',
            `${form.treaty.country}, article ${form.treaty.article}: ${form.treaty.ratePercent}% on ${form.treaty.incomeType.toLowerCase()}`,
          ],
        ] as [string, ReactNode][])
      : []),
    ['Signed', `${form.signedName} on ${formatDate(form.signedAt)}`],
  ];
  return (
    <>
      {justFiled ? (
        <Alert tone="success" title="Tax form filed">
          <p>
            Your {TAX_FORM_NAMES[form.kind]} is on file. You can withdraw from <Link to="/earnings">Earnings</Link>.
          </p>
        </Alert>
      ) : null}
      <Card as="section" aria-labelledby="tax-on-file">
        <h2 id="tax-on-file">{TAX_FORM_NAMES[form.kind]} on file</h2>
        <dl className={s.summary}>
          {rows.map(([term, detail]) => (
            <div key={term} style={{ display: 'contents' }}>
              <dt className={s.term}>{term}</dt>
              <dd className={s.detail}>{detail}</dd>
            </div>
          ))}
        </dl>
        <div className={s.actions}>
          <Button variant="dashboard" onClick={() => send({ type: 'form.refile' })}>
            File a new form
          </Button>
        </div>
      </Card>
    </>
  );
}

function FormFields({ snapshot, send }: { snapshot: Snapshot; send: Send }) {
  const draft = selectTaxDraft(snapshot);
  const shown = selectTaxFields(snapshot);
  const errors = selectTaxFieldErrors(snapshot);
  const saving = selectSavingForm(snapshot);
  const error = selectTaxFormError(snapshot);
  const change = (field: TaxField) => (value: string) => send({ type: 'field.change', field, value });
  const text = (
    field: TaxField,
    label: string,
    extra: { hint?: string; autoComplete?: string; inputMode?: 'numeric'; type?: string; wide?: boolean } = {},
  ) =>
    shown.has(field) ? (
      <Field
        key={field}
        name={field}
        label={label}
        className={extra.wide ? s.wide : undefined}
        hint={extra.hint}
        autoComplete={extra.autoComplete ?? 'off'}
        inputMode={extra.inputMode}
        type={extra.type}
        value={draft[field]}
        error={errors[field]}
        disabled={saving}
        onChange={(event) => change(field)(event.target.value)}
      />
    ) : null;
  const select = (field: TaxField, label: string, options: { value: string; label: string }[]) =>
    shown.has(field) ? (
      <NativeSelectField
        key={field}
        name={field}
        label={label}
        value={draft[field]}
        options={options}
        placeholder="Choose…"
        error={errors[field]}
        disabled={saving}
        onChange={(event) => change(field)(event.target.value)}
      />
    ) : null;
  const us = draft.usPerson === 'yes';
  const foreign = draft.usPerson === 'no';
  return (
    <Card as="section" aria-labelledby="tax-new">
      <h2 id="tax-new">{selectRefiling(snapshot) ? 'File a new tax form' : 'File your tax form'}</h2>
      {selectRefiling(snapshot) ? <p>The new form replaces the one on file.</p> : null}
      <form
        id={FORM_ID}
        className={s.form}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          send({ type: 'form.submit' });
        }}
      >
        <RadioGroup
          label="Are you a US person?"
          name="usPerson"
          value={draft.usPerson}
          disabled={saving}
          onValueChange={change('usPerson')}
          options={[
            {
              value: 'yes',
              label: 'Yes',
              description: 'A US citizen or resident, or a US company: Form W-9.',
            },
            { value: 'no', label: 'No', description: 'Everyone else: Form W-8BEN.' },
          ]}
        />
        {errors.usPerson ? <p role="alert">{errors.usPerson}</p> : null}
        {us || foreign ? (
          <>
            <fieldset className={s.part}>
              <legend className={s.legend}>{us ? 'Form W-9: taxpayer' : 'Form W-8BEN: beneficial owner'}</legend>
              {text('legalName', us ? 'Legal name (as on your tax return)' : 'Legal name', {
                autoComplete: 'name',
                wide: true,
              })}
              {text('businessName', 'Business name (optional)')}
              {select(
                'businessType',
                'Federal tax classification',
                BUSINESS_TYPES.map((type) => ({ value: type.value, label: type.label })),
              )}
              {select('tinType', 'TIN type', [
                { value: 'ssn', label: 'Social Security number (SSN)' },
                { value: 'ein', label: 'Employer Identification Number (EIN)' },
              ])}
              {text('tin', draft.tinType === 'ein' ? 'EIN' : 'SSN', {
                inputMode: 'numeric',
                hint: draft.tinType === 'ein' ? 'Nine digits, e.g. 12-3456789.' : 'Nine digits, e.g. 123-45-6789.',
              })}
              {select('country', 'Country of citizenship', FOREIGN)}
              {text('dateOfBirth', 'Date of birth', { type: 'date', autoComplete: 'bday' })}
              {text('foreignTin', 'Foreign TIN', {
                hint: 'Your tax identification number in your country of residence.',
              })}
              {text('noTinReason', 'If you have no foreign TIN, why not', {
                hint: 'E.g. my country does not issue TINs.',
              })}
            </fieldset>
            <fieldset className={s.part}>
              <legend className={s.legend}>{us ? 'Address' : 'Permanent residence address'}</legend>
              {text('line1', 'Address', { autoComplete: 'address-line1', wide: true })}
              {text('line2', 'Address line 2 (optional)', { autoComplete: 'address-line2', wide: true })}
              {text('city', 'City', { autoComplete: 'address-level2' })}
              {select('state', 'State', STATES)}
              {text('region', 'Region or province (optional)', { autoComplete: 'address-level1' })}
              {text('postalCode', us ? 'ZIP code' : 'Postal code (optional)', { autoComplete: 'postal-code' })}
              {select('addressCountry', 'Country of residence', FOREIGN)}
            </fieldset>
            {foreign ? (
              <fieldset className={s.part}>
                <legend className={s.legend}>Tax treaty benefits</legend>
                <div className={s.wide}>
                  <Checkbox
                    label="I claim a reduced rate under an income tax treaty"
                    checked={draft.claimTreaty === 'yes'}
                    disabled={saving}
                    onCheckedChange={(checked) => change('claimTreaty')(checked ? 'yes' : '')}
                  />
                </div>
                {select('treatyCountry', 'Treaty country', FOREIGN)}
                {text('treatyArticle', 'Article and paragraph')}
                {text('treatyRate', 'Withholding rate (%)', { inputMode: 'numeric' })}
                {select(
                  'treatyIncome',
                  'Type of income',
                  TREATY_INCOME_TYPES.map((type) => ({ value: type, label: type })),
                )}
              </fieldset>
            ) : null}
            <fieldset className={s.part}>
              <legend className={s.legend}>Signature</legend>
              <div className={s.wide}>
                <Checkbox
                  label={
                    us
                      ? 'Under penalties of perjury, I certify that the number shown is my correct TIN, that I am not subject to backup withholding, and that I am a US person.'
                      : 'Under penalties of perjury, I certify that I am the beneficial owner of the income, that I am not a US person, and that the information on this form is true, correct and complete.'
                  }
                  checked={draft.certified === 'yes'}
                  disabled={saving}
                  onCheckedChange={(checked) => change('certified')(checked ? 'yes' : '')}
                />
                {errors.certified ? <p role="alert">{errors.certified}</p> : null}
              </div>
              {text('signedName', 'Signature (type your full name)', { autoComplete: 'name', wide: true })}
            </fieldset>
          </>
        ) : null}
        {error ? <Alert tone="error">{error}</Alert> : null}
        <div className={s.actions}>
          {selectRefiling(snapshot) ? (
            <Button variant="secondary" disabled={saving} onClick={() => send({ type: 'form.cancel' })}>
              Cancel
            </Button>
          ) : null}
          <Button type="submit" variant="dashboard" disabled={saving} aria-busy={saving || undefined}>
            File tax form
          </Button>
        </div>
      </form>
    </Card>
  );
}
