import { style } from '@vanilla-extract/css';
import { vars } from '@/src/theme/theme.css';

export const page = style({ minHeight: '100vh', display: 'flex', flexDirection: 'column' });
export const main = style({ flex: 1, outline: 'none' });

export const skip = style({
  position: 'absolute',
  left: vars.space[2],
  top: vars.space[2],
  zIndex: 100,
  padding: `${vars.space[2]} ${vars.space[4]}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.text,
  fontWeight: vars.fontWeight.semibold,
  transform: 'translateY(-200%)',
  selectors: { '&:focus': { transform: 'none' } },
});
