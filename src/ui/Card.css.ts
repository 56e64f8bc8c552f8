import { recipe } from '@vanilla-extract/recipes';
import { vars } from '@/src/theme/theme.css';
import { media } from '@/src/theme/tokens';

export const card = recipe({
  // No `display` here: screens lay out their cards (grid, flex) with their own class, and a display in the
  // base could win over it depending on which stylesheet loads last.
  base: {
    position: 'relative',
    minWidth: 0,
    listStyle: 'none',
    borderRadius: vars.radius.lg,
    backgroundColor: vars.color.surface,
    color: vars.color.text,
    border: `1px solid ${vars.color.border}`,
    boxShadow: vars.shadow.sm,
  },
  variants: {
    gradient: {
      true: {
        border: 'none',
        background: vars.gradient.card,
        color: vars.color.textOnPrimary,
        boxShadow: vars.shadow.md,
        '@media': {
          [media.tablet]: { background: vars.gradient.cardHorizontal },
        },
      },
      false: {},
    },
    padding: {
      sm: { padding: vars.space[4] },
      md: {
        padding: vars.space[5],
        '@media': { [media.tablet]: { padding: vars.space[6] } },
      },
      lg: {
        padding: vars.space[6],
        '@media': { [media.tablet]: { padding: vars.space[8] } },
      },
    },
  },
  defaultVariants: { gradient: false, padding: 'md' },
});
