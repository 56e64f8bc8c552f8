import type { Role } from '@/contract/marketplace';
import type { IconName } from '@/src/ui/Icon';
import type { ShellMessage } from './catalogue';

export interface SideLink {
  to: string;
  /** The link's text, by its id in the shell's catalogue. */
  label: ShellMessage;
  icon: IconName;
  alsoActiveOn?: string;
}

/** The creator's side menu links (docs/spec.md §2 Dashboard shell), in order. */
export const sideLinks: SideLink[] = [
  { to: '/analytics', label: 'nav.analytics', icon: 'chart', alsoActiveOn: '/dashboard' },
  { to: '/obs-extension', label: 'nav.obs', icon: 'extension' },
  { to: '/sponsorship-offers', label: 'nav.offers', icon: 'offers' },
  { to: '/archive-chat', label: 'nav.archive', icon: 'archive' },
  { to: '/earnings', label: 'nav.earnings', icon: 'earnings' },
  { to: '/help-and-support', label: 'nav.help', icon: 'help' },
  { to: '/connect-accounts', label: 'nav.connect', icon: 'link' },
];

const help: SideLink = { to: '/help-and-support', label: 'nav.help', icon: 'help' };

/** Each workspace's links (docs/product.md §Marketplace): creators keep the spec's; none while the role is not known yet. */
export function linksFor(role: Role | null): SideLink[] {
  if (role === 'advertiser') {
    return [
      { to: '/campaigns', label: 'nav.campaigns', icon: 'offers' },
      { to: '/creators', label: 'nav.creators', icon: 'search' },
      { to: '/company-profile', label: 'nav.company', icon: 'user' },
      help,
    ];
  }
  if (role === 'operator') return [{ to: '/admin', label: 'nav.operator', icon: 'settings' }, help];
  return role === 'creator' ? sideLinks : [];
}

/** docs/spec.md §2: a link is highlighted when the current path contains its path (Analytics also on /dashboard). */
export function isActive(pathname: string, link: { to: string; alsoActiveOn?: string }): boolean {
  return pathname.includes(link.to) || (link.alsoActiveOn !== undefined && pathname.includes(link.alsoActiveOn));
}
