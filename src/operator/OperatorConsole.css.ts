import { style } from '@vanilla-extract/css';
import { vars } from '@/src/theme/theme.css';

export const page = style({ display: 'grid', gap: vars.space[5], minWidth: 0 });
export const panel = style({
  display: 'grid',
  gap: vars.space[4],
  minWidth: 0,
  // A tab's panel while another tab is open (Radix marks it hidden): its grid must not show it as an empty row of
  // the tabs' column, one gap each.
  selectors: { '&[hidden]': { display: 'none' } },
});
export const list = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: vars.space[4] });
export const row = style({ display: 'grid', gap: vars.space[2], minWidth: 0 });
export const name = style({
  margin: 0,
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.semibold,
  overflowWrap: 'anywhere',
});
export const muted = style({ margin: 0, color: vars.color.textMuted, overflowWrap: 'anywhere' });
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space[3], marginTop: vars.space[2] });
export const search = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: vars.space[3] });
export const grow = style({ flex: '1 1 16rem', minWidth: 0 });
export const empty = style({ margin: 0, color: vars.color.textMuted });
export const destination = style({ margin: 0, fontWeight: vars.fontWeight.medium, overflowWrap: 'anywhere' });
export const notices = style({ display: 'grid', gap: vars.space[2], minWidth: 0 });
export const notice = style({
  margin: 0,
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  gap: vars.space[2],
});
export const reasons = style({ margin: 0, paddingLeft: vars.space[5], overflowWrap: 'anywhere' });
export const quote = style({ margin: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' });
