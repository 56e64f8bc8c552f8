// Tax forms (docs/product.md §Self-serve money): a creator files a W-9 (US persons) or a W-8BEN (everyone else)
// before their first withdrawal. What both sides check the same way: TIN formats, the form's labels, how a TIN is
// masked, and the withdrawal's refusal without a form. Plain data and functions, no zod (the client imports it).

export const TAX_FORM_KINDS = ['w9', 'w8ben'] as const;
export type TaxFormKind = (typeof TAX_FORM_KINDS)[number];
export const TAX_FORM_NAMES: Record<TaxFormKind, string> = { w9: 'Form W-9', w8ben: 'Form W-8BEN' };

/** The W-9's TIN: a Social Security number or an Employer Identification Number. */
export const US_TIN_TYPES = ['ssn', 'ein'] as const;
export type UsTinType = (typeof US_TIN_TYPES)[number];
export type TinType = UsTinType | 'foreign';

/** The W-9's federal tax classification (line 3a). */
export const BUSINESS_TYPES = [
  { value: 'individual', label: 'Individual / sole proprietor' },
  { value: 'c_corporation', label: 'C corporation' },
  { value: 's_corporation', label: 'S corporation' },
  { value: 'partnership', label: 'Partnership' },
  { value: 'trust_estate', label: 'Trust / estate' },
  { value: 'llc', label: 'Limited liability company' },
  { value: 'other', label: 'Other' },
] as const;
export type BusinessType = (typeof BUSINESS_TYPES)[number]['value'];

/** Where the creator files it. */
export const TAX_FORM_PATH = '/tax-form';
/** 1099-NEC is due for a US person (W-9) paid at least this much in a calendar year. */
export const FORM_1099_THRESHOLD_CENTS = 60_000;

/** Digits only: dashes and spaces are how people write TINs. */
export const tinDigits = (value: string): string => value.replace(/[\s-]/g, '');

/** A Social Security number: nine digits; area not 000, 666 or 900–999; group not 00; serial not 0000. */
export function isSsn(value: string): boolean {
  const digits = tinDigits(value);
  if (!/^\d{9}$/.test(digits)) return false;
  const area = digits.slice(0, 3);
  if (area === '000' || area === '666' || area.startsWith('9')) return false;
  return digits.slice(3, 5) !== '00' && digits.slice(5) !== '0000';
}

/** The prefixes the IRS assigns to EINs (campus and internet prefixes). */
const EIN_PREFIXES = new Set(
  ['01-06', '10-16', '20-27', '30-39', '40-48', '50-68', '71-77', '80-88', '90-95', '98-99'].flatMap((range) => {
    const [from, to] = range.split('-').map(Number) as [number, number];
    return Array.from({ length: to - from + 1 }, (_, i) => String(from + i).padStart(2, '0'));
  }),
);

/** An Employer Identification Number: nine digits whose first two are a prefix the IRS assigns. */
export function isEin(value: string): boolean {
  const digits = tinDigits(value);
  return /^\d{9}$/.test(digits) && EIN_PREFIXES.has(digits.slice(0, 2));
}

export const SSN_ERROR = 'is not a valid SSN (nine digits, e.g. 123-45-6789)';
export const EIN_ERROR = 'is not a valid EIN (nine digits with a valid prefix, e.g. 12-3456789)';
export const FOREIGN_TIN_LENGTH = { min: 1, max: 20 } as const;

/** What a foreign TIN shows: never more than half of it, and at most its last four characters. */
const foreignTail = (tin: string) => tin.slice(tin.length - Math.min(4, Math.floor(tin.length / 2)));

/** The stored tail of a TIN (the only part ever read back). */
export function tinLast4(tinType: TinType, tin: string): string {
  return tinType === 'foreign' ? foreignTail(tin) : tinDigits(tin).slice(-4);
}

/** A TIN as it is shown everywhere: `•••-••-1234` (SSN), `••-•••1234` (EIN), `••••1234` (foreign), `—` (none). */
export function maskTin(tinType: TinType, last4: string): string {
  if (tinType === 'ssn') return `•••-••-${last4}`;
  if (tinType === 'ein') return `••-•••${last4}`;
  return last4 ? `••••${last4}` : 'Not required';
}

/** The two-letter US states, territories and military codes a W-9 address uses. */
export const US_STATES = [
  'AL', 'AK', 'AZ', 'AR', 'CA', 'CO', 'CT', 'DE', 'DC', 'FL', 'GA', 'HI', 'ID', 'IL', 'IN', 'IA', 'KS', 'KY', 'LA',
  'ME', 'MD', 'MA', 'MI', 'MN', 'MS', 'MO', 'MT', 'NE', 'NV', 'NH', 'NJ', 'NM', 'NY', 'NC', 'ND', 'OH', 'OK', 'OR',
  'PA', 'RI', 'SC', 'SD', 'TN', 'TX', 'UT', 'VT', 'VA', 'WA', 'WV', 'WI', 'WY', 'AS', 'GU', 'MP', 'PR', 'VI', 'AA',
  'AE', 'AP',
] as const; // prettier-ignore

export const ZIP_CODE = /^\d{5}(-?\d{4})?$/;

/** The W-8BEN treaty claim's income types (Part II). */
export const TREATY_INCOME_TYPES = ['Independent personal services', 'Business profits', 'Royalties', 'Other'] as const;
