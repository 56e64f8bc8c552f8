// The header's avatar button and the user's picture and name as the dashboard shows them (docs/spec.md §2, §3).
import { forwardRef, type ComponentPropsWithoutRef } from 'react';
import type { User } from '@/machines/types';
import { apiUrl } from '@/src/config';
import { Avatar } from '@/src/ui/Avatar';
import { Icon } from '@/src/ui/Icon';
import * as s from './DashboardHeader.css';
import { useMessages } from '@/src/i18n/i18n';
import { shellMessages } from './catalogue';

export const DEFAULT_AVATAR = '/images/default-avatar.svg';

/** The user's picture on the API host, or the default avatar (docs/spec.md §3 image). */
export function avatarSrc(user: User | null): string {
  return user?.image ? apiUrl(user.image) : DEFAULT_AVATAR;
}

export function fullName(user: User | null): string {
  return [user?.first_name, user?.last_name].filter(Boolean).join(' ');
}

export function initials(user: User | null): string {
  const text = `${user?.first_name?.[0] ?? ''}${user?.last_name?.[0] ?? ''}`;
  return text || (user?.email?.[0] ?? '?');
}

/** The avatar button, the same before and after the menu is loaded (Radix's trigger wraps it with `asChild`). */
export const ProfileTrigger = forwardRef<
  HTMLButtonElement,
  { user: User | null } & Omit<ComponentPropsWithoutRef<'button'>, 'type'>
>(function ProfileTrigger({ user, ...rest }, ref) {
  const { t } = useMessages(shellMessages);
  return (
    <button
      {...rest}
      ref={ref}
      type="button"
      className={s.profileTrigger}
      aria-label={t('profile.trigger')}
      aria-haspopup="menu"
      data-testid="profile-trigger"
    >
      <Avatar src={avatarSrc(user)} alt="" fallback={initials(user)} size="md" />
      <span className={s.triggerName}>{fullName(user) || t('profile.myAccount')}</span>
      <Icon name="chevron-down" size={18} className={s.chevron} />
    </button>
  );
});
