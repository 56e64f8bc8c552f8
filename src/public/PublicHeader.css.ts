import { keyframes, style } from '@vanilla-extract/css';
import { vars } from '@/src/theme/theme.css';
import { layout, media, zIndex } from '@/src/theme/tokens';

export const header = style({
  position: 'sticky',
  top: 0,
  zIndex: zIndex.header,
  backgroundColor: vars.color.hero,
  color: vars.color.textOnDark,
  transition: `background-color ${vars.motion.fade} ${vars.motion.easing}, box-shadow ${vars.motion.fade}`,
  selectors: {
    // Beyond 900 px of scroll the header takes the dashboard-primary style (docs/spec.md §2, §9).
    '&[data-scrolled="true"]': {
      backgroundColor: vars.color.dashboardPrimary,
      boxShadow: vars.shadow.md,
    },
  },
});

export const inner = style({
  maxWidth: layout.pageMaxWidthPx,
  margin: '0 auto',
  padding: `${vars.space[3]} ${vars.space[4]}`,
  minHeight: 68,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space[4],
  position: 'relative',
  '@media': {
    [media.tablet]: { padding: `${vars.space[3]} ${vars.space[6]}` },
  },
});

export const toggle = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space[2],
  minHeight: 44,
  padding: `0 ${vars.space[3]}`,
  border: `1px solid rgba(255,255,255,0.35)`,
  borderRadius: vars.radius.md,
  background: 'transparent',
  color: 'inherit',
  font: 'inherit',
  fontWeight: vars.fontWeight.semibold,
  cursor: 'pointer',
  '@media': {
    [media.desktop]: { display: 'none' },
  },
});

export const toggleLabel = style({ fontSize: vars.fontSize.sm });

const fadeIn = keyframes({
  from: { opacity: 0, transform: 'translateY(-6px)' },
  to: { opacity: 1, transform: 'none' },
});

export const menu = style({
  '@media': {
    [media.mobileMenu]: {
      display: 'none',
      position: 'absolute',
      top: '100%',
      left: 0,
      right: 0,
      flexDirection: 'column',
      alignItems: 'stretch',
      gap: vars.space[4],
      padding: vars.space[4],
      backgroundColor: vars.color.hero,
      borderTop: '1px solid rgba(255,255,255,0.12)',
      boxShadow: vars.shadow.lg,
    },
    [media.desktop]: {
      display: 'flex',
      alignItems: 'center',
      gap: vars.space[8],
    },
  },
  selectors: {
    '&[data-state="open"], &[data-state="closing"]': {
      '@media': { [media.mobileMenu]: { display: 'flex' } },
    },
    '&[data-state="open"]': {
      '@media': { [media.mobileMenu]: { animation: `${fadeIn} ${vars.motion.fade} ${vars.motion.easing}` } },
    },
    // Closing plays a fade-out of about 500 ms before the machine reaches `closed` (docs/spec.md §2, §9).
    '&[data-state="closing"]': {
      '@media': {
        [media.mobileMenu]: { opacity: 0, transition: `opacity ${vars.motion.menuClose} ease`, pointerEvents: 'none' },
      },
    },
  },
});

export const links = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  gap: vars.space[1],
  '@media': {
    [media.mobileMenu]: { flexDirection: 'column' },
    [media.desktop]: { gap: vars.space[2] },
  },
});

export const navLink = style({
  display: 'flex',
  alignItems: 'center',
  minHeight: 44,
  padding: `0 ${vars.space[3]}`,
  borderRadius: vars.radius.md,
  color: vars.color.textOnDark,
  textDecoration: 'none',
  fontWeight: vars.fontWeight.medium,
  selectors: {
    '&:hover': { backgroundColor: 'rgba(255,255,255,0.1)' },
    '&[aria-current="page"]': { backgroundColor: 'rgba(255,255,255,0.14)' },
  },
});

export const actions = style({
  display: 'flex',
  gap: vars.space[3],
  alignItems: 'center',
  '@media': {
    [media.mobileMenu]: { flexDirection: 'column', alignItems: 'stretch' },
  },
});

export const onDarkGhost = style({
  color: vars.color.textOnDark,
  borderColor: 'rgba(255,255,255,0.5)',
  selectors: { '&:hover': { backgroundColor: 'rgba(255,255,255,0.12)', color: vars.color.textOnDark } },
});
