import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '@/src/theme/theme.css';

const base = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space[3],
  padding: `${vars.space[3]} ${vars.space[4]}`,
  borderRadius: vars.radius.md,
  borderLeft: '4px solid currentColor',
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  lineHeight: vars.lineHeight.normal,
});

export const alert = styleVariants({
  error: [base, { backgroundColor: vars.color.dangerBg, color: vars.color.danger }],
  success: [base, { backgroundColor: vars.color.successBg, color: vars.color.success }],
  info: [base, { backgroundColor: vars.color.infoBg, color: vars.color.info }],
  warning: [base, { backgroundColor: vars.color.warningBg, color: vars.color.warning }],
});

export const icon = style({
  marginTop: '1px',
});

export const body = style({
  flex: 1,
  minWidth: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: '2px',
});

export const title = style({
  fontWeight: vars.fontWeight.bold,
});

export const dismiss = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  width: '32px',
  height: '32px',
  margin: '-6px -8px -6px 0',
  border: 'none',
  borderRadius: vars.radius.pill,
  background: 'transparent',
  color: 'inherit',
  cursor: 'pointer',
  selectors: {
    '&:hover': { backgroundColor: 'rgba(23, 19, 58, 0.08)' },
  },
});
