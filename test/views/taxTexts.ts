// What the Tax Form says under a field for each problem its flow finds (the English catalogue's words,
// src/money/messages/en.json): the screen tests assert what a person reads.
import type { TaxFieldProblem } from '@/machines/money/taxForm.machine';

export const TAX_PROBLEM_TEXT: Record<TaxFieldProblem, string> = {
  required: 'Este campo es obligatorio',
  usPersonRequired: 'Answer whether you are a US person.',
  certifyRequired: 'Tick the certification to sign the form.',
  noTinReasonRequired: 'Enter your foreign TIN, or say why you do not have one.',
  tinTooLong: 'A foreign TIN has at most 20 characters.',
  ssnInvalid: 'Enter a valid SSN: nine digits, e.g. 123-45-6789.',
  einInvalid: 'Enter a valid EIN: nine digits with a prefix the IRS assigns, e.g. 12-3456789.',
  stateInvalid: 'Choose your state.',
  zipInvalid: 'Enter a ZIP code: 12345 or 12345-6789.',
  dateInvalid: 'Enter your date of birth.',
  rateInvalid: 'Enter a rate from 0 to 30 (percent).',
};

export const SSN_INVALID = TAX_PROBLEM_TEXT.ssnInvalid;
export const EIN_INVALID = TAX_PROBLEM_TEXT.einInvalid;
export const US_PERSON_REQUIRED = TAX_PROBLEM_TEXT.usPersonRequired;
export const CERTIFY_REQUIRED = TAX_PROBLEM_TEXT.certifyRequired;
