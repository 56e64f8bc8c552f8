import { Link } from 'react-router-dom';
import type { User } from '@/machines/types';
import { apiUrl } from '@/src/config';
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

export const DEFAULT_AVATAR = '/images/default-avatar.svg';

/** The user's picture on the API host, or the default avatar (docs/spec.md §3 image). */
export function avatarSrc(user: User | null): string {
  return user?.image ? apiUrl(user.image) : DEFAULT_AVATAR;
}

export function fullName(user: User | null): string {
  return [user?.first_name, user?.last_name].filter(Boolean).join(' ');
}

function initials(user: User | null): string {
  const text = `${user?.first_name?.[0] ?? ''}${user?.last_name?.[0] ?? ''}`;
  return text || (user?.email?.[0] ?? '?');
}

/** The header's profile dropdown (docs/spec.md §2): avatar, name, email and the account links; Log Out opens the logout modal. */
export function ProfileMenu({ user, onLogOut }: { user: User | null; onLogOut: () => void }) {
  const name = fullName(user);
  // docs/product.md §Marketplace: an advertiser's profile is the company's; payouts are the creator's.
  const role = user?.role ?? 'creator';
  return (
    // Not modal: Log Out opens a dialog as the menu closes, and a modal menu would fight it for focus and pointer events.
    <DropdownMenuRoot modal={false}>
      <DropdownMenuTrigger asChild>
        <button type="button" className={s.profileTrigger} aria-label="Profile menu" data-testid="profile-trigger">
          <Avatar src={avatarSrc(user)} alt="" fallback={initials(user)} size="md" />
          <span className={s.triggerName}>{name || 'My account'}</span>
          <Icon name="chevron-down" size={18} className={s.chevron} />
        </button>
      </DropdownMenuTrigger>
      <DropdownMenuContent className={s.menu}>
        <DropdownMenuLabel className={s.menuHeader}>
          <Avatar src={avatarSrc(user)} alt="" fallback={initials(user)} size="lg" />
          <span className={s.menuIdentity}>
            <span className={s.menuName}>{name || 'Your profile'}</span>
            {user?.email ? <span className={s.menuEmail}>{user.email}</span> : null}
          </span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        {role === 'operator' ? null : (
          <DropdownMenuItem asChild>
            <Link to={role === 'advertiser' ? '/company-profile' : '/my-profile'}>
              <Icon name="user" size={18} />
              View &amp; Edit profile
            </Link>
          </DropdownMenuItem>
        )}
        {role === 'creator' ? (
          <DropdownMenuItem asChild>
            <Link to="/set-payout-method">
              <Icon name="bank" size={18} />
              Set Payout Method
            </Link>
          </DropdownMenuItem>
        ) : null}
        <DropdownMenuItem asChild>
          <Link to="/settings">
            <Icon name="settings" size={18} />
            Settings
          </Link>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem tone="danger" onSelect={onLogOut}>
          <Icon name="logout" size={18} />
          Log Out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenuRoot>
  );
}
