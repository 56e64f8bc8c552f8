import { Link } from 'react-router-dom';
import type { User } from '@/machines/types';
import { Avatar } from '@/src/ui/Avatar';
import {
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRoot,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/src/ui/DropdownMenu';
import { Icon } from '@/src/ui/Icon';
import * as s from './DashboardHeader.css';
import { avatarSrc, fullName, initials, ProfileTrigger } from './ProfileTrigger';
import { useMessages } from '@/src/i18n/i18n';
import { shellMessages } from './catalogue';

/**
 * The header's profile dropdown (docs/spec.md §2): avatar, name, email and the account links; Log Out opens the
 * logout modal. Loaded on first use by ./ProfileMenu (Radix's menu and its positioning engine are most of it), open
 * at once when that use was a click.
 */
export default function ProfileMenuPanel({
  user,
  onLogOut,
  defaultOpen,
}: {
  user: User | null;
  onLogOut: () => void;
  defaultOpen: boolean;
}) {
  const name = fullName(user);
  // docs/product.md §Marketplace: an advertiser's profile is the company's; payouts are the creator's.
  const role = user?.role ?? 'creator';
  const { t } = useMessages(shellMessages);
  return (
    // Not modal: Log Out opens a dialog as the menu closes, and a modal menu would fight it for focus and pointer events.
    <DropdownMenuRoot modal={false} defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <ProfileTrigger user={user} />
      </DropdownMenuTrigger>
      <DropdownMenuContent className={s.menu}>
        <DropdownMenuLabel className={s.menuHeader}>
          <Avatar src={avatarSrc(user)} alt="" fallback={initials(user)} size="lg" />
          <span className={s.menuIdentity}>
            <span className={s.menuName}>{name || t('profile.yourProfile')}</span>
            {user?.email ? <span className={s.menuEmail}>{user.email}</span> : null}
          </span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        {role === 'operator' ? null : (
          <DropdownMenuItem asChild>
            <Link to={role === 'advertiser' ? '/company-profile' : '/my-profile'}>
              <Icon name="user" size={18} />
              {t('profile.edit')}
            </Link>
          </DropdownMenuItem>
        )}
        {role === 'creator' ? (
          <DropdownMenuItem asChild>
            <Link to="/set-payout-method">
              <Icon name="bank" size={18} />
              {t('profile.payout')}
            </Link>
          </DropdownMenuItem>
        ) : null}
        <DropdownMenuItem asChild>
          <Link to="/settings">
            <Icon name="settings" size={18} />
            {t('profile.settings')}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem tone="danger" onSelect={onLogOut}>
          <Icon name="logout" size={18} />
          {t('profile.logOut')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenuRoot>
  );
}
