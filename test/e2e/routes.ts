// The routes of spec §2, as the browser tests visit them.
export const publicRoutes = ['/', '/contact-us', '/forgot-password', '/login', '/register'] as const;

export const protectedRoutes = [
  '/dashboard',
  '/analytics',
  '/obs-extension',
  '/help-and-support',
  '/sponsorship-offers',
  '/earnings',
  '/archive-chat',
  '/settings',
  '/set-payout-method',
  '/my-profile',
  '/connect-accounts',
] as const;
