import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '@/src/theme/theme.css';

const base = style({
  position: 'relative',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  overflow: 'hidden',
  borderRadius: vars.radius.pill,
  backgroundColor: vars.color.primarySoft,
  color: vars.color.primary,
  fontWeight: vars.fontWeight.semibold,
  userSelect: 'none',
  verticalAlign: 'middle',
});

export const root = styleVariants({
  sm: [base, { width: '32px', height: '32px', fontSize: vars.fontSize.xs }],
  md: [base, { width: '40px', height: '40px', fontSize: vars.fontSize.sm }],
  lg: [base, { width: '56px', height: '56px', fontSize: vars.fontSize.lg }],
  xl: [base, { width: '112px', height: '112px', fontSize: vars.fontSize.xxxl }],
});

export const image = style({
  width: '100%',
  height: '100%',
  objectFit: 'cover',
});

export const fallback = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '100%',
  height: '100%',
  textTransform: 'uppercase',
  letterSpacing: '0.02em',
});
