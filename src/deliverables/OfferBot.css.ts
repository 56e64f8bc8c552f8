// The chat bot's dialog: the line it posts, its status, its last posts.
import { style } from '@vanilla-extract/css';
import { vars } from '@/src/theme/theme.css';

export const stack = style({ display: 'grid', gap: vars.space[4], minWidth: 0 });

export const preview = style({
  display: 'grid',
  gap: vars.space[1],
  padding: vars.space[3],
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.surfaceAlt,
  fontSize: vars.fontSize.sm,
  overflowWrap: 'anywhere',
});

export const label = style({ margin: 0, fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.semibold });

export const muted = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const status = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space[2], margin: 0 });

export const posts = style({
  margin: 0,
  padding: 0,
  listStyle: 'none',
  display: 'grid',
  gap: vars.space[2],
  maxHeight: '40vh',
  overflowY: 'auto',
});

export const post = style({
  display: 'grid',
  gap: vars.space[1],
  padding: vars.space[2],
  borderBottom: `1px solid ${vars.color.border}`,
  fontSize: vars.fontSize.sm,
  minWidth: 0,
});

export const postHead = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space[2] });

export const postText = style({ margin: 0, overflowWrap: 'anywhere' });

export const actions = style({ display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', gap: vars.space[2] });
