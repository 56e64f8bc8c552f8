import { style } from '@vanilla-extract/css';
import { vars } from '@/src/theme/theme.css';
import { media } from '@/src/theme/tokens';

export const panel = style({ maxWidth: 760, display: 'grid', gap: vars.space[5], marginBottom: vars.space[5] });
export const lead = style({ margin: 0, color: vars.color.textMuted });
export const form = style({ display: 'grid', gap: vars.space[6] });
export const date = style({ maxWidth: 280 });
export const hint = style({ margin: 0, color: vars.color.textMuted, fontStyle: 'italic' });
/** An empty archive's action (a button) sits in its hint's sentence, upright. */
export const hintAction = style({ fontStyle: 'normal', verticalAlign: 'baseline' });
export const listing = style({ display: 'grid', gap: vars.space[4] });
export const channel = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space[3],
  margin: 0,
});
export const listTitle = style({ margin: 0, fontSize: vars.fontSize.lg });
export const days = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: vars.space[3] });
export const day = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  padding: vars.space[4],
  display: 'grid',
  gap: vars.space[2],
});
export const dayHead = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  gap: vars.space[3],
  justifyContent: 'space-between',
});
export const dayTitle = style({ margin: 0, fontSize: vars.fontSize.lg });
export const dayMeta = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm, overflowWrap: 'anywhere' });
export const dayCounts = style({ margin: 0 });
export const dayActions = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space[2] });
export const exportLabel = style({
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  marginLeft: vars.space[2],
});
export const exportGroup = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space[2] });
export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space[3],
  justifyContent: 'space-between',
});
export const sectionTitle = style({ margin: 0, fontSize: vars.fontSize.xl });
export const searchForm = style({
  display: 'grid',
  gap: vars.space[4],
  '@media': { [media.tablet]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});
export const searchActions = style({ display: 'flex', alignItems: 'end' });
export const resultsHead = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space[3],
});
export const results = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: vars.space[3] });
export const result = style({
  borderBottom: `1px solid ${vars.color.border}`,
  paddingBottom: vars.space[3],
  display: 'grid',
  gap: vars.space[1],
});
export const resultMeta = style({
  margin: 0,
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space[2],
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});
export const resultText = style({ margin: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' });
export const swatch = style({
  display: 'inline-block',
  width: 10,
  height: 10,
  borderRadius: vars.radius.pill,
  flexShrink: 0,
  border: `1px solid ${vars.color.border}`,
});
export const removed = style({ color: vars.color.danger, fontStyle: 'italic' });
