import { style } from '@vanilla-extract/css';
import { vars } from '@/src/theme/theme.css';

export const outlook = style({
  display: 'grid',
  gap: vars.space[4],
  margin: 0,
  padding: vars.space[6],
  border: `1px dashed ${vars.color.borderStrong}`,
  borderRadius: vars.radius.lg,
  backgroundColor: vars.color.surface,
});
export const lead = style({ margin: 0, color: vars.color.textMuted });
export const steps = style({ display: 'grid', gap: vars.space[4], margin: 0, padding: 0, listStyle: 'none' });
export const step = style({
  display: 'grid',
  gap: vars.space[2],
  paddingLeft: vars.space[4],
  borderLeft: `3px solid ${vars.color.dashboardPrimary}`,
});
export const title = style({ margin: 0, fontSize: vars.fontSize.md, fontWeight: vars.fontWeight.semibold });
export const text = style({ margin: 0 });
export const details = style({ margin: 0, paddingLeft: vars.space[5], color: vars.color.text });
export const problem = style({
  display: 'grid',
  justifyItems: 'start',
  gap: vars.space[2],
  color: vars.color.textMuted,
});
