import { style } from '@vanilla-extract/css';
import { vars } from '@/src/theme/theme.css';

export const page = style({
  minHeight: '100vh',
  background: vars.gradient.hero,
  color: vars.color.textOnDark,
  display: 'flex',
  flexDirection: 'column',
});
export const top = style({ padding: `${vars.space[5]} ${vars.space[6]}` });
export const main = style({
  flex: 1,
  display: 'grid',
  placeContent: 'center',
  justifyItems: 'center',
  gap: vars.space[4],
  padding: vars.space[6],
  textAlign: 'center',
});
export const code = style({ margin: 0, fontSize: '5rem', fontWeight: 800, lineHeight: 1, color: vars.color.accent });
export const title = style({ margin: 0, fontSize: vars.fontSize.xxxl });
export const text = style({ margin: 0, color: vars.color.textOnDarkMuted });
