import { style } from '@vanilla-extract/css';
import { vars } from '@/src/theme/theme.css';
import { media, reducedMotion, zIndex } from '@/src/theme/tokens';

export const header = style({
  position: 'sticky',
  top: 0,
  zIndex: zIndex.header,
  display: 'flex',
  alignItems: 'center',
  gap: vars.space[3],
  minHeight: 72,
  padding: `${vars.space[3]} ${vars.space[4]}`,
  backgroundColor: vars.color.surface,
  borderBottom: `1px solid ${vars.color.border}`,
  '@media': {
    [media.tablet]: { padding: `${vars.space[3]} ${vars.space[6]}`, gap: vars.space[4] },
  },
});

export const menuToggle = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  width: 44,
  height: 44,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.text,
  cursor: 'pointer',
  '@media': {
    [media.desktop]: { display: 'none' },
  },
});

export const welcome = style({ minWidth: 0, flex: 1 });

// On phones the two lines wrap rather than truncate: the welcome and the updates line must stay readable.
export const welcomeLine = style({
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.bold,
  lineHeight: vars.lineHeight.tight,
  overflowWrap: 'anywhere',
  '@media': { [media.tablet]: { fontSize: vars.fontSize.xl } },
});

export const updates = style({
  fontSize: vars.fontSize.xs,
  lineHeight: vars.lineHeight.tight,
  marginTop: 2,
  color: vars.color.textMuted,
  '@media': { [media.tablet]: { fontSize: vars.fontSize.sm } },
});

export const actions = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space[1],
  flexShrink: 0,
  '@media': { [media.tablet]: { gap: vars.space[2] } },
});

export const iconButton = style({
  position: 'relative',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: 44,
  height: 44,
  border: 'none',
  borderRadius: vars.radius.pill,
  background: vars.color.surfaceAlt,
  color: vars.color.text,
  cursor: 'pointer',
  textDecoration: 'none',
  selectors: { '&:hover': { backgroundColor: vars.color.primarySoft, color: vars.color.dashboardPrimary } },
});

// The icon buttons' visible names (issue 48 item 22): shown under the icon on hover and on keyboard focus, after a
// short delay, end-aligned so that the last icon's name stays on a 375 px screen. The control's accessible name is
// its aria-label; this says the same words to people who see only the icon.
export const tip = style({
  position: 'absolute',
  top: 'calc(100% + 6px)',
  right: 0,
  zIndex: zIndex.popover,
  padding: `${vars.space[1]} ${vars.space[2]}`,
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.text,
  color: vars.color.surface,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.medium,
  lineHeight: vars.lineHeight.tight,
  whiteSpace: 'nowrap',
  pointerEvents: 'none',
  visibility: 'hidden',
  opacity: 0,
  transition: 'opacity 120ms ease, visibility 0s linear 120ms',
  selectors: {
    [`${iconButton}:hover > &, ${iconButton}:focus-visible > &`]: {
      visibility: 'visible',
      opacity: 1,
      transition: 'opacity 120ms ease 300ms, visibility 0s linear 300ms',
    },
  },
  '@media': { [reducedMotion]: { transition: 'none' } },
});

export const badge = style({
  position: 'absolute',
  top: 10,
  right: 11,
  width: 9,
  height: 9,
  borderRadius: vars.radius.pill,
  backgroundColor: vars.color.accent,
  border: `2px solid ${vars.color.surfaceAlt}`,
});

export const chevron = style({ display: 'none', '@media': { [media.tablet]: { display: 'block' } } });

export const profileTrigger = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space[2],
  minHeight: 44,
  padding: `2px ${vars.space[1]} 2px 2px`,
  border: 'none',
  borderRadius: vars.radius.pill,
  background: 'transparent',
  color: vars.color.text,
  cursor: 'pointer',
  selectors: { '&:hover': { backgroundColor: vars.color.surfaceAlt } },
});

export const triggerName = style({
  display: 'none',
  maxWidth: 160,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  fontWeight: vars.fontWeight.semibold,
  fontSize: vars.fontSize.sm,
  '@media': { [media.desktop]: { display: 'inline' } },
});

export const menu = style({ minWidth: 260 });

export const menuHeader = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space[3],
  padding: vars.space[2],
  // The kit's label is an uppercase caption; the identity block reads as normal text.
  textTransform: 'none',
  letterSpacing: 'normal',
  color: vars.color.text,
});

export const menuIdentity = style({ display: 'flex', flexDirection: 'column', minWidth: 0 });

export const menuName = style({ fontWeight: vars.fontWeight.semibold, fontSize: vars.fontSize.md });

export const menuEmail = style({
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.regular,
  color: vars.color.textMuted,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});
