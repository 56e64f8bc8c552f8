// The spec's timed constants and limits (SPEC §9). Machines name their delays; the values live here.

/** Public header takes the dashboard-primary style beyond this scroll position. */
export const HEADER_SCROLL_THRESHOLD_PX = 900;
/** The public menu collapses behind a toggle at this width or less. */
export const MOBILE_MENU_MAX_WIDTH_PX = 992;
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
/** Client default minimum password length before the server's policy is known. */
export const DEFAULT_MIN_PASSWORD_LENGTH = 6;
/** Fixed notification count label. */
export const NOTIFICATION_COUNT = 3;
/** Logout modal and delete dialog maximum width. */
export const CONFIRM_DIALOG_MAX_WIDTH_PX = 420;
/** Progress of the profile completion steps. */
export const COMPLETION_PROGRESS = [50, 100] as const;
/** Copyright year shown in the public footer. */
export const COPYRIGHT_YEAR = 2024;
