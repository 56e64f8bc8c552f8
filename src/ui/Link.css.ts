import { styleVariants, style } from '@vanilla-extract/css';
import { vars } from '@/src/theme/theme.css';

const base = style({
  fontWeight: vars.fontWeight.medium,
  textDecorationLine: 'underline',
  textDecorationThickness: '1px',
  textUnderlineOffset: '3px',
  borderRadius: '2px',
  transition: 'color 150ms, text-decoration-color 150ms',
  cursor: 'pointer',
});

export const link = styleVariants({
  default: [
    base,
    {
      color: vars.color.primary,
      selectors: { '&:hover': { color: vars.color.primaryHover, textDecorationThickness: '2px' } },
    },
  ],
  muted: [base, { color: vars.color.textMuted, selectors: { '&:hover': { color: vars.color.text } } }],
  onDark: [base, { color: vars.color.textOnDark, selectors: { '&:hover': { color: vars.color.textOnDarkMuted } } }],
});
