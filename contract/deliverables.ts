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
 * The longest chat message each platform takes, in characters (UTF-16 code units, which is never fewer than the
 * platforms count): Twitch's Send Chat Message 500 (https://dev.twitch.tv/docs/api/reference/#send-chat-message), a
 * YouTube live chat message 200 (https://developers.google.com/youtube/v3/live/docs/liveChatMessages, over it
 * liveChatMessages.insert answers 400 messageTextInvalid).
 */
export const CHAT_LINE_MAX = { twitch: 500, youtube: 200 } as const;

/**
 * The bot's line within `max` characters: the sponsor's message shortened (ending in …) so that the tracked link and
 * #ad always stay whole; null when even the link and #ad do not fit.
 */
export function fitBotLine(message: string, link: string | null, max: number): string | null {
  const whole = botLine(message, link);
  if (whole.length <= max) return whole;
  const tail = botLine('', link);
  // Room for the message, its "…" and the space before the tail.
  const room = max - tail.length - 2;
  if (room < 1) return null;
  let kept = '';
  for (const char of message.trim()) {
    if (kept.length + char.length > room) break;
    kept += char;
  }
  kept = kept.trimEnd();
  return kept ? `${kept}… ${tail}` : tail.length <= max ? tail : null;
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

/**
 * Why a sponsor's chat line cannot be posted as it is, or null: a line break or another control character would let
 * it smuggle a second IRC command or message, and a leading "/" or "." makes the chat read it as a command (/ban,
 * .timeout). Checked when a campaign is saved and again before each post.
 */
export function chatLineProblem(message: string): string | null {
  if (/[\r\n\u2028\u2029\u0085]/.test(message)) return 'must be one line: no line breaks';
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(message)) return 'must not contain control characters';
  if (/^[/.]/.test(message.trim())) return 'must not start with / or . (the chat would read it as a command)';
  return null;
}

/** Control characters in a URL: refused at save, since browsers and URL parsers drop or keep them differently. */
// eslint-disable-next-line no-control-regex
export const URL_CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\s]/;
