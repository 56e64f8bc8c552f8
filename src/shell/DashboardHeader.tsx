import { useSelector } from '@xstate/react';
import { Link } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import type { sideMenuMachine } from '@/machines/shell/sideMenu.machine';
import { selectSideMenuOpen } from '@/machines/shell/sideMenu.select';
import { SIDE_MENU_TOGGLE_ID } from '@/src/shell/sideMenu';
import type { User } from '@/machines/types';
import { Icon } from '@/src/ui/Icon';
import { ProfileMenu } from './ProfileMenu';
import { SIDE_MENU_ID } from './SideMenu';
import * as s from './DashboardHeader.css';
import { useMessages } from '@/src/i18n/i18n';
import { shellMessages } from './catalogue';

/** The shell's header (docs/spec.md §2): welcome line, notifications, layers link to the OBS extension, profile dropdown. */
export function DashboardHeader({
  user,
  menu,
  unread,
  onNotifications,
  onLogOut,
}: {
  user: User | null;
  menu: ActorRefFrom<typeof sideMenuMachine>;
  /** Unread notifications: the bell's dot and its name. */
  unread: number;
  onNotifications: () => void;
  onLogOut: () => void;
}) {
  const menuOpen = useSelector(menu, selectSideMenuOpen);
  const firstName = user?.first_name?.trim();
  const { t } = useMessages(shellMessages);
  return (
    <header className={s.header}>
      <button
        type="button"
        id={SIDE_MENU_TOGGLE_ID}
        className={s.menuToggle}
        aria-label={t('menu.open')}
        aria-expanded={menuOpen}
        aria-controls={SIDE_MENU_ID}
        onClick={() => menu.send({ type: 'menu.open' })}
      >
        <Icon name="menu" size={22} />
      </button>
      <div className={s.welcome}>
        <p className={s.welcomeLine} data-testid="welcome">
          {firstName ? t('header.welcomeName', { name: firstName }) : t('header.welcome')}
        </p>
        <p className={s.updates}>{t('header.updates')}</p>
      </div>
      <div className={s.actions}>
        <button
          type="button"
          className={s.iconButton}
          aria-label={t('header.notifications', { unread })}
          onClick={onNotifications}
        >
          <Icon name="bell" size={22} />
          {/* The dot shows while something is unread (docs/product.md §Marketplace). */}
          {unread > 0 ? <span className={s.badge} aria-hidden="true" data-testid="notifications-dot" /> : null}
          <span className={s.tip} aria-hidden="true">
            {t('header.notificationsTip')}
          </span>
        </button>
        {/* The OBS extension is the creator's (docs/product.md §Marketplace). */}
        {(user?.role ?? 'creator') === 'creator' ? (
          <Link to="/obs-extension" className={s.iconButton} aria-label={t('header.obs')}>
            <Icon name="layers" size={22} />
            <span className={s.tip} aria-hidden="true" data-testid="obs-tip">
              {t('header.obsTip')}
            </span>
          </Link>
        ) : null}
        <ProfileMenu user={user} onLogOut={onLogOut} />
      </div>
    </header>
  );
}
