import { style } from '@vanilla-extract/css';
import { vars } from '@/src/theme/theme.css';
import { layout, media } from '@/src/theme/tokens';

export const footer = style({
  backgroundColor: vars.color.hero,
  color: vars.color.textOnDarkMuted,
  padding: `${vars.space[12]} ${vars.space[4]} ${vars.space[6]}`,
  '@media': { [media.tablet]: { padding: `${vars.space[16]} ${vars.space[6]} ${vars.space[8]}` } },
});

export const inner = style({
  maxWidth: layout.pageMaxWidthPx,
  margin: '0 auto',
  display: 'grid',
  gap: vars.space[8],
  '@media': {
    [media.tablet]: { gridTemplateColumns: '2fr 1fr auto', alignItems: 'start' },
  },
});

export const brand = style({ display: 'grid', gap: vars.space[3], justifyItems: 'start' });
export const tagline = style({ margin: 0, maxWidth: 360 });

export const links = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space[1],
});

export const link = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: 32,
  color: vars.color.textOnDark,
  textDecoration: 'none',
  selectors: { '&:hover': { textDecoration: 'underline' } },
});

export const social = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space[2],
});

export const socialLink = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: 44,
  height: 44,
  borderRadius: vars.radius.pill,
  color: vars.color.textOnDark,
  backgroundColor: 'rgba(255,255,255,0.08)',
  transition: `background-color ${vars.motion.fade}`,
  selectors: { '&:hover': { backgroundColor: 'rgba(255,255,255,0.18)' } },
});

export const bottom = style({
  maxWidth: layout.pageMaxWidthPx,
  margin: `${vars.space[10]} auto 0`,
  paddingTop: vars.space[6],
  borderTop: '1px solid rgba(255,255,255,0.12)',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space[3],
  '@media': { [media.tablet]: { flexDirection: 'row', justifyContent: 'space-between', alignItems: 'center' } },
});

export const copyright = style({ margin: 0, fontSize: vars.fontSize.sm });

export const legal = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  gap: vars.space[6],
  fontSize: vars.fontSize.sm,
});
