// The evidence of each deliverable an offer asks for (the proof report and the operator's review).
import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '@/src/theme/theme.css';

export const evidence = style({ display: 'grid', gap: vars.space[4], minWidth: 0 });
export const part = style({ display: 'grid', gap: vars.space[2], minWidth: 0, breakInside: 'avoid' });
export const title = style({ margin: 0, fontSize: vars.fontSize.xl });
export const titleSmall = style({ margin: 0, fontSize: vars.fontSize.lg });
export const summary = style({ margin: 0, fontWeight: vars.fontWeight.semibold });
export const note = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.textMuted });
/** Refused clicks by why: a term and its count per line. */
export const reasons = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) auto',
  columnGap: vars.space[3],
  rowGap: vars.space[1],
  margin: 0,
  maxWidth: '32rem',
});
globalStyle(`${reasons} dt`, { color: vars.color.textMuted });
globalStyle(`${reasons} dd`, { margin: 0, textAlign: 'right', fontVariantNumeric: 'tabular-nums' });
/** Ids (order ids, the platform's message ids) break anywhere rather than widen the table. */
export const id = style({
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  overflowWrap: 'anywhere',
  wordBreak: 'break-all',
});
/** Rows of evidence (a day's clicks, a redemption, a post): their facts side by side, wrapping on a phone. */
export const rows = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  backgroundColor: vars.color.surface,
});
export const row = style({
  display: 'flex',
  flexWrap: 'wrap',
  columnGap: vars.space[4],
  rowGap: vars.space[1],
  padding: `${vars.space[2]} ${vars.space[4]}`,
  fontSize: vars.fontSize.sm,
  fontVariantNumeric: 'tabular-nums',
  borderBottom: `1px solid ${vars.color.border}`,
  breakInside: 'avoid',
  selectors: { '&:last-child': { borderBottom: 'none' } },
});
export const lead = style({ fontWeight: vars.fontWeight.semibold, minWidth: '9rem' });
export const muted = style({ color: vars.color.textMuted });
