import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '@/src/theme/theme.css';
import { media } from '@/src/theme/tokens';

export const hero = style({
  display: 'grid',
  gap: vars.space[8],
  alignItems: 'center',
  '@media': { [media.desktop]: { gridTemplateColumns: '1.1fr 1fr' } },
});
export const copy = style({ display: 'grid', gap: vars.space[4] });
export const title = style({ margin: 0, fontSize: vars.fontSize.xxl, lineHeight: vars.lineHeight.tight });
export const text = style({ margin: 0, fontSize: vars.fontSize.lg, color: vars.color.textOnDarkMuted, maxWidth: 620 });
export const points = style({ margin: 0, paddingLeft: vars.space[5], display: 'grid', gap: vars.space[1] });
globalStyle(`${points} li::marker`, { color: vars.color.accent });
export const image = style({ width: '100%', height: 'auto', maxWidth: 480, justifySelf: 'center', borderRadius: vars.radius.md });
