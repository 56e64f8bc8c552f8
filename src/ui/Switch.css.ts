import { style } from '@vanilla-extract/css';
import { vars } from '@/src/theme/theme.css';

export const row = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space[4],
});

export const text = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space[1],
  minWidth: 0,
});

export const label = style({
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.text,
  cursor: 'pointer',
});

export const description = style({
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});

export const root = style({
  position: 'relative',
  flexShrink: 0,
  width: '48px',
  height: '28px',
  padding: 0,
  border: 'none',
  borderRadius: vars.radius.pill,
  backgroundColor: vars.color.borderStrong,
  cursor: 'pointer',
  transition: 'background-color 200ms',
  selectors: {
    '&[data-state="checked"]': { backgroundColor: vars.color.primary },
    '&[data-disabled]': { opacity: 0.5, cursor: 'not-allowed' },
  },
});

export const thumb = style({
  display: 'block',
  width: '22px',
  height: '22px',
  borderRadius: vars.radius.pill,
  backgroundColor: vars.color.surface,
  boxShadow: '0 1px 3px rgba(15, 16, 51, 0.3)',
  transform: 'translateX(3px)',
  transition: 'transform 200ms',
  willChange: 'transform',
  selectors: {
    '&[data-state="checked"]': { transform: 'translateX(23px)' },
  },
});
