// Tax forms (docs/product.md §Self-serve money): PUT /api/tax-form files a W-9 or a W-8BEN (superseding the one on
// file), GET /api/tax-form answers the current one with its TIN masked — the full TIN is never in an answer.
import { z } from 'zod';
import { countries } from '../countries.ts';
import {
  BUSINESS_TYPES,
  EIN_ERROR,
  FOREIGN_TIN_LENGTH,
  isEin,
  isSsn,
  SSN_ERROR,
  TAX_FORM_KINDS,
  tinDigits,
  TREATY_INCOME_TYPES,
  US_STATES,
  US_TIN_TYPES,
  ZIP_CODE,
} from '../taxForms.ts';
import { NO_NUL, requiredText as required } from './common.ts';

const optional = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `must be at most ${max} characters`)
    .refine(...NO_NUL)
    .optional()
    .transform((value) => value || null);

const FOREIGN_COUNTRIES = countries.filter((country) => country !== 'United States');
const foreignCountry = z.string({ error: 'is required' }).refine((value) => FOREIGN_COUNTRIES.includes(value), {
  error: 'must be a country from the list other than the United States',
});
/** The signature: the person typed their name and ticked the certification. */
const signature = {
  certified: z.literal(true, { error: 'must be ticked: you certify the form under penalties of perjury' }),
  signedName: required(200),
};

export const w9Input = z
  .object({
    kind: z.literal('w9'),
    legalName: required(200),
    businessName: optional(200),
    businessType: z.enum(BUSINESS_TYPES.map((type) => type.value) as [string, ...string[]], {
      error: 'must be one of the federal tax classifications',
    }),
    tinType: z.enum(US_TIN_TYPES, { error: 'must be "ssn" or "ein"' }),
    tin: z.string({ error: 'is required' }).transform(tinDigits),
    address: z.object({
      line1: required(200),
      line2: optional(200),
      city: required(100),
      state: z
        .string({ error: 'is required' })
        .trim()
        .toUpperCase()
        .refine((value) => (US_STATES as readonly string[]).includes(value), 'must be a two-letter US state'),
      postalCode: z.string({ error: 'is required' }).trim().regex(ZIP_CODE, 'must be a ZIP code (12345 or 12345-6789)'),
    }),
    ...signature,
  })
  .superRefine((form, ctx) => {
    const valid = form.tinType === 'ssn' ? isSsn(form.tin) : isEin(form.tin);
    if (!valid)
      ctx.addIssue({ code: 'custom', path: ['tin'], message: form.tinType === 'ssn' ? SSN_ERROR : EIN_ERROR });
  });

export const treatyClaim = z.object({
  country: foreignCountry,
  article: required(40),
  /** The withholding rate claimed, in percent (0–30). */
  ratePercent: z
    .number({ error: 'must be a number' })
    .min(0, 'must be at least 0')
    .max(30, 'must be at most 30 (the rate without a treaty)'),
  incomeType: z.enum(TREATY_INCOME_TYPES, { error: 'must be one of the listed income types' }),
});

export const w8benInput = z
  .object({
    kind: z.literal('w8ben'),
    legalName: required(200),
    country: foreignCountry,
    address: z.object({
      line1: required(200),
      line2: optional(200),
      city: required(100),
      region: optional(100),
      postalCode: optional(20),
      country: foreignCountry,
    }),
    dateOfBirth: z.iso.date({ error: 'must be a date (YYYY-MM-DD)' }),
    /** The foreign TIN, or null with the reason one is not given (line 6b). */
    foreignTin: z
      .string()
      .trim()
      .min(FOREIGN_TIN_LENGTH.min, 'is required unless you say why it is not')
      .max(FOREIGN_TIN_LENGTH.max, `must be at most ${FOREIGN_TIN_LENGTH.max} characters`)
      .regex(/^[A-Za-z0-9 ./-]+$/, 'may hold letters, digits, spaces, dots, slashes and dashes only')
      .nullable(),
    foreignTinNotRequiredReason: optional(300),
    treaty: treatyClaim
      .nullable()
      .optional()
      .transform((value) => value ?? null),
    ...signature,
  })
  .superRefine((form, ctx) => {
    if (form.foreignTin === null && !form.foreignTinNotRequiredReason)
      ctx.addIssue({
        code: 'custom',
        path: ['foreignTinNotRequiredReason'],
        message: 'is required when no foreign TIN is given',
      });
  });

/** PUT /api/tax-form. */
export const taxFormInput = z.discriminatedUnion('kind', [w9Input, w8benInput], {
  error: 'kind: must be "w9" or "w8ben"',
});

/** The form on file as its creator (and only they) sees it: never the TIN, only its masked tail. */
export const taxForm = z.object({
  id: z.string(),
  kind: z.enum(TAX_FORM_KINDS),
  legalName: z.string(),
  tinType: z.enum(['ssn', 'ein', 'foreign']),
  /** `•••-••-1234`, `••-•••1234`, `••••1234` or `Not required`. */
  tinMasked: z.string(),
  /** `United States` for a W-9; the country of citizenship for a W-8BEN. */
  country: z.string(),
  treaty: z
    .object({ country: z.string(), article: z.string(), ratePercent: z.number(), incomeType: z.string() })
    .nullable(),
  signedName: z.string(),
  signedAt: z.string(),
});
export type TaxForm = z.infer<typeof taxForm>;

export const taxFormResponse = z.object({
  form: taxForm.nullable(),
  /** How many earlier forms this one superseded (every form is kept). */
  superseded: z.number().int(),
});

/** GET /api/admin/tax/1099-nec?year=YYYY (a CSV answer). */
export const export1099Query = z.object({
  year: z.coerce
    .number({ error: 'must be a year' })
    .int('must be a year')
    .min(2000, 'must be 2000 or later')
    .max(2100, 'must be 2100 or earlier'),
});
