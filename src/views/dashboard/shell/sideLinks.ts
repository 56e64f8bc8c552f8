import type { IconName } from '@/src/ui/Icon';

/** The side menu's links (SPEC §2 Dashboard shell), in order. */
export const sideLinks: { to: string; label: string; icon: IconName; alsoActiveOn?: string }[] = [
  { to: '/analytics', label: 'Analytics', icon: 'chart', alsoActiveOn: '/dashboard' },
  { to: '/obs-extension', label: 'OBS Extension', icon: 'extension' },
  { to: '/sponsorship-offers', label: 'Sponsorship Offers', icon: 'offers' },
  { to: '/archive-chat', label: 'Archive Chat', icon: 'archive' },
  { to: '/earnings', label: 'Earnings', icon: 'earnings' },
  { to: '/help-and-support', label: 'Help and Support', icon: 'help' },
  { to: '/connect-accounts', label: 'Connect Accounts', icon: 'link' },
];

/** SPEC §2: a link is highlighted when the current path contains its path (Analytics also on /dashboard). */
export function isActive(pathname: string, link: { to: string; alsoActiveOn?: string }): boolean {
  return pathname.includes(link.to) || (link.alsoActiveOn !== undefined && pathname.includes(link.alsoActiveOn));
}
