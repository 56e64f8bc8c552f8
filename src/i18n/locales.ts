// The languages Castbridge speaks (contract/locales.ts), and how a switch names them.
export {
  DEFAULT_LOCALE,
  intlLocale,
  isLocale,
  LOCALE_NAMES,
  LOCALES,
  pickLocale,
  type Locale,
} from '@/contract/locales';
