// The languages Castbridge speaks (contract/locales.ts), and how a switch names them.
import type { Locale } from '@/contract/locales';

export { DEFAULT_LOCALE, intlLocale, isLocale, LOCALES, pickLocale, type Locale } from '@/contract/locales';

/** Each language's name in itself: a switch lists them so, whatever the page's language. */
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', 'es-MX': 'Español' };
