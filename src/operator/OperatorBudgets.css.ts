import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '@/src/theme/theme.css';

export const heading = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', gap: vars.space[2] });
export const figures = style({
  margin: 0,
  display: 'flex',
  flexWrap: 'wrap',
  gap: `${vars.space[1]} ${vars.space[4]}`,
});
export const figure = style({ display: 'flex', flexWrap: 'wrap', columnGap: vars.space[1] });
export const term = style({ color: vars.color.textMuted, whiteSpace: 'nowrap' });
export const value = style({ margin: 0, fontWeight: vars.fontWeight.semibold, fontVariantNumeric: 'tabular-nums' });
/** The meter: spent of the window's capacity. */
export const meter = style({
  position: 'relative',
  overflow: 'hidden',
  height: '10px',
  borderRadius: vars.radius.pill,
  backgroundColor: vars.color.surfaceAlt,
  // A 3:1 outline so that the empty meter reads as one (WCAG 1.4.11).
  boxShadow: `inset 0 0 0 1px ${vars.color.borderStrong}`,
});
const fillBase = style({ height: '100%', borderRadius: vars.radius.pill });
export const fill = styleVariants({
  ok: [fillBase, { background: vars.color.primary }],
  low: [fillBase, { background: vars.color.warning }],
  out: [fillBase, { background: vars.color.danger }],
});
export const refusal = style({ margin: 0, color: vars.color.danger, fontWeight: vars.fontWeight.medium });
export const subheading = style({ margin: 0, fontSize: vars.fontSize.md, fontWeight: vars.fontWeight.semibold });
export const items = style({ margin: 0, paddingLeft: vars.space[5], display: 'grid', gap: vars.space[1] });
