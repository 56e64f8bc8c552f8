import { style } from '@vanilla-extract/css';
import { vars } from '@/src/theme/theme.css';
import { media } from '@/src/theme/tokens';

// A campaign's verified delivery (src/marketplace/CampaignDelivery.tsx): the campaign page's figures, a card's line.

/** Three figures: stacked on a phone, side by side from a tablet. */
export const figures = style({
  margin: 0,
  display: 'grid',
  gap: vars.space[4],
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@media': { [media.tablet]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' } },
});

export const figure = style({ display: 'flex', flexDirection: 'column', gap: vars.space[1], minWidth: 0 });

export const term = style({
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
  fontWeight: vars.fontWeight.medium,
});

export const detail = style({ margin: 0, display: 'flex', flexDirection: 'column', gap: vars.space[1] });

export const value = style({
  fontSize: vars.fontSize.xl,
  fontWeight: vars.fontWeight.semibold,
  fontVariantNumeric: 'tabular-nums',
  overflowWrap: 'anywhere',
});

export const note = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted });

export const source = style({
  margin: `${vars.space[4]} 0 0`,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});

/** The card's one line under its figures. */
export const line = style({
  margin: `${vars.space[3]} 0 0`,
  paddingTop: vars.space[3],
  borderTop: `1px solid ${vars.color.border}`,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  fontVariantNumeric: 'tabular-nums',
  overflowWrap: 'anywhere',
});

export const part = style({ whiteSpace: 'nowrap' });
