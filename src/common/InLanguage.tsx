import type { ReactNode } from 'react';
import { PartLanguage } from '@/src/i18n/i18n';
import { isLocale } from '@/src/i18n/locales';
import * as s from './InLanguage.css';
import { UiWords } from './UiWords';

/**
 * Says which language its part of the page is in when it differs from the page's (WCAG 3.1.2, language of parts):
 * a screen not yet in Spanish keeps `lang="en"` on a Spanish page, so a screen reader reads it as English
 * (docs/architecture.md §Languages). What renders inside speaks that language too (useMessages gives its words and
 * its locale, for formatsIn): a shared chart or load state in an English screen is English. It adds no box of its own.
 */
export function InLanguage({ lang, children }: { lang: string; children: ReactNode }) {
  return (
    <PartLanguage value={isLocale(lang) ? lang : null}>
      <div lang={lang} className={s.contents}>
        <UiWords>{children}</UiWords>
      </div>
    </PartLanguage>
  );
}

/** A screen whose texts are English only so far. */
export function EnglishOnly({ children }: { children: ReactNode }) {
  return <InLanguage lang="en">{children}</InLanguage>;
}
