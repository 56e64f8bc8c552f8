import { keyframes, style } from '@vanilla-extract/css';
import { vars } from '@/src/theme/theme.css';
import { zIndex } from '@/src/theme/tokens';

const show = keyframes({
  from: { opacity: 0, transform: 'translateY(-4px) scale(0.98)' },
  to: { opacity: 1, transform: 'translateY(0) scale(1)' },
});

export const content = style({
  zIndex: zIndex.popover,
  minWidth: '220px',
  maxWidth: 'calc(100vw - 16px)',
  maxHeight: 'var(--radix-dropdown-menu-content-available-height)',
  overflowY: 'auto',
  padding: vars.space[2],
  backgroundColor: vars.color.surface,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.lg,
  transformOrigin: 'var(--radix-dropdown-menu-content-transform-origin)',
  selectors: {
    '&[data-state="open"]': { animation: `${show} 160ms ${vars.motion.easing}` },
  },
});

export const item = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space[3],
  width: '100%',
  minHeight: '40px',
  padding: `${vars.space[2]} ${vars.space[3]}`,
  border: 'none',
  borderRadius: vars.radius.md,
  background: 'transparent',
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  textAlign: 'left',
  textDecoration: 'none',
  cursor: 'pointer',
  userSelect: 'none',
  outline: 'none',
  selectors: {
    '&[data-highlighted]': { backgroundColor: vars.color.primarySoft, color: vars.color.primary },
    '&[data-disabled]': { opacity: 0.5, cursor: 'not-allowed' },
    '&[data-tone="danger"]': { color: vars.color.danger },
    '&[data-tone="danger"][data-highlighted]': { backgroundColor: vars.color.dangerBg, color: vars.color.danger },
  },
});

export const label = style({
  padding: `${vars.space[2]} ${vars.space[3]}`,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});

export const separator = style({
  height: '1px',
  margin: `${vars.space[2]} ${vars.space[1]}`,
  backgroundColor: vars.color.border,
});
