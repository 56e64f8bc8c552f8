import type { Role } from '@/contract/marketplace';
import type { IconName } from '@/src/ui/Icon';

export interface SideLink {
  to: string;
  label: string;
  icon: IconName;
  alsoActiveOn?: string;
}

/** The creator's side menu links (docs/spec.md §2 Dashboard shell), in order. */
export const sideLinks: SideLink[] = [
  { to: '/analytics', label: 'Analytics', icon: 'chart', alsoActiveOn: '/dashboard' },
  { to: '/obs-extension', label: 'OBS Extension', icon: 'extension' },
  { to: '/sponsorship-offers', label: 'Sponsorship Offers', icon: 'offers' },
  { to: '/archive-chat', label: 'Archive Chat', icon: 'archive' },
  { to: '/earnings', label: 'Earnings', icon: 'earnings' },
  { to: '/help-and-support', label: 'Help and Support', icon: 'help' },
  { to: '/connect-accounts', label: 'Connect Accounts', icon: 'link' },
];

const help: SideLink = { to: '/help-and-support', label: 'Help and Support', icon: 'help' };

/** Each workspace's links (docs/product.md §Marketplace): creators keep the spec's; none while the role is not known yet. */
export function linksFor(role: Role | null): SideLink[] {
  if (role === 'advertiser') {
    return [
      { to: '/campaigns', label: 'Campaigns', icon: 'offers' },
      { to: '/creators', label: 'Find creators', icon: 'search' },
      { to: '/company-profile', label: 'Company Profile', icon: 'user' },
      help,
    ];
  }
  if (role === 'operator') return [{ to: '/admin', label: 'Operator Console', icon: 'settings' }, help];
  return role === 'creator' ? sideLinks : [];
}

/** docs/spec.md §2: a link is highlighted when the current path contains its path (Analytics also on /dashboard). */
export function isActive(pathname: string, link: { to: string; alsoActiveOn?: string }): boolean {
  return pathname.includes(link.to) || (link.alsoActiveOn !== undefined && pathname.includes(link.alsoActiveOn));
}
