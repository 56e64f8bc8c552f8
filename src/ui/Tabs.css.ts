import { style } from '@vanilla-extract/css';
import { vars } from '@/src/theme/theme.css';

export const root = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space[6],
  minWidth: 0,
});

export const list = style({
  display: 'flex',
  gap: vars.space[1],
  overflowX: 'auto',
  overflowY: 'hidden',
  scrollbarWidth: 'none',
  WebkitOverflowScrolling: 'touch',
  borderBottom: `1px solid ${vars.color.border}`,
  maxWidth: '100%',
  selectors: {
    '&::-webkit-scrollbar': { display: 'none' },
  },
});

/** Wrapping onto more lines: nothing out of sight, each line ruled like the strip's one. */
export const wraps = style({
  flexWrap: 'wrap',
  overflowX: 'visible',
  rowGap: 0,
});

export const trigger = style({
  position: 'relative',
  flexShrink: 0,
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space[2],
  minHeight: '44px',
  padding: `${vars.space[2]} ${vars.space[4]}`,
  border: 'none',
  borderRadius: `${vars.radius.sm} ${vars.radius.sm} 0 0`,
  background: 'transparent',
  color: vars.color.textMuted,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.medium,
  whiteSpace: 'nowrap',
  cursor: 'pointer',
  transition: 'color 150ms, background-color 150ms',
  selectors: {
    '&::after': {
      content: '""',
      position: 'absolute',
      left: vars.space[2],
      right: vars.space[2],
      bottom: 0,
      height: '3px',
      borderRadius: '3px 3px 0 0',
      backgroundColor: 'transparent',
      transition: 'background-color 150ms',
    },
    '&:hover': { color: vars.color.text, backgroundColor: vars.color.surfaceAlt },
    '&[data-state="active"]': { color: vars.color.primary, fontWeight: vars.fontWeight.semibold },
    '&[data-state="active"]::after': { backgroundColor: vars.color.primary },
    // A wrapping strip's tabs are closer together: more of them share a line.
    [`${wraps} > &`]: { paddingLeft: vars.space[3], paddingRight: vars.space[3] },
    // The strip scrolls, so draw the ring inside the trigger where it cannot be clipped.
    '&:focus-visible': { outlineOffset: '-3px' },
    '&[data-disabled]': { opacity: 0.5, cursor: 'not-allowed' },
  },
});

export const content = style({
  minWidth: 0,
  selectors: {
    '&:focus-visible': { outlineOffset: '4px', borderRadius: vars.radius.sm },
  },
});
