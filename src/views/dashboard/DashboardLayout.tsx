import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { RouteFallback } from '../common/RouteFallback';
import * as s from './DashboardLayout.css';

/** The signed-in shell (SPEC §2 Dashboard shell). */
export function DashboardLayout() {
  return (
    <div className={s.shell}>
      <main id="main" className={s.main}>
        <Suspense fallback={<RouteFallback />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
