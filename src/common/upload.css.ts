import { style } from '@vanilla-extract/css';
import { vars } from '@/src/theme/theme.css';

// An image upload's file input and the label that stands for it (profile photo, campaign creative).

/** The native file input stays in the page (keyboard and screen readers reach it); its label is the visible button. */
export const fileInput = style({ position: 'absolute', width: 1, height: 1, opacity: 0, overflow: 'hidden' });

export const uploadLabel = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space[2],
  minHeight: 44,
  width: 'fit-content',
  padding: `0 ${vars.space[4]}`,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.dashboardPrimary}`,
  color: vars.color.dashboardPrimary,
  backgroundColor: vars.color.surface,
  fontWeight: vars.fontWeight.semibold,
  cursor: 'pointer',
  selectors: {
    '&:hover': { backgroundColor: vars.color.primarySoft },
    [`${fileInput}:focus-visible + &`]: { outline: `3px solid ${vars.color.focus}`, outlineOffset: 2 },
    '&[data-disabled="true"]': { opacity: 0.6, cursor: 'not-allowed' },
  },
});
