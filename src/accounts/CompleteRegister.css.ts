import { style } from '@vanilla-extract/css';
import { vars } from '@/src/theme/theme.css';
import { media } from '@/src/theme/tokens';

export const form = style({ display: 'grid', gap: vars.space[6] });

export const grid = style({
  display: 'grid',
  gap: vars.space[4],
  '@media': { [media.tablet]: { gridTemplateColumns: '1fr 1fr' } },
});

export const actions = style({ display: 'flex', justifyContent: 'space-between', gap: vars.space[3] });
