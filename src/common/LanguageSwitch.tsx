import { LOCALE_NAMES, LOCALES } from '@/src/i18n/locales';
import { setLocale, useMessages, usePageLocale } from '@/src/i18n/i18n';
import { commonMessages } from './catalogue';
import * as s from './LanguageSwitch.css';

/**
 * The page's language (docs/architecture.md §Languages): each language by its own name, the one in use pressed. The
 * choice is kept in this browser; the page changes language once the screen's catalogues have arrived.
 */
export function LanguageSwitch({ tone = 'onDark' }: { tone?: 'onDark' | 'onLight' }) {
  const locale = usePageLocale();
  const { t } = useMessages(commonMessages);
  return (
    <div role="group" aria-label={t('language')} className={s.group[tone]}>
      {LOCALES.map((option) => (
        <button
          key={option}
          type="button"
          lang={option}
          className={s.option}
          aria-pressed={option === locale}
          // A catalogue that cannot be fetched (offline, a stale deploy) leaves the page in its language.
          onClick={() => setLocale(option, { remember: true }).catch(() => {})}
        >
          {LOCALE_NAMES[option]}
        </button>
      ))}
    </div>
  );
}
