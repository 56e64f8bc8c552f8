import { style } from '@vanilla-extract/css';
import { vars } from '@/src/theme/theme.css';
import { media } from '@/src/theme/tokens';

export const grid = style({
  display: 'grid',
  gap: vars.space[5],
  gridTemplateColumns: 'minmax(0, 1fr)',
  margin: 0,
  padding: 0,
  listStyle: 'none',
  '@media': {
    [media.tablet]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
    'screen and (min-width: 1200px)': { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))' },
  },
});

export const card = style({ display: 'flex', flexDirection: 'column', gap: vars.space[4] });
export const image = style({
  display: 'block',
  width: '100%',
  height: 'auto',
  aspectRatio: '16 / 9',
  objectFit: 'cover',
  borderRadius: vars.radius.md,
  backgroundColor: 'rgba(255,255,255,0.12)',
});
export const body = style({ display: 'grid', gap: vars.space[2], flexGrow: 1, alignContent: 'start' });
export const text = style({ margin: 0, color: vars.color.textOnDarkMuted, fontSize: vars.fontSize.sm, lineHeight: vars.lineHeight.normal });
export const actions = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space[2] });

/** Drawn as a text link, as the spec calls it; a button because it leads nowhere. */
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
});
