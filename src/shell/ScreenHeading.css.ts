import { style } from '@vanilla-extract/css';
import { vars } from '@/src/theme/theme.css';

export const heading = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space[3],
  marginBottom: vars.space[6],
});
export const title = style({ margin: 0, fontSize: vars.fontSize.xxl, letterSpacing: '-0.01em' });
