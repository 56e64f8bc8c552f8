import { style } from '@vanilla-extract/css';
import { vars } from '@/src/theme/theme.css';
import { media, zIndex } from '@/src/theme/tokens';

export const SIDE_MENU_WIDTH = 264;

export const backdrop = style({
  display: 'none',
  '@media': {
    [media.mobileMenu]: {
      position: 'fixed',
      inset: 0,
      zIndex: zIndex.overlay,
      backgroundColor: vars.color.overlay,
    },
  },
  selectors: {
    '&[data-state="open"]': { '@media': { [media.mobileMenu]: { display: 'block' } } },
  },
});

export const panel = style({
  position: 'fixed',
  top: 0,
  bottom: 0,
  left: 0,
  width: SIDE_MENU_WIDTH,
  maxWidth: '86vw',
  zIndex: zIndex.sideMenu,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space[6],
  padding: `${vars.space[5]} ${vars.space[4]}`,
  overflowY: 'auto',
  backgroundColor: vars.color.dashboardPrimary,
  color: vars.color.textOnPrimary,
  '@media': {
    [media.mobileMenu]: {
      zIndex: zIndex.dialog,
      transform: 'translateX(-100%)',
      visibility: 'hidden',
      boxShadow: vars.shadow.lg,
      transition: `transform ${vars.motion.fade} ${vars.motion.easing}, visibility 0s linear ${vars.motion.fade}`,
    },
  },
  selectors: {
    '&[data-state="open"]': {
      '@media': {
        [media.mobileMenu]: {
          transform: 'none',
          visibility: 'visible',
          transition: `transform ${vars.motion.fade} ${vars.motion.easing}, visibility 0s`,
        },
      },
    },
  },
});

export const top = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space[3],
  minHeight: 44,
  paddingLeft: vars.space[2],
});

export const close = style({
  display: 'none',
  alignItems: 'center',
  justifyContent: 'center',
  width: 44,
  height: 44,
  border: '1px solid rgba(255,255,255,0.4)',
  borderRadius: vars.radius.md,
  background: 'transparent',
  color: 'inherit',
  cursor: 'pointer',
  '@media': {
    [media.mobileMenu]: { display: 'inline-flex' },
  },
  selectors: { '&:hover': { backgroundColor: 'rgba(255,255,255,0.12)' } },
});

export const links = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space[1],
});

export const link = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space[3],
  minHeight: 46,
  padding: `0 ${vars.space[3]}`,
  borderRadius: vars.radius.md,
  color: vars.color.textOnPrimary,
  textDecoration: 'none',
  fontWeight: vars.fontWeight.medium,
  transition: `background-color 120ms ease`,
  selectors: {
    '&:hover': { backgroundColor: 'rgba(255,255,255,0.12)' },
    '&[data-active="true"]': {
      backgroundColor: vars.color.surface,
      color: vars.color.dashboardPrimary,
      fontWeight: vars.fontWeight.semibold,
      boxShadow: vars.shadow.sm,
    },
  },
});
