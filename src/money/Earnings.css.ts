import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '@/src/theme/theme.css';

// minmax(0, 1fr): the payout table scrolls inside its region instead of widening the column.
export const period = style({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: vars.space[8] });

export const figure = style({ display: 'grid', gap: vars.space[2], alignContent: 'start' });
export const figureLabel = style({
  margin: 0,
  display: 'flex',
  alignItems: 'center',
  gap: vars.space[2],
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.medium,
  color: vars.color.textOnDarkMuted,
});
export const figureValue = style({
  margin: 0,
  fontSize: vars.fontSize.xxxl,
  fontWeight: vars.fontWeight.bold,
  letterSpacing: '-0.02em',
});
export const figureNote = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.textOnDarkMuted });
/** Pending beside the balance: earned, in its review window (docs/product.md §Verified delivery). */
export const pending = style({
  margin: 0,
  paddingTop: vars.space[2],
  borderTop: `1px solid ${vars.color.textOnDarkMuted}`,
  display: 'grid',
  gridTemplateColumns: 'auto minmax(0, 1fr)',
  alignItems: 'baseline',
  columnGap: vars.space[3],
  rowGap: vars.space[1],
});
export const pendingLabel = style({ fontSize: vars.fontSize.md, color: vars.color.textOnDarkMuted });
export const pendingValue = style({ margin: 0, fontSize: vars.fontSize.xl, fontWeight: vars.fontWeight.bold });
globalStyle(`${pending} > dd:last-child`, { gridColumn: '1 / -1' });
/** Each pending earning and when it becomes available, under Pending. */
export const releases = style({
  margin: 0,
  padding: 0,
  listStyle: 'none',
  display: 'grid',
  gap: vars.space[1],
  fontSize: vars.fontSize.sm,
  color: vars.color.textOnDarkMuted,
  overflowWrap: 'anywhere',
});
export const release = style({ margin: 0 });
export const releaseAmount = style({ fontWeight: vars.fontWeight.bold, color: vars.color.textOnDark });
export const balanceRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space[3],
});

export const withdrawForm = style({ display: 'grid', gap: vars.space[5] });

export const result = style({ display: 'grid', justifyItems: 'center', gap: vars.space[2], textAlign: 'center' });
export const resultIcon = style({
  selectors: {
    [`${result}[data-tone="failed"] &`]: { color: vars.color.danger },
    [`${result}[data-tone="succeeded"] &`]: { color: vars.color.success },
  },
});
export const resultAmount = style({ margin: 0, fontSize: vars.fontSize.lg });
export const resultMessage = style({ margin: 0, color: vars.color.textMuted });
export const resultDetail = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.text });
export const noMethod = style({ margin: 0, color: vars.color.textMuted });
