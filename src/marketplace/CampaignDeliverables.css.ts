// The campaign editor's Deliverables: each asked deliverable's fields indented under its checkbox, and the bot's preview.
import { style } from '@vanilla-extract/css';
import { media } from '@/src/theme/tokens';
import { vars } from '@/src/theme/theme.css';

export const kinds = style({ display: 'grid', gap: vars.space[4], margin: 0, padding: 0, border: 0, minWidth: 0 });

export const kind = style({
  display: 'grid',
  gap: vars.space[3],
  paddingBottom: vars.space[4],
  borderBottom: `1px solid ${vars.color.border}`,
  minWidth: 0,
  selectors: { '&:last-child': { borderBottom: 0, paddingBottom: 0 } },
});

export const kindFields = style({
  display: 'grid',
  gap: vars.space[4],
  gridTemplateColumns: 'minmax(0, 1fr)',
  paddingLeft: vars.space[6],
  '@media': { [media.tablet]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});

export const preview = style({
  display: 'grid',
  gap: vars.space[1],
  padding: vars.space[3],
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.surfaceAlt,
  fontSize: vars.fontSize.sm,
  minWidth: 0,
});

export const previewLine = style({ margin: 0, overflowWrap: 'anywhere', fontFamily: 'inherit' });

export const payModes = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space[4] });
