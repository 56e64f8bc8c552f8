import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { RouteFallback } from '@/src/common/RouteFallback';
import { PublicFooter } from './PublicFooter';
import { PublicHeader } from './PublicHeader';
import * as s from './PublicLayout.css';

/** Header, page, footer for / and /contact-us (docs/spec.md §2 Public layout). */
export function PublicLayout() {
  return (
    <div className={s.page}>
      <a href="#main" className={s.skip}>
        Skip to content
      </a>
      <PublicHeader />
      <main id="main" className={s.main} tabIndex={-1}>
        <Suspense fallback={<RouteFallback />}>
          <Outlet />
        </Suspense>
      </main>
      <PublicFooter />
    </div>
  );
}
