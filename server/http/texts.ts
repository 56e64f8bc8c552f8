// What the API writes for a person to read, in the request's language (requestLocale in ./problems.ts): a domain keeps
// its texts beside its code, every language side by side, as ICU MessageFormat (`{count, plural, one {…} other {…}}`).
// Its refusals are texts too, keyed by their codes (./problems.ts); the other texts here (docs/architecture.md
// §Languages).
import { setupI18n, type I18n } from '@lingui/core';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { formatCentsIn } from '../../contract/cents.ts';
import { intlLocale, LOCALES, type Locale } from '../../contract/locales.ts';

/** A text in every language the product speaks. */
export type Texts = Record<Locale, string>;

/** A domain's texts in one language: `say(id, values)`. */
export type Say<Id extends string> = (id: Id, values?: Record<string, unknown>) => string;

const instances = Object.fromEntries(
  LOCALES.map((locale) => [locale, setupI18n({ locale, messages: { [locale]: {} } })]),
) as Record<Locale, I18n>;

/** Compiles a text in every language under `key`; a text ICU cannot parse throws, naming it. */
export function loadTexts(key: string, texts: Texts): void {
  for (const locale of LOCALES) {
    try {
      instances[locale].load(locale, { [key]: compileMessageOrThrow(texts[locale]) });
    } catch (error) {
      throw new Error(`${key} (${locale}) is not valid ICU MessageFormat: ${(error as Error).message}`);
    }
  }
}

const WORDS = Symbol('words');

/** A value of a text that is worded in the text's language when it is said: a sum of money, a list of words. */
export interface Worded {
  readonly [WORDS]: (locale: Locale) => string;
}

/** A value worded in the language the text is said in. */
export const worded = (say: (locale: Locale) => string): Worded => ({ [WORDS]: say });

/** A sum in integer cents, as a text's value: "$50" in English, "USD 50" in Mexican Spanish (contract/cents.ts). */
export const money = (cents: number): Worded => worded((locale) => formatCentsIn(locale, cents));

/** A list as a text's value, joined the language's way ("a, b and c", "a, b y c"), each item worded in it. */
export const wordList = (items: (locale: Locale) => readonly string[]): Worded =>
  worded((locale) => new Intl.ListFormat(intlLocale(locale), { type: 'conjunction' }).format(items(locale)));

/** Whether a value is worded when it is said (money, a list, `worded`). */
export const isWorded = (value: unknown): value is Worded =>
  typeof value === 'object' && value !== null && WORDS in value;

/** A text as it reads in `locale`: a worded one worded in it, a plain one as it is. */
export const wordedIn = (value: string | Worded, locale: Locale): string =>
  isWorded(value) ? value[WORDS](locale) : value;

/** The text loaded under `key`, in `locale`; its worded values (money, lists) in that language. */
export function sayIn(locale: Locale, key: string, values?: Record<string, unknown>): string {
  if (values && Object.values(values).some(isWorded))
    values = Object.fromEntries(
      Object.entries(values).map(([name, value]) => [name, isWorded(value) ? value[WORDS](locale) : value]),
    );
  return instances[locale]._(key, values);
}

const domains = new Set<string>();

/**
 * A domain's texts, `{ id: { en, 'es-MX' } }`, and how to say them in a language: `textsOf(locale)('id', values)`.
 * A language missing does not type-check; a text ICU cannot parse throws at start, naming it.
 */
export function defineTexts<T extends Record<string, Texts>>(
  domain: string,
  table: T,
): (locale: Locale) => Say<keyof T & string> {
  if (domains.has(domain)) throw new Error(`Texts of ${domain} are defined twice`);
  domains.add(domain);
  // Their own keys: a domain's refusals are keyed by their codes, `<domain>.<id>`.
  const keyOf = (id: string) => `texts.${domain}.${id}`;
  for (const [id, texts] of Object.entries(table)) loadTexts(keyOf(id), texts);
  const sayers = new Map<Locale, Say<keyof T & string>>(
    LOCALES.map((locale) => [locale, (id, values) => sayIn(locale, keyOf(id), values)]),
  );
  return (locale) => sayers.get(locale)!;
}
