// The overlay for OBS (docs/product.md §The overlay for OBS): the choices a creator has, the page's timings, and how its URL is built. Plain
// data, shared by the server, the dashboard and the overlay page (which must stay small: no zod here).
import type { Locale } from './locales.ts';

export const OVERLAY_POSITIONS = ['top-left', 'top-right', 'bottom-left', 'bottom-right'] as const;
export type OverlayPosition = (typeof OVERLAY_POSITIONS)[number];

/** The region's width as a percentage of the scene's width. */
export const OVERLAY_SIZES = [20, 25, 30, 40, 50] as const;
export type OverlaySize = (typeof OVERLAY_SIZES)[number];

/** Seconds each creative stays before the next one (default 20 s). */
export const ROTATION_CHOICES = [10, 15, 20, 30, 45, 60] as const;
export type RotationSeconds = (typeof ROTATION_CHOICES)[number];

export const OVERLAY_DEFAULTS = {
  enabled: true,
  position: 'bottom-right',
  size: 25,
  rotationSeconds: 20,
} as const satisfies {
  enabled: boolean;
  position: OverlayPosition;
  size: OverlaySize;
  rotationSeconds: RotationSeconds;
};

/** The page reports what it displayed every HEARTBEAT_SECONDS; one heartbeat claims at most MAX_BEAT_SECONDS. */
export const HEARTBEAT_SECONDS = 15;
export const MAX_BEAT_SECONDS = 60;

/** The overlay page's path for a token (the browser source URL is the site's origin + this). */
export const overlayPath = (token: string): string => `/overlay/${token}`;

/**
 * The word that says a creative is paid for, in the creator's language (issue 49): the overlay shows it before a
 * campaign's disclosure that does not already say it ("Patrocinado · Sponsored by Nova Energy" to a Spanish-speaking
 * audience; "Sponsored by Nova Energy" alone in English). The advertiser's disclosure stays as written. Both languages
 * here, beside the state: the overlay page is a few kilobytes of plain DOM and loads no catalogue.
 */
export const SPONSORED: Record<Locale, string> = { en: 'Sponsored', 'es-MX': 'Patrocinado' };

/** Whether a disclosure already says the word (any case, accents aside): "Sponsored by Nova Energy" says "Sponsored". */
export function disclosureSays(disclosure: string, word: string): boolean {
  const plain = (text: string) =>
    text
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLocaleLowerCase();
  return plain(disclosure).includes(plain(word));
}

/** What the overlay page shows: sent in full on every connect and on every change. */
export interface OverlayCreative {
  offerId: string;
  brand: string;
  title: string;
  /** The campaign's creative image (`/uploads/…`), or null: the page shows the brand as text then. */
  image: string | null;
  /** The disclosure label the campaign requires ("Sponsored by Nova Energy"). */
  disclosure: string;
}

export interface OverlayState {
  /** Raised on every change: the SSE event id. */
  version: number;
  enabled: boolean;
  /** The creator's language (`users.locale`): the one their audience reads, so the overlay's own word is in it. */
  locale: Locale;
  position: OverlayPosition;
  size: OverlaySize;
  rotationSeconds: RotationSeconds;
  creatives: OverlayCreative[];
}

// --- Verified delivery (docs/product.md §Verified delivery) ------------------------------------------------------

/**
 * What the overlay page says of where it runs, every HEARTBEAT_SECONDS (POST /api/overlay/presence): only `program`
 * (OBS shows the source on its Program output and reports streaming) ever counts.
 */
export const HOST_STATES = ['program', 'not_streaming', 'not_program', 'browser'] as const;
export type HostState = (typeof HOST_STATES)[number];

/** How a claimed minute was settled against the platform. */
export const MINUTE_STATUSES = ['pending', 'verified', 'offline', 'undisclosed', 'no_sample'] as const;
export type MinuteStatus = (typeof MINUTE_STATUSES)[number];

/** Why claimed seconds did not count, as the creator and the brand read it. */
export const MINUTE_STATUS_TEXT: Record<Exclude<MinuteStatus, 'verified'>, string> = {
  pending: 'waiting for the platform to confirm',
  offline: 'not verified: your channel was offline',
  undisclosed: 'not verified: the stream was not disclosed as sponsored',
  no_sample: 'not verified: the platform gave no viewer count',
};

/**
 * Why the overlay is not being counted right now (GET /api/overlay/status), in the order they are checked; the
 * OBS Extension screen shows the first that applies, with what to do about it (worded by src/overlay/messages).
 */
export const COUNTING_REASONS = [
  'switched_off',
  'no_offer',
  'no_channel',
  'no_page',
  'browser',
  'not_program',
  'not_streaming',
  'offline',
  'undisclosed',
] as const;
export type CountingReason = (typeof COUNTING_REASONS)[number];

/** Epoch ms after which a page that has not reported is taken as closed. */
export const PRESENCE_TIMEOUT_SECONDS = 45;
