import { keyframes, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '@/src/theme/theme.css';
import { reducedMotion, zIndex } from '@/src/theme/tokens';

const spin = keyframes({ to: { transform: 'rotate(360deg)' } });
const pulse = keyframes({ '0%, 100%': { opacity: 1 }, '50%': { opacity: 0.45 } });
const fadeIn = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } });

export const wrapper = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
});

const ringBase = style({
  display: 'inline-block',
  borderRadius: '50%',
  border: `3px solid ${vars.color.primarySoft}`,
  borderTopColor: vars.color.primary,
  animation: `${spin} 0.8s linear infinite`,
  '@media': {
    // The global reduced-motion rule would freeze it mid-turn; pulse slowly instead so it still reads as busy.
    [reducedMotion]: {
      animation: `${pulse} 2s ease-in-out infinite !important`,
      animationDuration: '2s !important',
      animationIterationCount: 'infinite !important',
    },
  },
});

export const ring = styleVariants({
  sm: [ringBase, { width: '18px', height: '18px', borderWidth: '2px' }],
  md: [ringBase, { width: '28px', height: '28px' }],
  lg: [ringBase, { width: '48px', height: '48px', borderWidth: '4px' }],
});

export const overlay = style({
  position: 'fixed',
  inset: 0,
  zIndex: zIndex.loading,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space[4],
  backgroundColor: 'rgba(246, 245, 251, 0.78)',
  backdropFilter: 'blur(3px)',
  animation: `${fadeIn} ${vars.motion.fade} ${vars.motion.easing}`,
});

export const overlayCard = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space[4],
  padding: `${vars.space[6]} ${vars.space[8]}`,
  borderRadius: vars.radius.lg,
  backgroundColor: vars.color.surface,
  boxShadow: vars.shadow.lg,
});

export const overlayLabel = style({
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.text,
});
