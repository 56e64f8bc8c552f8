// Plain design tokens (no CSS) shared by styles and by code that needs the same numbers (spec §9).

/** Layout breakpoints in px: 768 switches card gradients to horizontal, 992 is the mobile-menu limit. */
export const breakpoints = { tablet: 768, menu: 992 } as const;

/** Motion durations in ms: 300 ms fades, 500 ms menu close (spec §9). */
export const motion = { fadeMs: 300, menuCloseMs: 500 } as const;

/** Media queries built from the breakpoints; desktop starts just above the 992 px menu limit. */
export const media = {
  tablet: `screen and (min-width: ${breakpoints.tablet}px)`,
  desktop: `screen and (min-width: ${breakpoints.menu + 1}px)`,
  mobileMenu: `screen and (max-width: ${breakpoints.menu}px)`,
} as const;

export const reducedMotion = '(prefers-reduced-motion: reduce)';

/** Stacking order, lowest first. */
export const zIndex = {
  header: 20,
  sideMenu: 30,
  overlay: 40,
  dialog: 50,
  popover: 60,
  loading: 70,
} as const;
