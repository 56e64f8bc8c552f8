import { style } from '@vanilla-extract/css';
import { vars } from '@/src/theme/theme.css';

export const row = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space[3],
});

export const box = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  width: '22px',
  height: '22px',
  marginTop: '1px',
  padding: 0,
  border: `1.5px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.sm,
  backgroundColor: vars.color.surface,
  color: vars.color.textOnPrimary,
  cursor: 'pointer',
  transition: 'background-color 150ms, border-color 150ms',
  selectors: {
    '&:hover': { borderColor: vars.color.primary },
    '&[data-state="checked"], &[data-state="indeterminate"]': {
      backgroundColor: vars.color.primary,
      borderColor: vars.color.primary,
    },
    '&[data-disabled]': { opacity: 0.5, cursor: 'not-allowed' },
  },
});

export const indicator = style({
  display: 'inline-flex',
});

export const label = style({
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.normal,
  color: vars.color.text,
  cursor: 'pointer',
});
