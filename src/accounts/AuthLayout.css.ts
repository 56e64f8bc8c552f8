import { style } from '@vanilla-extract/css';
import { vars } from '@/src/theme/theme.css';
import { media } from '@/src/theme/tokens';

export const page = style({
  minHeight: '100vh',
  display: 'flex',
  flexDirection: 'column',
  background: vars.gradient.hero,
});

export const top = style({
  padding: `${vars.space[5]} ${vars.space[4]}`,
  '@media': { [media.tablet]: { padding: `${vars.space[6]} ${vars.space[8]}` } },
});

export const main = style({
  flex: 1,
  display: 'flex',
  alignItems: 'flex-start',
  justifyContent: 'center',
  padding: `${vars.space[4]} ${vars.space[4]} ${vars.space[12]}`,
  '@media': {
    [media.tablet]: { alignItems: 'center', padding: `${vars.space[6]} ${vars.space[6]} ${vars.space[16]}` },
  },
});

export const card = style({
  width: '100%',
  maxWidth: 440,
  display: 'grid',
  gap: vars.space[5],
  padding: vars.space[6],
  borderRadius: vars.radius.xl,
  background: vars.color.surface,
  boxShadow: vars.shadow.lg,
  '@media': { [media.tablet]: { padding: vars.space[10] } },
});

export const cardWide = style([card, { maxWidth: 680 }]);

export const title = style({
  margin: 0,
  fontSize: vars.fontSize.xxxl,
  letterSpacing: '-0.02em',
  lineHeight: vars.lineHeight.tight,
});
export const subtitle = style({ margin: `calc(${vars.space[3]} * -1) 0 0`, color: vars.color.textMuted });
