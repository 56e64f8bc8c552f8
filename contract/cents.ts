// Money is integer cents (USD); this is how a sum is written, on the server's messages and every screen
// (src/common/format.ts). A module of its own, so that a screen formatting money loads nothing else of the contract.
import { DEFAULT_LOCALE, intlLocale, type Locale } from './locales.ts';

/** "$1,234.50" from integer cents (USD): English, as the spec writes money. */
export function formatCents(cents: number): string {
  return englishDollars(cents, false);
}

/** "$1,234", "$1,234.50", "-$3.00": the cents written when there are any or when `always`. */
function englishDollars(cents: number, always: boolean): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const dollars = Math.floor(abs / 100).toLocaleString('en-US');
  const rest = abs % 100;
  return `${sign}$${dollars}${rest === 0 && !always ? '' : `.${String(rest).padStart(2, '0')}`}`;
}

const currency = new Map<string, Intl.NumberFormat>();

/** A USD formatter of the language, with "USD" so that dollars never read as the local currency (made once). */
function dollarsIn(locale: Locale, cents: boolean): Intl.NumberFormat {
  const key = `${locale}:${cents}`;
  let format = currency.get(key);
  if (!format) {
    format = new Intl.NumberFormat(intlLocale(locale), {
      style: 'currency',
      currency: 'USD',
      currencyDisplay: 'code',
      ...(cents ? {} : { minimumFractionDigits: 0, maximumFractionDigits: 0 }),
    });
    currency.set(key, format);
  }
  return format;
}

/**
 * A sum in a language (docs/architecture.md §Languages): English as the spec writes it ("$1,289", "$1,289.50"),
 * another language its own way but still in US dollars, saying so ("USD 1,289" in Mexican Spanish); cents only when
 * there are some.
 */
export function formatCentsIn(locale: Locale, cents: number): string {
  if (locale === DEFAULT_LOCALE) return formatCents(cents);
  return dollarsIn(locale, cents % 100 !== 0).format(cents / 100);
}

/**
 * A sum as a statement or receipt writes it, always with its cents: "$1,234.50", "-$3.00"; in another language its
 * way, in US dollars and saying so ("USD 1,234.50").
 */
export function formatStatementCentsIn(locale: Locale, cents: number): string {
  if (locale === DEFAULT_LOCALE) return englishDollars(cents, true);
  return dollarsIn(locale, true).format(cents / 100);
}
