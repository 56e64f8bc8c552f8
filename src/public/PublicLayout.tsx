import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { RouteFallback } from '@/src/common/RouteFallback';
import { PublicFooter } from './PublicFooter';
import type { LanguageChoiceLogic } from '@/src/accounts/languageChoice';
import { PublicHeader } from './PublicHeader';
import * as s from './PublicLayout.css';
import { useMessages } from '@/src/i18n/i18n';
import { publicMessages } from './catalogue';

/** Header, page, footer for / and /contact-us (docs/spec.md §2 Public layout). */
export function PublicLayout({ languageLogic }: { languageLogic?: LanguageChoiceLogic } = {}) {
  const { t } = useMessages(publicMessages);
  return (
    <div className={s.page}>
      <a href="#main" className={s.skip}>
        {t('layout.skip')}
      </a>
      <PublicHeader languageLogic={languageLogic} />
      <main id="main" className={s.main} tabIndex={-1}>
        <Suspense fallback={<RouteFallback />}>
          <Outlet />
        </Suspense>
      </main>
      <PublicFooter />
    </div>
  );
}
