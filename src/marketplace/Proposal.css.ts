// Counter-offers on the creator's violet offer card and on the advertiser's campaign page.
import { style } from '@vanilla-extract/css';
import { vars } from '@/src/theme/theme.css';

/** The open proposal on the creator's card: a framed note on the violet gradient. */
export const onCard = style({
  flexBasis: '100%',
  display: 'grid',
  gap: vars.space[2],
  padding: vars.space[3],
  border: `1px solid ${vars.color.textOnDarkMuted}`,
  borderRadius: vars.radius.md,
  color: vars.color.textOnDark,
});

/** The open proposal on the advertiser's offer. */
export const onPage = style({
  display: 'grid',
  gap: vars.space[2],
  padding: vars.space[3],
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.surfaceAlt,
});

export const heading = style({ margin: 0, fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.semibold });
export const terms = style({ margin: 0, fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.bold });
export const message = style({
  margin: 0,
  fontSize: vars.fontSize.sm,
  overflowWrap: 'anywhere',
  whiteSpace: 'pre-wrap',
});
export const row = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space[2] });
export const stack = style({ display: 'grid', gap: vars.space[4] });
export const fields = style({
  display: 'grid',
  gap: vars.space[4],
  '@media': { 'screen and (min-width: 560px)': { gridTemplateColumns: '1fr 1fr' } },
});
