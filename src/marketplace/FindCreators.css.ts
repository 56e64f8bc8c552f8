import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '@/src/theme/theme.css';
import { media } from '@/src/theme/tokens';

// Find creators (docs/product.md §Discovery and negotiation): the filters, the result cards, saved lists and the dialogs.

export const filters = style({
  display: 'grid',
  gap: vars.space[4],
  gridTemplateColumns: '1fr',
  '@media': {
    [media.tablet]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
    [media.desktop]: { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))' },
  },
});

export const filterStack = style({ display: 'grid', gap: vars.space[4] });

export const more = style({ display: 'grid', gap: vars.space[4] });

export const moreSummary = style({
  cursor: 'pointer',
  width: 'fit-content',
  color: vars.color.dashboardPrimary,
  fontWeight: vars.fontWeight.semibold,
  selectors: { '[open] > &': { marginBottom: vars.space[4] } },
});

export const filterActions = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  justifyContent: 'space-between',
  gap: vars.space[3],
  marginTop: vars.space[4],
});

export const buttons = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space[2] });

export const sortField = style({ minWidth: 200 });

export const status = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const cards = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space[4],
  gridTemplateColumns: '1fr',
  '@media': { [media.desktop]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});

export const cardBody = style({ display: 'flex', flexDirection: 'column', gap: vars.space[3], height: '100%' });

export const who = style({ display: 'flex', alignItems: 'center', gap: vars.space[3], minWidth: 0 });

export const name = style({
  margin: 0,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.semibold,
  overflowWrap: 'anywhere',
});

export const handle = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const chips = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space[2] });

export const figures = style({
  margin: 0,
  display: 'grid',
  gap: vars.space[3],
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  '@media': { [media.tablet]: { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))' } },
});

export const figure = style({ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 });

export const figureTerm = style({ fontSize: vars.fontSize.xs, color: vars.color.textMuted });

export const figureValue = style({ margin: 0, fontWeight: vars.fontWeight.semibold });

export const cardActions = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space[2],
  marginTop: 'auto',
});

export const kitLink = style({ marginRight: 'auto', display: 'inline-flex', alignItems: 'center', gap: vars.space[1] });

export const paging = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space[3],
});

export const listButtons = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space[2],
});

export const dialogBody = style({ display: 'flex', flexDirection: 'column', gap: vars.space[4] });

/** The Invite dialog's campaigns that cannot take the creator, each with why. */
export const unavailable = style({ display: 'flex', flexDirection: 'column', gap: vars.space[2] });
export const unavailableTitle = style({ margin: 0, fontSize: vars.fontSize.sm, fontWeight: 600 });
export const unavailableList = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space[2],
  overflowWrap: 'anywhere',
});
globalStyle(`${unavailableList} > li`, { display: 'flex', flexDirection: 'column', gap: vars.space[1] });

export const newList = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: vars.space[2] });

export const grow = style({ flex: '1 1 200px' });
