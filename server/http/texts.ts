// What the API writes for a person to read, other than its refusals (./problems.ts), in the request's language
// (requestLocale): a domain keeps its texts beside its code, every language side by side, as ICU MessageFormat
// (`{count, plural, one {…} other {…}}`). docs/architecture.md §Languages.
import { setupI18n, type I18n } from '@lingui/core';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { LOCALES, type Locale } from '../../contract/locales.ts';

/** A text in every language the product speaks. */
export type Texts = Record<Locale, string>;

/** A domain's texts in one language: `say(id, values)`. */
export type Say<Id extends string> = (id: Id, values?: Record<string, unknown>) => string;

const instances = Object.fromEntries(
  LOCALES.map((locale) => [locale, setupI18n({ locale, messages: { [locale]: {} } })]),
) as Record<Locale, I18n>;
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
  for (const [id, texts] of Object.entries(table)) {
    for (const locale of LOCALES) {
      try {
        instances[locale].load(locale, { [`${domain}.${id}`]: compileMessageOrThrow(texts[locale]) });
      } catch (error) {
        throw new Error(`Text ${domain}.${id} (${locale}) is not valid ICU MessageFormat: ${(error as Error).message}`);
      }
    }
  }
  const sayers = new Map<Locale, Say<keyof T & string>>(
    LOCALES.map((locale) => [locale, (id, values) => instances[locale]._(`${domain}.${id}`, values)]),
  );
  return (locale) => sayers.get(locale)!;
}
