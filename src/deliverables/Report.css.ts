// The brand's report (the advertiser's screen and the shared page): totals, charts beside the days' table, creators.
import { style } from '@vanilla-extract/css';
import { vars } from '@/src/theme/theme.css';
import { media } from '@/src/theme/tokens';

export const stack = style({ display: 'flex', flexDirection: 'column', gap: vars.space[4], minWidth: 0 });

export const row = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: vars.space[3] });

export const spread = style([row, { justifyContent: 'space-between', alignItems: 'center' }]);

export const title = style({ margin: 0, fontSize: vars.fontSize.lg });

export const muted = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const filter = style({ minWidth: 0, width: '100%', '@media': { [media.tablet]: { width: '18rem' } } });

/** The totals: small cards in a grid of two on a phone, four on a desktop. */
export const totals = style({
  margin: `${vars.space[4]} 0`,
  display: 'grid',
  gap: vars.space[3],
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  '@media': { [media.desktop]: { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))' } },
});

export const total = style({
  display: 'grid',
  gap: vars.space[1],
  alignContent: 'start',
  padding: vars.space[3],
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  minWidth: 0,
});

export const term = style({
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
  fontWeight: vars.fontWeight.medium,
});

export const figure = style({
  margin: 0,
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.semibold,
  overflowWrap: 'anywhere',
});

/** The charts beside the table of the same days (stacked on narrow screens). */
export const byDay = style({
  display: 'grid',
  gap: vars.space[4],
  gridTemplateColumns: 'minmax(0, 1fr)',
  // The table needs the wider half: six columns of figures.
  '@media': { [media.desktop]: { gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 3fr)' } },
});

export const charts = style({ display: 'grid', gap: vars.space[4], alignContent: 'start', minWidth: 0 });

export const chartCard = style({
  display: 'grid',
  gap: vars.space[3],
  alignContent: 'start',
  containerType: 'inline-size',
});

export const chartTitle = style({ margin: 0, fontSize: vars.fontSize.md, color: vars.color.textOnDark });

export const page = style({
  maxWidth: '72rem',
  margin: '0 auto',
  padding: `${vars.space[6]} ${vars.space[4]}`,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space[4],
});

export const pageTitle = style({ margin: 0, fontSize: vars.fontSize.xl });

export const url = style({
  margin: 0,
  padding: vars.space[2],
  borderRadius: vars.radius.sm,
  backgroundColor: vars.color.surfaceAlt,
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace',
  fontSize: vars.fontSize.sm,
  overflowWrap: 'anywhere',
});

export const list = style({ margin: 0, padding: 0, listStyle: 'none', display: 'grid', gap: vars.space[2] });

export const listItem = style([
  spread,
  { padding: `${vars.space[2]} 0`, borderBottom: `1px solid ${vars.color.border}` },
]);

export const code = style({
  margin: 0,
  padding: vars.space[3],
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.surfaceAlt,
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace',
  fontSize: vars.fontSize.sm,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
});

export const codes = style({ display: 'grid', gap: vars.space[3] });

export const codeRow = style({
  display: 'grid',
  gap: vars.space[2],
  alignItems: 'end',
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@media': { [media.tablet]: { gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 1fr)' } },
});
