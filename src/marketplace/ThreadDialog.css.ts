import { style } from '@vanilla-extract/css';
import { vars } from '@/src/theme/theme.css';

export const stack = style({ display: 'grid', gap: vars.space[4] });

export const muted = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const retry = style({ marginTop: vars.space[3] });

export const actions = style({ display: 'flex', justifyContent: 'flex-end' });

/** "Load earlier messages", above the list. */
export const earlier = style({ display: 'flex', justifyContent: 'center' });

/** The thread's messages, newest last. */
export const messages = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space[3],
  margin: 0,
  padding: 0,
  listStyle: 'none',
  maxHeight: '45vh',
  overflowY: 'auto',
});

export const message = style({
  maxWidth: '85%',
  padding: `${vars.space[2]} ${vars.space[3]}`,
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.surfaceAlt,
  alignSelf: 'flex-start',
  selectors: { '&[data-mine="true"]': { alignSelf: 'flex-end', backgroundColor: vars.color.primarySoft } },
});

export const messageMeta = style({ margin: 0, fontSize: vars.fontSize.xs, color: vars.color.text });

export const messageBody = style({ margin: `${vars.space[1]} 0 0`, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' });
