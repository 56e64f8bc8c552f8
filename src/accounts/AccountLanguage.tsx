import { useEffect } from 'react';
import { selectAccountLocale } from '@/machines/accounts/session.select';
import { SessionContext } from '@/src/app/session';
import { setLocale } from '@/src/i18n/i18n';
import type { Locale } from '@/src/i18n/locales';

/**
 * The signed-in account's language is the page's (docs/architecture.md §Languages): read with the user, and again
 * whenever the user the session holds changes it (the first broadcasting language a profile gives preselects it).
 * It is kept in this browser too, so the public pages speak it after sign-out. Renders nothing.
 */
export function AccountLanguage() {
  const locale = SessionContext.useSelector(selectAccountLocale);
  useEffect(() => {
    if (locale) speakAccountLanguage(locale);
  }, [locale]);
  return null;
}

/**
 * Puts the page in the account's language and keeps it in this browser (also when Settings saves one). A catalogue
 * that cannot load leaves the page in its language; the next change tries again.
 */
export function speakAccountLanguage(locale: Locale): void {
  setLocale(locale, { remember: true }).catch(() => {});
}
