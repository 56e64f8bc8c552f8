// The languages Castbridge speaks (docs/architecture.md §Languages): English, the spec's, and Spanish as written in
// Mexico, for the creators who broadcast in Spanish (registration's "Spanish (Mexico)"). Shared by the screens (the
// page's language), the server (the language of its answers and e-mails) and the account's stored setting.

export const LOCALES = ['en', 'es-MX'] as const;
export type Locale = (typeof LOCALES)[number];

export const DEFAULT_LOCALE: Locale = 'en';

/** Each language's name in itself: a switch lists them so, whatever the page's language. */
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', 'es-MX': 'Español' };

/** The Intl locale a language formats numbers and dates with (English as the spec writes them: en-US). */
export const intlLocale = (locale: Locale): string => (locale === DEFAULT_LOCALE ? 'en-US' : locale);

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * The first of a reader's languages (most preferred first: navigator.languages, or Accept-Language by weight) that
 * Castbridge speaks: any Spanish reads as Mexico's, any English as English; none of them, English.
 */
export function pickLocale(languages: readonly string[]): Locale {
  return matchLocale(languages) ?? DEFAULT_LOCALE;
}

/** pickLocale, but null when none of the languages is one Castbridge speaks. */
export function matchLocale(languages: readonly string[]): Locale | null {
  for (const language of languages) {
    const primary = language.trim().toLowerCase().split('-')[0];
    if (primary === 'es') return 'es-MX';
    if (primary === 'en') return 'en';
  }
  return null;
}

/**
 * An Accept-Language header's languages, most preferred first (RFC 9110 §12.5.4: `q` weights, default 1; a weight of
 * 0 means "not this one"). Malformed entries are skipped; null when none is left (no header: the caller decides).
 */
export function acceptedLanguages(header: string | null | undefined): string[] | null {
  if (!header) return null;
  const ranked = header
    .split(',')
    .slice(0, 32)
    .map((entry, index) => {
      const [tag, ...params] = entry.trim().split(';');
      // A weight is 0 to 1 with at most three decimals; a malformed one drops its entry.
      const weights = params.filter((param) => /^\s*q\s*=/i.test(param));
      const q = weights.length ? /^\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*$/i.exec(weights[0]!)?.[1] : '1';
      return { tag: tag!.trim(), q: q === undefined || Number(q) > 1 ? 0 : Number(q), index };
    })
    .filter(({ tag, q }) => /^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$|^\*$/.test(tag) && q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map(({ tag }) => tag);
  return ranked.length ? ranked : null;
}
