// Build-time configuration of the client (VITE_* variables), with sensible defaults for one-machine use.

/** The API host; empty means the same origin that served the app. */
export const API_HOST = (import.meta.env.VITE_API_HOST ?? '').replace(/\/$/, '');

/** The support address shown on Contact Us and Help and Support. */
export const SUPPORT_EMAIL = import.meta.env.VITE_SUPPORT_EMAIL || 'support@castbridge.app';

/** The product's social accounts, linked from the public footer. */
export const SOCIAL_LINKS = [
  {
    name: 'Facebook',
    icon: 'facebook',
    href: import.meta.env.VITE_SOCIAL_FACEBOOK || 'https://www.facebook.com/castbridge',
  },
  {
    name: 'Instagram',
    icon: 'instagram',
    href: import.meta.env.VITE_SOCIAL_INSTAGRAM || 'https://www.instagram.com/castbridge',
  },
  { name: 'Twitter', icon: 'twitter', href: import.meta.env.VITE_SOCIAL_TWITTER || 'https://twitter.com/castbridge' },
  {
    name: 'YouTube',
    icon: 'youtube',
    href: import.meta.env.VITE_SOCIAL_YOUTUBE || 'https://www.youtube.com/@castbridge',
  },
  { name: 'Twitch', icon: 'twitch', href: import.meta.env.VITE_SOCIAL_TWITCH || 'https://www.twitch.tv/castbridge' },
  { name: 'Discord', icon: 'discord', href: import.meta.env.VITE_SOCIAL_DISCORD || 'https://discord.gg/castbridge' },
] as const;

/** Prefixes a server path such as /uploads/x.webp with the API host (docs/spec.md §7). */
export function apiUrl(path: string): string {
  return /^https?:\/\//.test(path) ? path : `${API_HOST}${path}`;
}
