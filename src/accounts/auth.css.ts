import { style } from '@vanilla-extract/css';
import { vars } from '@/src/theme/theme.css';

export const footnote = style({ margin: 0, textAlign: 'center', color: vars.color.textMuted });
export const form = style({ display: 'grid', gap: vars.space[4] });

export const aside = style({
  margin: `calc(${vars.space[2]} * -1) 0 0`,
  textAlign: 'right',
  fontSize: vars.fontSize.sm,
});

export const divider = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space[3],
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  '::before': { content: '""', flex: 1, height: 1, background: vars.color.border },
  '::after': { content: '""', flex: 1, height: 1, background: vars.color.border },
});

export const actions = style({
  display: 'flex',
  gap: vars.space[3],
  justifyContent: 'space-between',
  flexWrap: 'wrap',
});
