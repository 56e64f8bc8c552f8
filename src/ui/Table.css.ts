import { style } from '@vanilla-extract/css';
import { vars } from '@/src/theme/theme.css';

export const region = style({
  width: '100%',
  maxWidth: '100%',
  overflowX: 'auto',
  WebkitOverflowScrolling: 'touch',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  backgroundColor: vars.color.surface,
  selectors: {
    '&:focus-visible': { outlineOffset: '2px' },
  },
});

export const table = style({
  width: '100%',
  minWidth: 'max-content',
  borderCollapse: 'collapse',
  fontSize: vars.fontSize.sm,
  fontVariantNumeric: 'tabular-nums',
});

export const caption = style({
  padding: `${vars.space[4]} ${vars.space[4]} ${vars.space[2]}`,
  textAlign: 'left',
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.text,
});

export const th = style({
  padding: `${vars.space[3]} ${vars.space[4]}`,
  backgroundColor: vars.color.surfaceAlt,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  letterSpacing: '0.04em',
  textTransform: 'uppercase',
  textAlign: 'left',
  whiteSpace: 'nowrap',
  borderBottom: `1px solid ${vars.color.border}`,
});

export const td = style({
  padding: `${vars.space[4]}`,
  color: vars.color.text,
  whiteSpace: 'nowrap',
  borderBottom: `1px solid ${vars.color.border}`,
  selectors: {
    'tr:last-child > &': { borderBottom: 'none' },
  },
});

export const right = style({ textAlign: 'right' });

/** A table with a wrapping column fits its region; it scrolls only below the wrapping column's own minimum. */
export const fits = style({ minWidth: 0 });

export const wraps = style({ whiteSpace: 'normal', minWidth: '10rem', overflowWrap: 'anywhere' });

export const row = style({
  transition: 'background-color 150ms',
  selectors: {
    '&:hover': { backgroundColor: vars.color.bg },
  },
});

export const empty = style({
  padding: vars.space[8],
  textAlign: 'center',
  color: vars.color.textMuted,
});
