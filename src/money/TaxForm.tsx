import { useMachine } from '@xstate/react';
import type { ReactNode } from 'react';
import type { SnapshotFrom } from 'xstate';
import type { TaxForm } from '@/contract';
import { countries } from '@/contract/countries';
import { BUSINESS_TYPES, TAX_FORM_NAMES, TREATY_INCOME_TYPES, US_STATES } from '@/contract/taxForms';
import {
  FOREIGN_TIN_MAX,
  type TaxField,
  type TaxFieldProblem,
  type TaxFormEvent,
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
import { inspect } from '@/src/app/inspect';
import { LoadState } from '@/src/common/LoadState';
import { formatsIn } from '@/src/common/format';
import { useMessages } from '@/src/i18n/i18n';
import { withTags } from '@/src/i18n/tags';
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
import { moneyMessages, type MoneyMessage } from './catalogue';

type Snapshot = SnapshotFrom<TaxFormLogic>;
type Send = (event: TaxFormEvent) => void;

const FOREIGN = countries.filter((country) => country !== 'United States').map((c) => ({ value: c, label: c }));
const STATES = US_STATES.map((state) => ({ value: state, label: state }));
const FORM_ID = 'tax-form';

type Say = (id: MoneyMessage, values?: Record<string, unknown>) => string;

const PROBLEMS: Record<TaxFieldProblem, MoneyMessage> = {
  required: 'form.required',
  usPersonRequired: 'problem.usPersonRequired',
  certifyRequired: 'problem.certifyRequired',
  noTinReasonRequired: 'problem.noTinReasonRequired',
  tinTooLong: 'problem.tinTooLong',
  ssnInvalid: 'problem.ssnInvalid',
  einInvalid: 'problem.einInvalid',
  stateInvalid: 'problem.stateInvalid',
  zipInvalid: 'problem.zipInvalid',
  dateInvalid: 'problem.dateInvalid',
  rateInvalid: 'problem.rateInvalid',
};

const BUSINESS_NAMES: Record<(typeof BUSINESS_TYPES)[number]['value'], MoneyMessage> = {
  individual: 'business.individual',
  c_corporation: 'business.c_corporation',
  s_corporation: 'business.s_corporation',
  partnership: 'business.partnership',
  trust_estate: 'business.trust_estate',
  llc: 'business.llc',
  other: 'business.other',
};

/** The treaty's types of income, kept as the form's English values and said in the screen's language. */
const INCOME_NAMES: Record<(typeof TREATY_INCOME_TYPES)[number], MoneyMessage> = {
  'Independent personal services': 'income.services',
  'Business profits': 'income.profits',
  Royalties: 'income.royalties',
  Other: 'income.other',
};
const incomeName = (t: Say, income: string) =>
  income in INCOME_NAMES ? t(INCOME_NAMES[income as keyof typeof INCOME_NAMES]) : income;

/**
 * Tax Form (docs/product.md §Self-serve money): the creator's W-9 or W-8BEN, needed before the first withdrawal. The
 * form on file shows its TIN masked; filing a new one replaces it.
 */
export function TaxFormScreen({ logic }: { logic?: TaxFormLogic }) {
  const [snapshot, send] = useMachine(useTaxFormLogic(logic), { input: {}, inspect });
  const onFile = selectFormOnFile(snapshot);
  const { t } = useMessages(moneyMessages);
  return (
    <div className={s.form}>
      <ScreenHeading title={t('tax.title')} />
      <p>{t('tax.intro')}</p>
      <LoadState
        loading={selectTaxFormLoading(snapshot)}
        error={selectTaxFormLoadError(snapshot)}
        what={t('tax.loading')}
        onRetry={() => send({ type: 'form.retry' })}
      />
      {onFile ? <OnFile form={onFile} justFiled={selectJustFiled(snapshot)} send={send} /> : null}
      {selectEditingForm(snapshot) ? <FormFields snapshot={snapshot} send={send} /> : null}
    </div>
  );
}

function OnFile({ form, justFiled, send }: { form: TaxForm; justFiled: boolean; send: Send }) {
  const { t, locale } = useMessages(moneyMessages);
  // The IRS forms' names and their TIN types are the forms' own words, the same in every language.
  const name = TAX_FORM_NAMES[form.kind];
  const rows: [string, ReactNode][] = [
    [t('tax.rowForm'), name],
    [t('tax.rowLegalName'), form.legalName],
    [form.kind === 'w9' ? (form.tinType === 'ein' ? 'EIN' : 'SSN') : t('tax.rowForeignTin'), form.tinMasked],
    [form.kind === 'w9' ? t('tax.rowCountry') : t('tax.rowCitizenship'), form.country],
    ...(form.treaty
      ? ([
          [
            t('tax.rowTreaty'),
            t('tax.treaty', {
              country: form.treaty.country,
              article: form.treaty.article,
              rate: form.treaty.ratePercent,
              income: incomeName(t, form.treaty.incomeType).toLowerCase(),
            }),
          ],
        ] as [string, ReactNode][])
      : []),
    [t('tax.rowSigned'), t('tax.signed', { name: form.signedName, date: formatsIn(locale).date(form.signedAt) })],
  ];
  return (
    <>
      {justFiled ? (
        <Alert tone="success" title={t('tax.filed')}>
          <p>
            {withTags(t('tax.filedText', { form: name }), {
              link: (text) => <Link to="/earnings">{text}</Link>,
            })}
          </p>
        </Alert>
      ) : null}
      <Card as="section" aria-labelledby="tax-on-file">
        <h2 id="tax-on-file">{t('tax.onFile', { form: name })}</h2>
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
            {t('tax.refile')}
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
  const { t } = useMessages(moneyMessages);
  const change = (field: TaxField) => (value: string) => send({ type: 'field.change', field, value });
  const problem = (field: TaxField) => {
    const found = errors[field];
    return found ? t(PROBLEMS[found], { max: FOREIGN_TIN_MAX }) : undefined;
  };
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
        error={problem(field)}
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
        placeholder={t('tax.choose')}
        error={problem(field)}
        disabled={saving}
        onChange={(event) => change(field)(event.target.value)}
      />
    ) : null;
  const us = draft.usPerson === 'yes';
  const foreign = draft.usPerson === 'no';
  return (
    <Card as="section" aria-labelledby="tax-new">
      <h2 id="tax-new">{selectRefiling(snapshot) ? t('tax.newTitle') : t('tax.firstTitle')}</h2>
      {selectRefiling(snapshot) ? <p>{t('tax.replaces')}</p> : null}
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
          label={t('tax.usPerson')}
          name="usPerson"
          value={draft.usPerson}
          disabled={saving}
          onValueChange={change('usPerson')}
          options={[
            { value: 'yes', label: t('tax.yes'), description: t('tax.yesText') },
            { value: 'no', label: t('tax.no'), description: t('tax.noText') },
          ]}
        />
        {errors.usPerson ? <p role="alert">{problem('usPerson')}</p> : null}
        {us || foreign ? (
          <>
            <fieldset className={s.part}>
              <legend className={s.legend}>{us ? t('tax.w9Part') : t('tax.w8Part')}</legend>
              {text('legalName', us ? t('tax.legalNameUs') : t('tax.legalName'), {
                autoComplete: 'name',
                wide: true,
              })}
              {text('businessName', t('tax.businessName'))}
              {select(
                'businessType',
                t('tax.businessType'),
                BUSINESS_TYPES.map((type) => ({ value: type.value, label: t(BUSINESS_NAMES[type.value]) })),
              )}
              {select('tinType', t('tax.tinType'), [
                { value: 'ssn', label: t('tax.ssnOption') },
                { value: 'ein', label: t('tax.einOption') },
              ])}
              {text('tin', draft.tinType === 'ein' ? 'EIN' : 'SSN', {
                inputMode: 'numeric',
                hint: draft.tinType === 'ein' ? t('tax.einHint') : t('tax.ssnHint'),
              })}
              {select('country', t('tax.citizenship'), FOREIGN)}
              {text('dateOfBirth', t('tax.birthDate'), { type: 'date', autoComplete: 'bday' })}
              {text('foreignTin', t('tax.foreignTin'), { hint: t('tax.foreignTinHint') })}
              {text('noTinReason', t('tax.noTinReason'), { hint: t('tax.noTinReasonHint') })}
            </fieldset>
            <fieldset className={s.part}>
              <legend className={s.legend}>{us ? t('tax.addressPart') : t('tax.residencePart')}</legend>
              {text('line1', t('tax.line1'), { autoComplete: 'address-line1', wide: true })}
              {text('line2', t('tax.line2'), { autoComplete: 'address-line2', wide: true })}
              {text('city', t('tax.city'), { autoComplete: 'address-level2' })}
              {select('state', t('tax.state'), STATES)}
              {text('region', t('tax.region'), { autoComplete: 'address-level1' })}
              {text('postalCode', us ? t('tax.zip') : t('tax.postalCode'), { autoComplete: 'postal-code' })}
              {select('addressCountry', t('tax.residence'), FOREIGN)}
            </fieldset>
            {foreign ? (
              <fieldset className={s.part}>
                <legend className={s.legend}>{t('tax.treatyPart')}</legend>
                <div className={s.wide}>
                  <Checkbox
                    label={t('tax.claimTreaty')}
                    checked={draft.claimTreaty === 'yes'}
                    disabled={saving}
                    onCheckedChange={(checked) => change('claimTreaty')(checked ? 'yes' : '')}
                  />
                </div>
                {select('treatyCountry', t('tax.treatyCountry'), FOREIGN)}
                {text('treatyArticle', t('tax.treatyArticle'))}
                {text('treatyRate', t('tax.treatyRate'), { inputMode: 'numeric' })}
                {select(
                  'treatyIncome',
                  t('tax.treatyIncome'),
                  TREATY_INCOME_TYPES.map((type) => ({ value: type, label: incomeName(t, type) })),
                )}
              </fieldset>
            ) : null}
            <fieldset className={s.part}>
              <legend className={s.legend}>{t('tax.signaturePart')}</legend>
              <div className={s.wide}>
                <Checkbox
                  label={us ? t('tax.certifyUs') : t('tax.certifyForeign')}
                  checked={draft.certified === 'yes'}
                  disabled={saving}
                  onCheckedChange={(checked) => change('certified')(checked ? 'yes' : '')}
                />
                {errors.certified ? <p role="alert">{problem('certified')}</p> : null}
              </div>
              {text('signedName', t('tax.signedName'), { autoComplete: 'name', wide: true })}
            </fieldset>
          </>
        ) : null}
        {error ? <Alert tone="error">{error}</Alert> : null}
        <div className={s.actions}>
          {selectRefiling(snapshot) ? (
            <Button variant="secondary" disabled={saving} onClick={() => send({ type: 'form.cancel' })}>
              {t('tax.cancel')}
            </Button>
          ) : null}
          <Button type="submit" variant="dashboard" disabled={saving} aria-busy={saving || undefined}>
            {t('tax.submit')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
