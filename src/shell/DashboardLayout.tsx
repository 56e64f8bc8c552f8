import { useActorRef, useSelector } from '@xstate/react';
import { lazy, Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { selectUnread } from '@/machines/notifications/notifications.select';
import { selectLoading, selectUser } from '@/machines/accounts/session.select';
import { inspect } from '@/src/app/inspect';
import { SessionContext } from '@/src/app/session';
import { useLogoutConfirmLogic } from '@/src/shell/logoutConfirm';
import { useNotificationsLogic, type NotificationsLogic } from '@/src/notifications/notifications';
import { sideMenuLogic } from '@/src/shell/sideMenu';
import { LoadingOverlay } from '@/src/ui/Spinner';
import { RouteFallback } from '@/src/common/RouteFallback';
import { DashboardHeader } from './DashboardHeader';
import { SideMenu } from './SideMenu';
import * as s from './DashboardLayout.css';
import { useMessages } from '@/src/i18n/i18n';
import { shellMessages } from './catalogue';

// The shell's modals are chunks of their own, loaded once the shell is up: every dashboard route carries the shell
// (bundle budget), and neither modal is open before a click.
const NotificationsModal = lazy(() =>
  import('../notifications/NotificationsModal').then((m) => ({ default: m.NotificationsModal })),
);
const LogoutDialog = lazy(() => import('./LogoutDialog').then((m) => ({ default: m.LogoutDialog })));

/** The signed-in shell (docs/spec.md §2 Dashboard shell): side menu, header, the screen, and the shell's modals. */
export function DashboardLayout({ logic = {} }: { logic?: { notifications?: NotificationsLogic } }) {
  const session = SessionContext.useActorRef();
  const user = SessionContext.useSelector(selectUser);
  const loading = SessionContext.useSelector(selectLoading);
  const menu = useActorRef(sideMenuLogic, { inspect });
  // Loaded on entry and live while the dashboard is shown; leaving it (logging out included) closes the connection.
  const notificationsRef = useActorRef(useNotificationsLogic(logic.notifications), { inspect });
  const unread = useSelector(notificationsRef, selectUnread);
  const logout = useActorRef(useLogoutConfirmLogic(), { inspect });
  const { pathname } = useLocation();

  // docs/spec.md §7: GET /api/user is called on dashboard load.
  useEffect(() => {
    session.send({ type: 'user.load' });
  }, [session]);

  // Any navigation closes the side menu (it only shows as a drawer on small screens).
  useEffect(() => {
    menu.send({ type: 'route.change' });
  }, [menu, pathname]);

  // Last of the hooks: it may wait for the shell's catalogue (docs/architecture.md §Languages).
  const { t } = useMessages(shellMessages);
  return (
    <div className={s.shell}>
      <a href="#main" className={s.skipLink}>
        {t('skip')}
      </a>
      <SideMenu actorRef={menu} />
      <div className={s.column}>
        <DashboardHeader
          user={user}
          menu={menu}
          unread={unread}
          onNotifications={() => notificationsRef.send({ type: 'notifications.open' })}
          onLogOut={() => logout.send({ type: 'logout.open' })}
        />
        <main id="main" className={s.main} tabIndex={-1}>
          <Suspense fallback={<RouteFallback />}>
            {/* Each screen in the page's language, or in English where its route says so (SignedInRoutes.tsx). */}
            <Outlet />
          </Suspense>
        </main>
      </div>
      <Suspense fallback={null}>
        <NotificationsModal actorRef={notificationsRef} />
        <LogoutDialog actorRef={logout} />
      </Suspense>
      <LoadingOverlay visible={loading} />
    </div>
  );
}
