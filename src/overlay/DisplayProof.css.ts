import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '@/src/theme/theme.css';
import { media } from '@/src/theme/tokens';

// The proof of display prints as a report: no shell, the tools hidden on paper, tables that do not break mid-row.

export const page = style({
  maxWidth: 960,
  margin: '0 auto',
  padding: `${vars.space[6]} ${vars.space[4]}`,
  display: 'grid',
  gap: vars.space[4],
});
export const header = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space[3],
});
export const tools = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space[3],
  '@media': { print: { display: 'none' } },
});
export const back = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space[1],
  color: vars.color.primary,
  fontWeight: vars.fontWeight.semibold,
});
export const title = style({ margin: 0, fontSize: vars.fontSize.xxl });
export const subtitle = style({ margin: 0, fontSize: vars.fontSize.lg, color: vars.color.textMuted });
export const facts = style({
  display: 'grid',
  gap: vars.space[3],
  margin: 0,
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@media': {
    [media.tablet]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' },
    print: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' },
  },
});
globalStyle(`${facts} dt`, { fontSize: vars.fontSize.sm, color: vars.color.textMuted });
globalStyle(`${facts} dd`, { margin: 0, fontWeight: vars.fontWeight.semibold });
export const section = style({ display: 'grid', gap: vars.space[3], breakInside: 'avoid' });
export const sectionTitle = style({ margin: 0, fontSize: vars.fontSize.xl });
export const bar = style({
  display: 'block',
  height: 10,
  minWidth: 4,
  borderRadius: 5,
  backgroundColor: vars.color.primary,
  printColorAdjust: 'exact',
});
export const note = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.textMuted });
globalStyle('tr', { '@media': { print: { breakInside: 'avoid' } } });
export const sectionHead = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space[3],
});
export const screenOnly = style({ '@media': { print: { display: 'none' } } });
export const figures = style({
  display: 'grid',
  gap: vars.space[3],
  margin: 0,
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  '@media': {
    [media.tablet]: { gridTemplateColumns: 'repeat(5, minmax(0, 1fr))' },
    print: { gridTemplateColumns: 'repeat(5, minmax(0, 1fr))' },
  },
});
globalStyle(`${figures} dt`, { fontSize: vars.fontSize.sm, color: vars.color.textMuted });
globalStyle(`${figures} dd`, { margin: 0, fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.semibold });
/** A fact that takes the whole row (a dispute's or a resolution's reason). */
export const wide = style({ gridColumn: '1 / -1' });
export const text = style({ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' });
globalStyle(`${facts} dd${text}`, { fontWeight: vars.fontWeight.regular });
export const samples = style({ display: 'grid', gap: vars.space[1] });
export const samplesLabel = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted });
export const sampleList = style({
  margin: 0,
  padding: 0,
  listStyle: 'none',
  display: 'flex',
  flexWrap: 'wrap',
  columnGap: vars.space[4],
  rowGap: vars.space[1],
  fontSize: vars.fontSize.sm,
});
export const unverified = style({ margin: 0, paddingLeft: vars.space[5] });
export const sessions = style({ margin: 0, padding: 0, listStyle: 'none', display: 'grid', gap: vars.space[3] });
export const session = style({
  display: 'grid',
  gap: vars.space[1],
  padding: vars.space[3],
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  breakInside: 'avoid',
  minWidth: 0,
});
export const sessionTitle = style({ margin: 0, fontSize: vars.fontSize.md, fontWeight: vars.fontWeight.semibold });
export const sessionFacts = style({ margin: 0, overflowWrap: 'anywhere' });
