// Deliverables beyond the overlay (docs/product.md §Deliverables): tracked-link clicks, chat messages posted by
// Castbridge's bot, promo-code redemptions, and the brand's report. Plain constants and helpers without zod, shared by
// the client and the server.

export const DELIVERABLE_KINDS = ['overlay', 'link', 'chat', 'promo'] as const;
export type DeliverableKind = (typeof DELIVERABLE_KINDS)[number];

export const DELIVERABLE_LIMITS = {
  /** The brand's URL the tracked link sends to (http or https). */
  linkUrl: 2000,
  maxClicks: 10_000_000,
  /** The sponsor's message; the bot adds the tracked link and the disclosure (Twitch allows 500 characters). */
  chatMessage: 300,
  minEveryMinutes: 5,
  maxEveryMinutes: 240,
  maxPosts: 10_000,
  maxRedemptions: 1_000_000,
  /** Pay per click: 1 cent to $100 a click. */
  minPerClickCents: 1,
  maxPerClickCents: 10_000,
  promoCode: 40,
  orderId: 200,
  /** Rows of one redemptions CSV upload. */
  csvRows: 10_000,
  shareLabel: 100,
} as const;

/** A chat command without its "!": lower-case letters, digits and underscores. */
export const CHAT_COMMAND_PATTERN = /^[a-z0-9_]{1,25}$/;
/** A promo code as a shop writes it: letters, digits, - and _. */
export const PROMO_CODE_PATTERN = /^[A-Za-z0-9_-]{3,40}$/;

/** Every message the bot posts carries the disclosure. */
export const AD_DISCLOSURE = '#ad';

/** The line the bot posts: the sponsor's message, the offer's tracked link when the campaign has one, and #ad. */
export function botLine(message: string, link: string | null): string {
  return [message.trim(), link, AD_DISCLOSURE].filter((part): part is string => Boolean(part)).join(' ');
}

/**
 * Twitch's chat limits for an account that is not a moderator of the channel (docs/product.md §The chat bot): 20
 * messages per 30 seconds. The bot keeps to them per channel and for its account as a whole.
 */
export const TWITCH_CHAT_LIMIT = { messages: 20, windowMs: 30_000 } as const;

/** Why a click did not count (offer_days' columns). */
export const CLICK_REFUSALS = ['bot', 'repeat', 'limited', 'inactive'] as const;
export type ClickRefusal = (typeof CLICK_REFUSALS)[number];

/** The UTM parameters a tracked link adds to the brand's URL (those the brand set itself are kept). */
export const UTM = { source: 'castbridge', medium: 'stream' } as const;

/** Short-link codes: 8 characters of this alphabet (≈ 47 bits). */
export const LINK_CODE_ALPHABET = 'abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const LINK_CODE_PATTERN = /^[a-km-zA-HJ-NP-Z2-9]{8}$/;

/** The redemption key a shop's server sends (`Authorization: Bearer cbr_…`). */
export const REDEMPTION_KEY_PREFIX = 'cbr_';
