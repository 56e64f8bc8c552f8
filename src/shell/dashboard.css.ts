import { style } from '@vanilla-extract/css';
import { vars } from '@/src/theme/theme.css';
import { media } from '@/src/theme/tokens';

// Pieces the creator's business screens share: card grids and controls drawn on the violet card gradient.

export const grid = style({
  display: 'grid',
  gap: vars.space[5],
  gridTemplateColumns: 'minmax(0, 1fr)',
  margin: 0,
  padding: 0,
  listStyle: 'none',
  '@media': { [media.tablet]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});

export const gridThree = style([
  grid,
  { '@media': { [media.desktop]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' } } },
]);

/** An outlined button for the gradient cards (white text on violet, 6.7:1 or better). */
export const ghostOnGradient = style({
  color: vars.color.textOnPrimary,
  borderColor: 'rgba(255,255,255,0.7)',
  backgroundColor: 'transparent',
  selectors: { '&:hover:not(:disabled)': { backgroundColor: 'rgba(255,255,255,0.14)' } },
});

/** Text on the gradient that is secondary but still AA (lavender on violet). */
export const mutedOnGradient = style({ color: vars.color.textOnDarkMuted });

export const cardTitle = style({ margin: 0, fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.semibold });

export const sectionTitle = style({ margin: `0 0 ${vars.space[4]}`, fontSize: vars.fontSize.xl });
