import { useSelector } from '@xstate/react';
import { Link, useLocation } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import type { sideMenuMachine } from '@/machines/shell/sideMenu.machine';
import { selectRole } from '@/machines/accounts/session.select';
import { selectSideMenuOpen } from '@/machines/shell/sideMenu.select';
import { SessionContext } from '@/src/app/session';
import { SIDE_MENU_CLOSE_ID } from '@/src/shell/sideMenu';
import { Icon } from '@/src/ui/Icon';
import { Logo } from '@/src/common/Logo';
import { isActive, linksFor } from './sideLinks';
import * as s from './SideMenu.css';
import { useMessages } from '@/src/i18n/i18n';
import { shellMessages } from './catalogue';

export const SIDE_MENU_ID = 'side-menu';

/** The dashboard side menu, its links by the user's role: always shown on wide screens, a drawer below 992 px driven by the sideMenu machine. */
export function SideMenu({ actorRef }: { actorRef: ActorRefFrom<typeof sideMenuMachine> }) {
  const open = useSelector(actorRef, selectSideMenuOpen);
  const { pathname } = useLocation();
  const links = linksFor(SessionContext.useSelector(selectRole));
  const close = () => actorRef.send({ type: 'menu.close' });
  const { t } = useMessages(shellMessages);
  return (
    <>
      <div className={s.backdrop} data-state={open ? 'open' : 'closed'} onClick={close} aria-hidden="true" />
      <aside
        id={SIDE_MENU_ID}
        className={s.panel}
        data-state={open ? 'open' : 'closed'}
        aria-label={t('menu.side')}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && open) close();
        }}
      >
        <div className={s.top}>
          <Logo to="/dashboard" />
          <button
            type="button"
            id={SIDE_MENU_CLOSE_ID}
            className={s.close}
            onClick={close}
            aria-label={t('menu.close')}
          >
            <Icon name="close" size={22} />
          </button>
        </div>
        <nav aria-label={t('menu.nav')}>
          <ul className={s.links}>
            {links.map((link) => {
              const active = isActive(pathname, link);
              return (
                <li key={link.to}>
                  <Link
                    to={link.to}
                    className={s.link}
                    aria-current={active ? 'page' : undefined}
                    data-active={active ? 'true' : undefined}
                  >
                    <Icon name={link.icon} size={20} />
                    <span>{t(link.label)}</span>
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
      </aside>
    </>
  );
}
