import { useActorRef } from '@xstate/react';
import { Suspense, useEffect, useMemo } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { notificationsMachine } from '../../../machines/notifications.machine';
import { selectLoading, selectUser } from '../../../machines/session.machine';
import { sideMenuMachine } from '../../../machines/sideMenu.machine';
import { inspect } from '../../app/inspect';
import { SessionContext } from '../../app/session';
import { notifications } from '../../sampleData';
import { LoadingOverlay } from '../../ui/Spinner';
import { RouteFallback } from '../common/RouteFallback';
import { LogoutDialog, useLogoutConfirm } from './LogoutDialog';
import { DashboardHeader } from './shell/DashboardHeader';
import { NotificationsModal } from './shell/NotificationsModal';
import { SIDE_MENU_CLOSE_ID, SIDE_MENU_TOGGLE_ID, SideMenu } from './shell/SideMenu';
import * as s from './DashboardLayout.css';

/** The signed-in shell (SPEC §2 Dashboard shell): side menu, header, the screen, and the shell's modals. */
export function DashboardLayout() {
  const session = SessionContext.useActorRef();
  const user = SessionContext.useSelector(selectUser);
  const loading = SessionContext.useSelector(selectLoading);
  const menuLogic = useMemo(
    () =>
      sideMenuMachine.provide({
        actions: {
          // After the drawer becomes visible (next frame), focus its close control; on dismiss, the menu button.
          focusMenu: () => requestAnimationFrame(() => document.getElementById(SIDE_MENU_CLOSE_ID)?.focus()),
          focusToggle: () => requestAnimationFrame(() => document.getElementById(SIDE_MENU_TOGGLE_ID)?.focus()),
        },
      }),
    [],
  );
  const menu = useActorRef(menuLogic, { inspect });
  const notificationsRef = useActorRef(notificationsMachine, { input: { count: notifications.length }, inspect });
  const logout = useLogoutConfirm();
  const { pathname } = useLocation();

  // SPEC §7: GET /api/user is called on dashboard load.
  useEffect(() => {
    session.send({ type: 'user.load' });
  }, [session]);

  // Any navigation closes the side menu (it only shows as a drawer on small screens).
  useEffect(() => {
    menu.send({ type: 'route.change' });
  }, [menu, pathname]);

  return (
    <div className={s.shell}>
      <a href="#main" className={s.skipLink}>
        Skip to content
      </a>
      <SideMenu actorRef={menu} />
      <div className={s.column}>
        <DashboardHeader
          user={user}
          menu={menu}
          onNotifications={() => notificationsRef.send({ type: 'notifications.open' })}
          onLogOut={() => logout.send({ type: 'logout.open' })}
        />
        <main id="main" className={s.main} tabIndex={-1}>
          <Suspense fallback={<RouteFallback />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
      <NotificationsModal actorRef={notificationsRef} />
      <LogoutDialog actorRef={logout} />
      <LoadingOverlay visible={loading} />
    </div>
  );
}
