import { style } from '@vanilla-extract/css';
import { vars } from '@/src/theme/theme.css';

export const group = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space[3],
  border: 'none',
  margin: 0,
  padding: 0,
  minWidth: 0,
});

export const groupLabel = style({
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.text,
});

export const list = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space[3],
  selectors: {
    '&[aria-orientation="horizontal"]': { flexDirection: 'row', flexWrap: 'wrap', columnGap: vars.space[5] },
  },
});

export const cards = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 200px), 1fr))',
  gap: vars.space[3],
});

export const listOption = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space[3],
  cursor: 'pointer',
});

export const card = style({
  position: 'relative',
  display: 'flex',
  alignItems: 'center',
  gap: vars.space[4],
  minHeight: '72px',
  padding: vars.space[4],
  border: `1.5px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  backgroundColor: vars.color.surface,
  cursor: 'pointer',
  transition: 'border-color 150ms, background-color 150ms, box-shadow 150ms',
  selectors: {
    '&:hover': { borderColor: vars.color.primary },
    // :has(:checked) follows a native input's own state, also before the page hydrates (RadioGroup `native`).
    '&[data-checked="true"], &:has(input[type="radio"]:checked)': {
      borderColor: vars.color.primary,
      backgroundColor: vars.color.primarySoft,
      boxShadow: `inset 0 0 0 1px ${vars.color.primary}`,
    },
    '&:has(:focus-visible)': {
      outline: `3px solid ${vars.color.focus}`,
      outlineOffset: '2px',
    },
    '&[data-disabled="true"]': { opacity: 0.5, cursor: 'not-allowed' },
  },
});

export const cardIcon = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  width: '44px',
  height: '44px',
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.surfaceAlt,
  color: vars.color.primary,
  selectors: {
    [`${card}[data-checked="true"] &, ${card}:has(input[type="radio"]:checked) &`]: {
      backgroundColor: vars.color.surface,
    },
  },
});

export const optionText = style({
  display: 'flex',
  flexDirection: 'column',
  gap: '2px',
  flex: 1,
  minWidth: 0,
});

export const optionLabel = style({
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.text,
});

export const optionDescription = style({
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});

export const item = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  width: '22px',
  height: '22px',
  marginTop: '1px',
  padding: 0,
  border: `1.5px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.pill,
  backgroundColor: vars.color.surface,
  cursor: 'pointer',
  selectors: {
    '&[data-state="checked"]': { borderColor: vars.color.primary },
    [`${card} &:focus-visible`]: { outline: 'none' },
    [`${card} &`]: { order: 3, marginTop: 0 },
  },
});

export const indicator = style({
  display: 'block',
  width: '10px',
  height: '10px',
  borderRadius: vars.radius.pill,
  backgroundColor: vars.color.primary,
});

/** The browser's radio input drawn like `item` with its `indicator` (RadioGroup `native`). */
export const nativeItem = style({
  appearance: 'none',
  flexShrink: 0,
  width: '22px',
  height: '22px',
  margin: 0,
  marginTop: '1px',
  border: `1.5px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.pill,
  backgroundColor: vars.color.surface,
  cursor: 'pointer',
  selectors: {
    '&:checked': {
      borderColor: vars.color.primary,
      backgroundImage: `radial-gradient(circle, ${vars.color.primary} 0 5px, transparent 5.5px)`,
    },
    '&:disabled': { cursor: 'not-allowed' },
    [`${card} &:focus-visible`]: { outline: 'none' },
    [`${card} &`]: { order: 3, marginTop: 0 },
  },
});
