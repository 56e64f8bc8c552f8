import { style } from '@vanilla-extract/css';
import { vars } from '@/src/theme/theme.css';

export const panel = style({ display: 'grid', gap: vars.space[4] });
export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'end',
  justifyContent: 'space-between',
  gap: vars.space[4],
});
export const jump = style({ display: 'flex', alignItems: 'end', gap: vars.space[2] });
export const hint = style({ margin: 0, color: vars.color.textMuted, fontStyle: 'italic' });
export const scroller = style({
  height: '65vh',
  minHeight: 320,
  overflowY: 'auto',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  contain: 'strict',
});
export const sizer = style({ position: 'relative', width: '100%' });
export const row = style({ position: 'absolute', top: 0, left: 0, width: '100%' });
export const message = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: `0 ${vars.space[2]}`,
  padding: `${vars.space[1]} ${vars.space[3]}`,
  lineHeight: 1.5,
  selectors: { '&[data-moderated]': { backgroundColor: vars.color.surfaceAlt } },
});
export const time = style({
  color: vars.color.textMuted,
  fontVariantNumeric: 'tabular-nums',
  fontSize: vars.fontSize.sm,
  paddingTop: 2,
});
export const who = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space[1] });
export const swatch = style({
  display: 'inline-block',
  width: 10,
  height: 10,
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.border}`,
});
export const badge = style({
  fontSize: vars.fontSize.xs,
  padding: '0 6px',
  borderRadius: vars.radius.sm,
  backgroundColor: vars.color.surfaceAlt,
  color: vars.color.text,
});
export const text = style({ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap', minWidth: 0, flex: '1 1 12rem' });
export const removed = style({ color: vars.color.danger, fontStyle: 'italic' });
export const event = style({
  display: 'flex',
  gap: vars.space[2],
  padding: `${vars.space[1]} ${vars.space[3]}`,
  fontStyle: 'italic',
  color: vars.color.textMuted,
  selectors: { '&[data-kind="gap"]': { color: vars.color.danger, borderBlock: `1px dashed ${vars.color.border}` } },
});
export const when = style({
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  overflowWrap: 'anywhere',
  marginRight: 'auto',
});
