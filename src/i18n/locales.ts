// The languages Castbridge speaks (docs/architecture.md §Languages): English, the spec's, and Spanish as written in
// Mexico, for the creators who broadcast in Spanish (registration's "Spanish (Mexico)").

export const LOCALES = ['en', 'es-MX'] as const;
export type Locale = (typeof LOCALES)[number];

export const DEFAULT_LOCALE: Locale = 'en';

/** Each language's name in itself: a switch lists them so, whatever the page's language. */
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', 'es-MX': 'Español' };

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * The first of a browser's languages (navigator.languages, most preferred first) that Castbridge speaks: any Spanish
 * reads as Mexico's, any English as English; none of them, English.
 */
export function pickLocale(languages: readonly string[]): Locale {
  for (const language of languages) {
    const primary = language.toLowerCase().split('-')[0];
    if (primary === 'es') return 'es-MX';
    if (primary === 'en') return 'en';
  }
  return DEFAULT_LOCALE;
}
