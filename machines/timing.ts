// The spec's delays (docs/spec.md §9). Machines name their delays; the values live here, and styles that animate in step
// with a machine (the menu fade, the card fade) read the same numbers through the theme's motion tokens.

/** Closing the collapsed public menu plays a fade-out of about this long. */
export const MENU_CLOSE_MS = 500;
/** Registration wizard: Continue waits this long for the step animation. */
export const STEP_ANIMATION_MS = 1000;
/** Notifications Clear All: each card starts fading this long after the previous one. */
export const CLEAR_ALL_STAGGER_MS = 100;
/** Notifications Clear All: a card is hidden this long after its fade starts. */
export const CARD_HIDE_AFTER_FADE_MS = 1500;
/** Analytics warning stays this long, then fades. */
export const ANALYTICS_WARNING_MS = 10_000;
/** Analytics warning fade and the offers tab strip scroll animation. */
export const FADE_MS = 300;
export const TAB_SCROLL_MS = 300;
/** Loader hidden this long after a profile update succeeds or a photo upload ends. */
export const LOADER_HIDE_MS = 1000;
/** Notifications modal: relative times ("5 min ago") are brought up to date this often while it is open. */
export const RELATIVE_TIME_TICK_MS = 60_000;
/**
 * Live events: after the stream fails, the client waits this long before asking a new ticket, the n-th failure in a
 * row waiting the n-th value (the last one repeats); a connection that opens starts the sequence again.
 */
export const LIVE_RECONNECT_MS = [1000, 2000, 5000, 10_000, 30_000] as const;
