// Plain design tokens (no CSS) shared by styles and by code that needs the same numbers (spec §9). Layout numbers
// live here only; durations that a statechart also waits for come from machines/timing.ts.
import { FADE_MS, MENU_CLOSE_MS } from '@/machines/timing';

/** Layout breakpoints in px: 768 switches card gradients to horizontal, 992 is the mobile-menu limit. */
export const breakpoints = { tablet: 768, menu: 992 } as const;

/** Motion durations in ms: 300 ms fades, 500 ms menu close (spec §9). */
export const motion = { fadeMs: FADE_MS, menuCloseMs: MENU_CLOSE_MS } as const;

/** Layout numbers of the spec (§2, §9). */
export const layout = {
  /** The public header takes the dashboard-primary style beyond this scroll position. */
  headerScrollThresholdPx: 900,
  /** Content column of the public pages. */
  pageMaxWidthPx: 1200,
  /** The Connect Accounts cards are at least this tall. */
  connectCardMinHeightPx: 600,
} as const;

/** Media queries built from the breakpoints; desktop starts just above the 992 px menu limit. */
export const media = {
  tablet: `screen and (min-width: ${breakpoints.tablet}px)`,
  desktop: `screen and (min-width: ${breakpoints.menu + 1}px)`,
  mobileMenu: `screen and (max-width: ${breakpoints.menu}px)`,
} as const;

export const reducedMotion = '(prefers-reduced-motion: reduce)';

/** Dialog widths in px; `confirm` is the spec's 420 px limit of the logout modal and the delete dialog (§2, §9). */
export const dialogWidths = { confirm: 420, narrow: 460, form: 480, wide: 520, bank: 560 } as const;
export type DialogWidth = keyof typeof dialogWidths;

/** Stacking order, lowest first. */
export const zIndex = {
  header: 20,
  sideMenu: 30,
  overlay: 40,
  dialog: 50,
  popover: 60,
  loading: 70,
} as const;
