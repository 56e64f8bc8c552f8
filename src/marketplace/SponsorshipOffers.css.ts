import { style } from '@vanilla-extract/css';
import { vars } from '@/src/theme/theme.css';

/**
 * As many columns of at least 260 px as fit: one at 375 px, two on tablets, three beside the side menu at 1280 px
 * (a card holds pay, deliverable and reasons, too narrow in four). `min(100%, …)` keeps a column inside any width.
 */
export const grid = style({
  display: 'grid',
  gap: vars.space[5],
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 260px), 1fr))',
  alignItems: 'stretch',
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const card = style({ display: 'flex', flexDirection: 'column', gap: vars.space[4], minWidth: 0 });
export const image = style({
  display: 'block',
  width: '100%',
  height: 'auto',
  aspectRatio: '16 / 9',
  objectFit: 'cover',
  borderRadius: vars.radius.md,
  backgroundColor: 'rgba(255,255,255,0.12)',
});
/** Grows so that the actions of cards in one row line up at the bottom. */
export const body = style({ display: 'grid', gap: vars.space[3], flexGrow: 1, alignContent: 'start', minWidth: 0 });
export const heading = style({ display: 'grid', gap: vars.space[1] });
export const brandRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space[2],
});
export const brand = style({
  margin: 0,
  color: vars.color.textOnDarkMuted,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  overflowWrap: 'anywhere',
});
export const title = style({ overflowWrap: 'anywhere' });
export const text = style({
  margin: 0,
  color: vars.color.textOnDarkMuted,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.normal,
  overflowWrap: 'anywhere',
});

/** Pay and deliverable. */
export const facts = style({ display: 'grid', gap: vars.space[2], margin: 0 });
export const term = style({
  color: vars.color.textOnDarkMuted,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
});
export const value = style({
  margin: 0,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.normal,
  overflowWrap: 'anywhere',
});
export const pay = style({ fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.bold });
export const disclosure = style({ display: 'block', color: vars.color.textOnDarkMuted });

/** "Why you matched". */
export const reasons = style({ display: 'grid', gap: vars.space[1] });
export const reasonsTitle = style({ margin: 0, fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.semibold });
export const reasonList = style({
  display: 'grid',
  gap: vars.space[1],
  margin: 0,
  paddingLeft: vars.space[5],
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.normal,
  overflowWrap: 'anywhere',
});

export const actions = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space[2] });

/** Drawn as a text link, as the spec calls it; a button because it opens a dialog. */
export const moreInfo = style({
  flexBasis: '100%',
  justifySelf: 'start',
  padding: `${vars.space[1]} 0`,
  border: 'none',
  background: 'none',
  color: vars.color.textOnPrimary,
  font: 'inherit',
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  textAlign: 'left',
  textDecoration: 'underline',
  textUnderlineOffset: 3,
  cursor: 'pointer',
  minHeight: 24,
  selectors: { '&:disabled': { opacity: 0.55, cursor: 'not-allowed' } },
});

/** A tab with no offers. */
export const empty = style({
  margin: 0,
  padding: vars.space[6],
  border: `1px dashed ${vars.color.borderStrong}`,
  borderRadius: vars.radius.lg,
  backgroundColor: vars.color.surface,
  color: vars.color.textMuted,
  textAlign: 'center',
});

export const status = style({ display: 'grid', justifyItems: 'start', gap: vars.space[3] });
export const notice = style({ marginBottom: vars.space[4] });
export const dialogStack = style({ display: 'grid', gap: vars.space[4] });
/** A refused action, above the card's buttons. */
export const actionError = style({ flexBasis: '100%' });
/** The stage of an accepted offer (Accepted, Active, Completed, Paid): a white pill on the violet card. */
export const stage = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: 24,
  padding: `2px ${vars.space[3]}`,
  borderRadius: vars.radius.pill,
  backgroundColor: vars.color.surface,
  color: vars.color.dashboardPrimary,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  whiteSpace: 'nowrap',
});

/** "Proof of display": a link drawn like the card's outlined buttons. */
export const proofLink = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space[2],
  padding: `${vars.space[1]} ${vars.space[3]}`,
  borderRadius: vars.radius.md,
  border: '1px solid rgba(255,255,255,0.7)',
  color: vars.color.textOnPrimary,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  textDecoration: 'none',
  selectors: {
    '&:hover': { backgroundColor: 'rgba(255,255,255,0.14)' },
    '&:focus-visible': { outline: `2px solid ${vars.color.textOnPrimary}`, outlineOffset: 2 },
  },
});
