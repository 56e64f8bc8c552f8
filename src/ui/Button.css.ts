import { recipe, type RecipeVariants } from '@vanilla-extract/recipes';
import { vars } from '@/src/theme/theme.css';

export const button = recipe({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: vars.space[2],
    border: '1.5px solid transparent',
    borderRadius: vars.radius.md,
    fontFamily: vars.font.body,
    fontWeight: vars.fontWeight.semibold,
    lineHeight: 1,
    textDecoration: 'none',
    whiteSpace: 'nowrap',
    cursor: 'pointer',
    userSelect: 'none',
    transitionProperty: 'background-color, border-color, color, box-shadow, transform',
    transitionDuration: '150ms',
    transitionTimingFunction: vars.motion.easing,
    WebkitTapHighlightColor: 'transparent',
    selectors: {
      '&:active:not(:disabled):not([aria-disabled="true"])': { transform: 'translateY(1px)' },
      '&:disabled, &[aria-disabled="true"]': { opacity: 0.55, cursor: 'not-allowed' },
    },
  },
  variants: {
    variant: {
      primary: {
        backgroundColor: vars.color.primary,
        color: vars.color.textOnPrimary,
        boxShadow: vars.shadow.sm,
        selectors: { '&:hover:not(:disabled)': { backgroundColor: vars.color.primaryHover } },
      },
      secondary: {
        backgroundColor: vars.color.surface,
        color: vars.color.primary,
        borderColor: vars.color.primary,
        selectors: { '&:hover:not(:disabled)': { backgroundColor: vars.color.primarySoft } },
      },
      ghost: {
        backgroundColor: 'transparent',
        color: vars.color.text,
        selectors: { '&:hover:not(:disabled)': { backgroundColor: vars.color.surfaceAlt } },
      },
      danger: {
        backgroundColor: vars.color.danger,
        color: vars.color.textOnPrimary,
        boxShadow: vars.shadow.sm,
        selectors: { '&:hover:not(:disabled)': { backgroundColor: vars.color.dangerHover } },
      },
      dashboard: {
        backgroundColor: vars.color.dashboardPrimary,
        color: vars.color.textOnPrimary,
        boxShadow: vars.shadow.sm,
        selectors: { '&:hover:not(:disabled)': { backgroundColor: vars.color.dashboardPrimaryHover } },
      },
      /** For dark or violet backgrounds (hero, gradient cards, scrolled header). */
      light: {
        backgroundColor: vars.color.surface,
        color: vars.color.primary,
        boxShadow: vars.shadow.sm,
        selectors: { '&:hover:not(:disabled)': { backgroundColor: vars.color.primarySoft } },
      },
    },
    size: {
      sm: { minHeight: '36px', paddingInline: vars.space[3], fontSize: vars.fontSize.sm },
      md: { minHeight: '44px', paddingInline: vars.space[5], fontSize: vars.fontSize.md },
      lg: { minHeight: '52px', paddingInline: vars.space[8], fontSize: vars.fontSize.lg, borderRadius: vars.radius.lg },
    },
    fullWidth: {
      true: { width: '100%' },
      false: {},
    },
  },
  defaultVariants: { variant: 'primary', size: 'md', fullWidth: false },
});

export type ButtonVariants = NonNullable<RecipeVariants<typeof button>>;
