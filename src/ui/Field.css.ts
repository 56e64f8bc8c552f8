import { style, globalStyle } from '@vanilla-extract/css';
import { vars } from '@/src/theme/theme.css';

export const field = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space[2],
  minWidth: 0,
});

export const label = style({
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.text,
  lineHeight: vars.lineHeight.tight,
  cursor: 'default',
});

/** The visible box around an input, so adornments sit inside it. */
export const control = style({
  position: 'relative',
  display: 'flex',
  alignItems: 'center',
  minHeight: '48px',
  backgroundColor: vars.color.surface,
  border: `1.5px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.md,
  transition: 'border-color 150ms, box-shadow 150ms',
  selectors: {
    '&:hover': { borderColor: vars.color.textMuted },
    '&:focus-within': {
      borderColor: vars.color.primary,
      // A 1 px inner line thickens the border; the soft halo outside makes focus obvious.
      boxShadow: `0 0 0 1px ${vars.color.primary}, 0 0 0 5px ${vars.color.primarySoft}`,
    },
    '&[data-invalid="true"]': { borderColor: vars.color.danger },
    '&[data-invalid="true"]:focus-within': {
      boxShadow: `0 0 0 1px ${vars.color.danger}, 0 0 0 5px ${vars.color.dangerBg}`,
    },
    '&[data-disabled="true"]': { backgroundColor: vars.color.surfaceAlt, opacity: 0.7 },
  },
});

export const adornment = style({
  display: 'inline-flex',
  alignItems: 'center',
  paddingLeft: vars.space[4],
  color: vars.color.textMuted,
  fontWeight: vars.fontWeight.semibold,
  pointerEvents: 'none',
  flexShrink: 0,
});

export const input = style({
  flex: 1,
  minWidth: 0,
  width: '100%',
  minHeight: '45px',
  padding: `${vars.space[3]} ${vars.space[4]}`,
  border: 'none',
  borderRadius: vars.radius.md,
  background: 'transparent',
  color: vars.color.text,
  fontSize: vars.fontSize.md,
  lineHeight: vars.lineHeight.normal,
  selectors: {
    // The box shows focus through :focus-within; the input itself needs no second ring.
    '&:focus-visible': { outline: 'none' },
    '&::placeholder': { color: vars.color.textMuted, opacity: 1 },
    '&:disabled': { cursor: 'not-allowed' },
  },
});

globalStyle(`${adornment} + ${input}`, { paddingLeft: vars.space[2] });

export const textarea = style([
  input,
  {
    resize: 'vertical',
    minHeight: '120px',
  },
]);

export const select = style([
  input,
  {
    appearance: 'none',
    paddingRight: vars.space[10],
    cursor: 'pointer',
    textOverflow: 'ellipsis',
    selectors: {
      '&[data-empty="true"]': { color: vars.color.textMuted },
    },
  },
]);

export const chevron = style({
  position: 'absolute',
  right: vars.space[3],
  top: '50%',
  transform: 'translateY(-50%)',
  color: vars.color.textMuted,
  pointerEvents: 'none',
});

export const hint = style({
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});

export const error = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space[1],
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  color: vars.color.danger,
});
