// Field checks the advertiser's forms share, mirroring the server's schemas (contract/schemas/marketplace.ts).
export { REQUIRED_MESSAGE } from '../messages';

export const tooLong = (max: number) => `Keep it under ${max.toLocaleString('en-US')} characters.`;

/** A whole number written with digits only, or null. */
export function wholeNumber(text: string): number | null {
  const clean = text.trim().replace(/,/g, '');
  return /^\d{1,15}$/.test(clean) ? Number(clean) : null;
}

/** "250", "250.5", "$1,250.50" → integer cents; null when it is not an amount with at most two decimals. */
export function dollarsToCents(text: string): number | null {
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(text.trim().replace(/[$,\s]/g, ''));
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** Integer cents → the dollars shown in the form: "250", "250.50". */
export function centsToDollars(cents: number): string {
  const rest = cents % 100;
  return rest === 0 ? String(Math.floor(cents / 100)) : `${Math.floor(cents / 100)}.${String(rest).padStart(2, '0')}`;
}

/** A real calendar day written YYYY-MM-DD. */
export function isDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}
