import { keyframes, style } from '@vanilla-extract/css';
import { vars } from '@/src/theme/theme.css';
import { zIndex } from '@/src/theme/tokens';

const fadeIn = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } });
const fadeOut = keyframes({ from: { opacity: 1 }, to: { opacity: 0 } });
const popIn = keyframes({
  from: { opacity: 0, transform: 'translate(-50%, -48%) scale(0.97)' },
  to: { opacity: 1, transform: 'translate(-50%, -50%) scale(1)' },
});
const popOut = keyframes({
  from: { opacity: 1, transform: 'translate(-50%, -50%) scale(1)' },
  to: { opacity: 0, transform: 'translate(-50%, -48%) scale(0.97)' },
});

export const overlay = style({
  position: 'fixed',
  inset: 0,
  zIndex: zIndex.overlay,
  backgroundColor: vars.color.overlay,
  backdropFilter: 'blur(2px)',
  selectors: {
    '&[data-state="open"]': { animation: `${fadeIn} ${vars.motion.fade} ${vars.motion.easing}` },
    '&[data-state="closed"]': { animation: `${fadeOut} ${vars.motion.fade} ${vars.motion.easing} forwards` },
  },
});

export const content = style({
  position: 'fixed',
  top: '50%',
  left: '50%',
  zIndex: zIndex.dialog,
  transform: 'translate(-50%, -50%)',
  display: 'flex',
  flexDirection: 'column',
  width: 'calc(100vw - 32px)',
  maxWidth: '520px',
  maxHeight: 'calc(100dvh - 32px)',
  backgroundColor: vars.color.surface,
  color: vars.color.text,
  borderRadius: vars.radius.xl,
  boxShadow: vars.shadow.lg,
  overflow: 'hidden',
  selectors: {
    '&[data-state="open"]': { animation: `${popIn} ${vars.motion.fade} ${vars.motion.easing}` },
    '&[data-state="closed"]': { animation: `${popOut} ${vars.motion.fade} ${vars.motion.easing} forwards` },
    '&:focus-visible': { outline: 'none' },
  },
});

export const header = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space[3],
  padding: `${vars.space[6]} ${vars.space[6]} ${vars.space[2]}`,
  '@media': {
    'screen and (max-width: 480px)': { padding: `${vars.space[5]} ${vars.space[5]} ${vars.space[2]}` },
  },
  selectors: {
    '&[data-has-close="true"]': { paddingRight: '64px' },
  },
});

export const headings = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space[2],
  flex: 1,
  minWidth: 0,
});

export const title = style({
  margin: 0,
  fontSize: vars.fontSize.xl,
  fontWeight: vars.fontWeight.bold,
  lineHeight: vars.lineHeight.tight,
  color: vars.color.text,
  overflowWrap: 'anywhere',
});

export const description = style({
  margin: 0,
  fontSize: vars.fontSize.md,
  color: vars.color.textMuted,
});

export const close = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  position: 'absolute',
  top: vars.space[4],
  right: vars.space[4],
  width: '40px',
  height: '40px',
  border: 'none',
  borderRadius: vars.radius.pill,
  background: 'transparent',
  color: vars.color.textMuted,
  cursor: 'pointer',
  transition: 'background-color 150ms, color 150ms',
  selectors: {
    '&:hover': { backgroundColor: vars.color.surfaceAlt, color: vars.color.text },
  },
});

export const body = style({
  flex: '1 1 auto',
  minHeight: 0,
  overflowY: 'auto',
  overscrollBehavior: 'contain',
  padding: `${vars.space[4]} ${vars.space[6]} ${vars.space[6]}`,
  '@media': {
    'screen and (max-width: 480px)': { padding: `${vars.space[4]} ${vars.space[5]} ${vars.space[5]}` },
  },
});

export const footer = style({
  display: 'flex',
  flexWrap: 'wrap-reverse',
  justifyContent: 'flex-end',
  gap: vars.space[3],
  padding: `${vars.space[4]} ${vars.space[6]}`,
  borderTop: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.bg,
  '@media': {
    'screen and (max-width: 480px)': {
      padding: `${vars.space[4]} ${vars.space[5]}`,
      flexDirection: 'column-reverse',
      alignItems: 'stretch',
    },
  },
});

/** Alert dialogs: centred, compact, buttons side by side. */
export const alertContent = style([content, { maxWidth: '420px', textAlign: 'center' }]);

export const alertBody = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space[3],
  padding: `${vars.space[8]} ${vars.space[6]} ${vars.space[6]}`,
  overflowY: 'auto',
});

export const alertIcon = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '56px',
  height: '56px',
  borderRadius: vars.radius.pill,
  marginBottom: vars.space[1],
  selectors: {
    '&[data-tone="danger"]': { backgroundColor: vars.color.dangerBg, color: vars.color.danger },
    '&[data-tone="primary"]': { backgroundColor: vars.color.primarySoft, color: vars.color.primary },
  },
});

/** Extra content of an alert dialog (a confirming field): left-aligned, inside the panel's padding. */
export const alertExtra = style({
  display: 'grid',
  gap: vars.space[3],
  padding: `0 ${vars.space[6]} ${vars.space[5]}`,
  textAlign: 'left',
});

export const alertActions = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: vars.space[3],
  padding: `0 ${vars.space[6]} ${vars.space[6]}`,
  '@media': {
    'screen and (max-width: 360px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
});
