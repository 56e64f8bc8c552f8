import { style } from '@vanilla-extract/css';
import { vars } from '@/src/theme/theme.css';

export const intro = style({ margin: `0 0 ${vars.space[4]}`, maxWidth: '48rem' });
export const alert = style({ marginBottom: vars.space[4] });
export const empty = style({ margin: 0, padding: vars.space[2], color: vars.color.textMuted });
export const list = style({ listStyle: 'none', margin: 0, padding: 0 });
/** One document: what it is (title, number, date) taking the room left, then its amount and its download. */
// On a phone the title and number take the line, and the amount and download go under them, to the right.
export const item = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space[3],
  padding: `${vars.space[3]} ${vars.space[2]}`,
  selectors: { '& + &': { borderTop: `1px solid ${vars.color.border}` } },
});
export const document = style({ display: 'grid', gap: vars.space[1], flex: '1 1 14rem', minWidth: 0 });
export const title = style({ fontWeight: vars.fontWeight.medium, overflowWrap: 'anywhere' });
export const meta = style({
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  fontVariantNumeric: 'tabular-nums',
});
/** A document's number stays whole ("Y-2025-000001"). */
export const number = style({ whiteSpace: 'nowrap' });
export const amount = style({
  marginLeft: 'auto',
  whiteSpace: 'nowrap',
  fontWeight: vars.fontWeight.semibold,
  fontVariantNumeric: 'tabular-nums',
});
