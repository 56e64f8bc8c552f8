import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '@/src/theme/theme.css';
import { media } from '@/src/theme/tokens';

// The creator's Media kit screen (docs/product.md §Discovery and negotiation): the handle and Publish, the page's address, and the
// preview of what brands see (laid out like the public page /c/<handle>, server/marketplace/media-kit-page.ts).

export const page = style({ display: 'flex', flexDirection: 'column', gap: vars.space[4], minWidth: 0 });
export const card = style({ display: 'grid', gap: vars.space[4] });
export const title = style({ margin: 0, fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.semibold });
export const muted = style({ margin: 0, color: vars.color.textMuted });

export const handleRow = style({
  display: 'grid',
  gap: vars.space[3],
  alignItems: 'start',
  '@media': { [media.tablet]: { gridTemplateColumns: 'minmax(0, 1fr) auto' } },
});
// Beside the field from tablets on, level with the input (above its hint).
export const handleButton = style({ '@media': { [media.tablet]: { marginTop: 28 } } });

export const urlRow = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space[3] });
export const url = style({
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  fontSize: vars.fontSize.sm,
  overflowWrap: 'anywhere',
  minWidth: 0,
});
export const copied = style({ margin: 0, minHeight: '1.5em', color: vars.color.success, fontSize: vars.fontSize.sm });

export const hero = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space[5],
  padding: vars.space[6],
  borderRadius: vars.radius.xl,
  background: vars.gradient.hero,
  color: vars.color.textOnDark,
});
export const name = style({
  margin: 0,
  fontSize: vars.fontSize.xxl,
  fontWeight: vars.fontWeight.bold,
  lineHeight: vars.lineHeight.tight,
});
export const handle = style({ margin: `${vars.space[1]} 0 ${vars.space[3]}`, color: vars.color.textOnDarkMuted });
export const chips = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space[2],
  margin: 0,
  padding: 0,
  listStyle: 'none',
});
globalStyle(`${chips} > li`, {
  background: 'rgba(255, 255, 255, 0.14)',
  borderRadius: vars.radius.pill,
  padding: `${vars.space[1]} ${vars.space[3]}`,
  fontSize: vars.fontSize.sm,
});

export const stats = style({
  display: 'grid',
  gap: vars.space[3],
  margin: 0,
  padding: 0,
  listStyle: 'none',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  '@media': { [media.desktop]: { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))' } },
});
export const stat = style({
  background: vars.color.surfaceAlt,
  borderRadius: vars.radius.lg,
  padding: vars.space[4],
  display: 'grid',
  gap: vars.space[1],
});
export const statValue = style({
  fontSize: vars.fontSize.xxl,
  fontWeight: vars.fontWeight.bold,
  lineHeight: vars.lineHeight.tight,
});
export const statLabel = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const subTitle = style({ margin: 0, fontSize: vars.fontSize.md, fontWeight: vars.fontWeight.semibold });
export const channels = style({ margin: 0, padding: 0, listStyle: 'none', display: 'grid', gap: vars.space[3] });
export const channel = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  gap: vars.space[2],
  paddingTop: vars.space[3],
  borderTop: `1px solid ${vars.color.border}`,
});
export const channelName = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space[2],
  fontWeight: vars.fontWeight.semibold,
});
export const about = style({ margin: 0, whiteSpace: 'pre-line', overflowWrap: 'anywhere' });
