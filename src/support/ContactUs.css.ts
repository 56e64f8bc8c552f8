import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '@/src/theme/theme.css';
import { media } from '@/src/theme/tokens';

export const page = style({
  maxWidth: 1100,
  margin: '0 auto',
  padding: `${vars.space[12]} ${vars.space[4]}`,
  display: 'grid',
  gap: vars.space[10],
  '@media': {
    [media.tablet]: { padding: `${vars.space[16]} ${vars.space[6]}` },
    [media.desktop]: { gridTemplateColumns: '1fr 1.4fr', alignItems: 'start' },
  },
});

export const intro = style({ display: 'grid', gap: vars.space[4] });
export const title = style({ margin: 0, fontSize: vars.fontSize.xxxl, letterSpacing: '-0.02em' });
export const lead = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.lg });
export const address = style({
  margin: 0,
  display: 'flex',
  alignItems: 'center',
  gap: vars.space[2],
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.primary,
});
globalStyle(`${address} a`, { color: 'inherit', textUnderlineOffset: 3 });

export const form = style({
  display: 'grid',
  gap: vars.space[5],
  padding: vars.space[6],
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  boxShadow: vars.shadow.md,
  '@media': { [media.tablet]: { padding: vars.space[8] } },
});

export const row = style({
  display: 'grid',
  gap: vars.space[5],
  '@media': { [media.tablet]: { gridTemplateColumns: '1fr 1fr' } },
});
