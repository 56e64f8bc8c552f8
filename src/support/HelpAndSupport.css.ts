import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '@/src/theme/theme.css';
import { media } from '@/src/theme/tokens';

export const layout = style({
  display: 'grid',
  gap: vars.space[6],
  alignItems: 'start',
  '@media': { [media.desktop]: { gridTemplateColumns: '1fr 1.6fr' } },
});
export const intro = style({ display: 'grid', gap: vars.space[3] });
export const introTitle = style({ margin: 0, fontSize: vars.fontSize.xl });
export const introText = style({ margin: 0, color: vars.color.textOnDarkMuted });
export const address = style({
  margin: 0,
  display: 'flex',
  alignItems: 'center',
  gap: vars.space[2],
  fontWeight: vars.fontWeight.semibold,
  overflowWrap: 'anywhere',
});
globalStyle(`${address} a`, { color: 'inherit', textUnderlineOffset: 3 });
export const form = style({ display: 'grid', gap: vars.space[5] });
export const row = style({
  display: 'grid',
  gap: vars.space[5],
  '@media': { [media.tablet]: { gridTemplateColumns: '1fr 1fr' } },
});
