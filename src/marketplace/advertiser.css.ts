import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '@/src/theme/theme.css';
import { media } from '@/src/theme/tokens';

// The advertiser's screens (docs/product.md §Marketplace): company profile, campaigns list, editor and campaign page.

export const page = style({ display: 'flex', flexDirection: 'column', gap: vars.space[4], minWidth: 0 });

export const retry = style({ marginTop: vars.space[3] });

export const sectionTitle = style({ margin: `0 0 ${vars.space[4]}`, fontSize: vars.fontSize.lg });

export const subTitle = style({
  margin: `0 0 ${vars.space[3]}`,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.semibold,
});

export const muted = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const empty = style({
  margin: 0,
  color: vars.color.textMuted,
  textAlign: 'center',
  padding: `${vars.space[6]} 0`,
});

export const row = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space[3] });

export const spread = style([row, { justifyContent: 'space-between' }]);

export const actions = style([row, { justifyContent: 'flex-end', marginTop: vars.space[6] }]);

/** Terms and values in a responsive grid. */
export const facts = style({
  margin: 0,
  display: 'grid',
  gap: vars.space[4],
  gridTemplateColumns: '1fr',
  '@media': { [media.tablet]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});

export const factsWide = style([
  facts,
  { '@media': { [media.desktop]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' } } },
]);

export const term = style({
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
  fontWeight: vars.fontWeight.medium,
});

export const value = style({ margin: 0, fontWeight: vars.fontWeight.semibold, overflowWrap: 'anywhere' });

export const longText = style({ margin: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' });

export const fields = style({
  display: 'grid',
  gap: vars.space[4],
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@media': { [media.tablet]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});

export const full = style({ '@media': { [media.tablet]: { gridColumn: '1 / -1' } } });

export const formStack = style({ display: 'grid', gap: vars.space[4] });

/** A group of checkboxes with its visible legend. */
export const choices = style({ margin: 0, padding: 0, border: 0, minWidth: 0, display: 'grid', gap: vars.space[2] });

export const legend = style({
  padding: 0,
  marginBottom: vars.space[2],
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
});

export const choiceRow = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space[4] });

export const chips = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space[2],
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const removable = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space[1],
  minHeight: 32,
  padding: `0 ${vars.space[1]} 0 ${vars.space[3]}`,
  borderRadius: vars.radius.pill,
  backgroundColor: vars.color.primarySoft,
  fontSize: vars.fontSize.sm,
});

export const removeButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: 28,
  height: 28,
  border: 0,
  borderRadius: vars.radius.pill,
  background: 'transparent',
  color: vars.color.text,
  cursor: 'pointer',
  selectors: { '&:hover': { backgroundColor: vars.color.surface } },
});

export const creative = style({
  display: 'grid',
  gap: vars.space[4],
  alignItems: 'center',
  '@media': { [media.tablet]: { gridTemplateColumns: '240px minmax(0, 1fr)' } },
});

export const creativeImage = style({
  width: '100%',
  maxWidth: 320,
  aspectRatio: '16 / 9',
  objectFit: 'cover',
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.surfaceAlt,
});

export const creativePlaceholder = style([
  creativeImage,
  {
    display: 'grid',
    placeItems: 'center',
    color: vars.color.textMuted,
    border: `1px dashed ${vars.color.borderStrong}`,
  },
]);

export const fieldError = style({ margin: 0, color: vars.color.danger, fontSize: vars.fontSize.sm });

/** Campaign cards of the list. */
export const list = style({
  display: 'grid',
  gap: vars.space[4],
  margin: 0,
  padding: 0,
  listStyle: 'none',
  '@media': { [media.desktop]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});

export const cardHead = style({
  display: 'flex',
  alignItems: 'flex-start',
  justifyContent: 'space-between',
  gap: vars.space[3],
  marginBottom: vars.space[3],
});

export const cardTitle = style({ margin: 0, fontSize: vars.fontSize.lg, overflowWrap: 'anywhere' });

export const cardLink = style({
  color: 'inherit',
  textDecoration: 'none',
  selectors: { '&:hover': { textDecoration: 'underline' } },
});

export const stats = style({
  margin: 0,
  display: 'grid',
  gap: vars.space[3],
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  '@media': { [media.tablet]: { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))' } },
});

/** The matched creators: one card per offer. */
export const offers = style({
  display: 'grid',
  gap: vars.space[4],
  margin: 0,
  padding: 0,
  listStyle: 'none',
  '@media': { [media.desktop]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});

export const offerGroup = style({
  display: 'grid',
  gap: vars.space[3],
  selectors: { '& + &': { marginTop: vars.space[6] } },
});

export const creator = style({ display: 'flex', alignItems: 'center', gap: vars.space[3], minWidth: 0 });

export const creatorName = style({ margin: 0, fontSize: vars.fontSize.md, overflowWrap: 'anywhere' });

export const reasons = style({
  margin: `${vars.space[3]} 0`,
  paddingLeft: vars.space[5],
  display: 'grid',
  gap: vars.space[1],
  fontSize: vars.fontSize.sm,
});

export const reasonName = style({ fontWeight: vars.fontWeight.semibold });

export const spaced = style({ marginTop: vars.space[6] });

/** A native checkbox with its label (light: the editor's route stays within the bundle budget). */
export const check = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space[2],
  minHeight: 44,
  cursor: 'pointer',
  fontSize: vars.fontSize.md,
  selectors: { '&:has(input:disabled)': { cursor: 'not-allowed', opacity: 0.6 } },
});

globalStyle(`${check} input`, {
  width: 20,
  height: 20,
  margin: 0,
  accentColor: vars.color.dashboardPrimary,
  cursor: 'inherit',
});

export const creatorImage = style({
  width: 40,
  height: 40,
  borderRadius: vars.radius.pill,
  objectFit: 'cover',
  flexShrink: 0,
});

/** A section title sharing its row with a chip or buttons. */
export const rowTitle = style([sectionTitle, { margin: 0 }]);

export const spacedSm = style({ marginTop: vars.space[3] });
export const deposits = style({
  margin: 0,
  paddingLeft: vars.space[5],
  display: 'grid',
  gap: vars.space[1],
  color: vars.color.textMuted,
});

/** "Proof of display" beside an offer's buttons. */
export const proofLink = style({
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.primary,
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.primary}`, outlineOffset: 2 } },
});

/** The Campaigns checklist (docs/product.md §Advertiser onboarding): one row per step. */
export const checklist = style({ margin: 0, padding: 0, listStyle: 'none', display: 'grid', gap: vars.space[3] });
export const checkStep = style({
  display: 'grid',
  gap: vars.space[1],
  padding: vars.space[3],
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  selectors: { '&[aria-current="step"]': { borderColor: vars.color.dashboardPrimary } },
});
export const checkTitle = style({ fontWeight: vars.fontWeight.semibold, overflowWrap: 'anywhere' });
export const checkLink = style({
  justifySelf: 'start',
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.primary,
  minHeight: 24,
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.primary}`, outlineOffset: 2 } },
});

/** How to add funds, inside the Funds card. */
export const transfer = style({ borderTop: `1px solid ${vars.color.border}`, paddingTop: vars.space[3] });
export const reference = style({
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  letterSpacing: '0.05em',
  fontSize: vars.fontSize.lg,
});
