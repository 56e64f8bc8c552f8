import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '@/src/theme/theme.css';

const base = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space[1],
  padding: 2,
  borderRadius: vars.radius.md,
});

export const group = styleVariants({
  onDark: [base, { color: vars.color.textOnDark, border: '1px solid rgba(255,255,255,0.35)' }],
  onLight: [base, { color: vars.color.text, border: `1px solid ${vars.color.border}` }],
});

export const option = style({
  minHeight: 40,
  padding: `0 ${vars.space[3]}`,
  border: 0,
  borderRadius: vars.radius.sm,
  background: 'transparent',
  color: 'inherit',
  font: 'inherit',
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  cursor: 'pointer',
  selectors: {
    '&[aria-pressed="true"]': { backgroundColor: 'rgba(127,127,127,0.28)', fontWeight: vars.fontWeight.semibold },
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: 2 },
  },
});

/** The switch and, under it without moving the header, why the page did not change language. */
export const wrapper = style({ position: 'relative', display: 'inline-flex' });

const problemBase = style({
  position: 'absolute',
  top: `calc(100% + ${vars.space[1]})`,
  right: 0,
  zIndex: 1,
  width: 'max-content',
  maxWidth: 240,
  margin: 0,
  padding: `${vars.space[1]} ${vars.space[2]}`,
  borderRadius: vars.radius.sm,
  fontSize: vars.fontSize.sm,
  lineHeight: 1.4,
});

export const problem = styleVariants({
  onDark: [problemBase, { backgroundColor: vars.color.surface, color: vars.color.danger }],
  onLight: [
    problemBase,
    { backgroundColor: vars.color.surface, color: vars.color.danger, border: `1px solid ${vars.color.border}` },
  ],
});
