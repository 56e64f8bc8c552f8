import { style } from '@vanilla-extract/css';
import { vars } from '@/src/theme/theme.css';
import { media } from '@/src/theme/tokens';

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space[5] });

export const part = style({
  display: 'grid',
  gap: vars.space[4],
  border: 0,
  padding: 0,
  margin: 0,
  minWidth: 0,
  '@media': { [media.tablet]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});

export const legend = style({ fontSize: vars.fontSize.lg, fontWeight: 600, marginBottom: vars.space[2], padding: 0 });

/** A field across both columns. */
export const wide = style({ '@media': { [media.tablet]: { gridColumn: '1 / -1' } } });

export const summary = style({
  display: 'grid',
  gridTemplateColumns: 'max-content minmax(0, 1fr)',
  gap: `${vars.space[2]} ${vars.space[4]}`,
  // Apart from the actions below it, whose row sits right under the last line otherwise.
  margin: `0 0 ${vars.space[4]}`,
});

export const term = style({ color: vars.color.textMuted });
export const detail = style({ margin: 0, overflowWrap: 'anywhere' });

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space[3], justifyContent: 'flex-end' });
