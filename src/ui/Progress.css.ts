import { style } from '@vanilla-extract/css';
import { vars } from '@/src/theme/theme.css';

export const wrapper = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space[2],
});

export const header = style({
  display: 'flex',
  alignItems: 'baseline',
  justifyContent: 'space-between',
  gap: vars.space[3],
  fontSize: vars.fontSize.sm,
});

export const label = style({
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.text,
});

export const percent = style({
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.primary,
  fontVariantNumeric: 'tabular-nums',
});

export const root = style({
  position: 'relative',
  overflow: 'hidden',
  height: '10px',
  borderRadius: vars.radius.pill,
  backgroundColor: vars.color.surfaceAlt,
  // Safari clips children of rounded overflow boxes only with a stacking context.
  transform: 'translateZ(0)',
});

export const indicator = style({
  width: '100%',
  height: '100%',
  borderRadius: vars.radius.pill,
  background: vars.gradient.cardHorizontal,
  transition: `transform ${vars.motion.fade} ${vars.motion.easing}`,
});
