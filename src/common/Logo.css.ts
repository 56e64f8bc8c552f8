import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '@/src/theme/theme.css';

const base = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space[2],
  textDecoration: 'none',
  fontWeight: vars.fontWeight.bold,
  fontSize: vars.fontSize.xl,
  letterSpacing: '-0.02em',
  borderRadius: vars.radius.sm,
});

export const logo = styleVariants({
  onDark: [base, { color: vars.color.textOnDark }],
  onLight: [base, { color: vars.color.text }],
});

export const mark = style({ flexShrink: 0, display: 'block' });
export const name = style({ lineHeight: 1 });
