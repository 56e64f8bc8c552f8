import { keyframes, style } from '@vanilla-extract/css';
import { vars } from '@/src/theme/theme.css';
import { zIndex } from '@/src/theme/tokens';

const show = keyframes({
  from: { opacity: 0, transform: 'translateY(-4px)' },
  to: { opacity: 1, transform: 'translateY(0)' },
});

export const trigger = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space[2],
  width: '100%',
  minHeight: '48px',
  padding: `${vars.space[3]} ${vars.space[3]} ${vars.space[3]} ${vars.space[4]}`,
  border: `1.5px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.surface,
  color: vars.color.text,
  fontSize: vars.fontSize.md,
  textAlign: 'left',
  cursor: 'pointer',
  transition: 'border-color 150ms, box-shadow 150ms',
  selectors: {
    '&:hover': { borderColor: vars.color.textMuted },
    '&:focus-visible, &[data-state="open"]': {
      outline: 'none',
      borderColor: vars.color.primary,
      // A 1 px inner line thickens the border; the soft halo outside makes focus obvious.
      boxShadow: `0 0 0 1px ${vars.color.primary}, 0 0 0 5px ${vars.color.primarySoft}`,
    },
    '&[data-placeholder]': { color: vars.color.textMuted },
    '&[aria-invalid="true"]': { borderColor: vars.color.danger },
    '&[data-disabled]': { backgroundColor: vars.color.surfaceAlt, opacity: 0.7, cursor: 'not-allowed' },
  },
});

export const value = style({
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

export const icon = style({
  display: 'inline-flex',
  color: vars.color.textMuted,
  transition: 'transform 150ms',
  selectors: {
    [`${trigger}[data-state="open"] &`]: { transform: 'rotate(180deg)' },
  },
});

export const content = style({
  zIndex: zIndex.popover,
  minWidth: 'var(--radix-select-trigger-width)',
  maxHeight: 'min(320px, var(--radix-select-content-available-height))',
  overflow: 'hidden',
  backgroundColor: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.lg,
  selectors: {
    '&[data-state="open"]': { animation: `${show} 150ms ${vars.motion.easing}` },
  },
});

export const viewport = style({
  padding: vars.space[1],
});

export const item = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space[3],
  minHeight: '40px',
  padding: `${vars.space[2]} ${vars.space[3]}`,
  borderRadius: vars.radius.sm,
  color: vars.color.text,
  fontSize: vars.fontSize.md,
  cursor: 'pointer',
  userSelect: 'none',
  outline: 'none',
  selectors: {
    '&[data-highlighted]': { backgroundColor: vars.color.primarySoft, color: vars.color.primary },
    '&[data-state="checked"]': { fontWeight: vars.fontWeight.semibold },
    '&[data-disabled]': { opacity: 0.5, cursor: 'not-allowed' },
  },
});

export const itemIndicator = style({
  display: 'inline-flex',
  color: vars.color.primary,
});
