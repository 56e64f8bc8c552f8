import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '@/src/theme/theme.css';

const base = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space[1],
  minHeight: '26px',
  padding: `2px ${vars.space[3]}`,
  borderRadius: vars.radius.pill,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  lineHeight: vars.lineHeight.tight,
  letterSpacing: '0.01em',
  whiteSpace: 'nowrap',
  // Never stretch inside a flex column.
  width: 'fit-content',
  maxWidth: '100%',
  selectors: {
    '&::before': {
      content: '""',
      width: '6px',
      height: '6px',
      borderRadius: '50%',
      backgroundColor: 'currentColor',
    },
  },
});

export const chip = styleVariants({
  success: [base, { backgroundColor: vars.color.successBg, color: vars.color.success }],
  warning: [base, { backgroundColor: vars.color.warningBg, color: vars.color.warning }],
  neutral: [base, { backgroundColor: vars.color.surfaceAlt, color: vars.color.textMuted }],
  info: [base, { backgroundColor: vars.color.infoBg, color: vars.color.info }],
  danger: [base, { backgroundColor: vars.color.dangerBg, color: vars.color.danger }],
});
