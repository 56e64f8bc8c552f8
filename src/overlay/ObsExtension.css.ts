import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '@/src/theme/theme.css';
import { media } from '@/src/theme/tokens';

export const hero = style({
  display: 'grid',
  gap: vars.space[8],
  alignItems: 'center',
  '@media': { [media.desktop]: { gridTemplateColumns: '1.1fr 1fr' } },
});
export const copy = style({ display: 'grid', gap: vars.space[4] });
export const title = style({ margin: 0, fontSize: vars.fontSize.xxl, lineHeight: vars.lineHeight.tight });
export const text = style({ margin: 0, fontSize: vars.fontSize.lg, color: vars.color.textOnDarkMuted, maxWidth: 620 });
export const points = style({ margin: 0, paddingLeft: vars.space[5], display: 'grid', gap: vars.space[1] });
globalStyle(`${points} li::marker`, { color: vars.color.accent });
export const image = style({
  width: '100%',
  height: 'auto',
  maxWidth: 480,
  justifySelf: 'center',
  borderRadius: vars.radius.md,
});

export const panels = style({
  display: 'grid',
  gap: vars.space[5],
  marginTop: vars.space[6],
  gridTemplateColumns: 'minmax(0, 1fr)',
  alignItems: 'start',
  // Side by side only where the settings keep their full labels.
  '@media': { 'screen and (min-width: 1440px)': { gridTemplateColumns: 'minmax(0, 3fr) minmax(0, 2fr)' } },
});
export const card = style({ display: 'grid', gap: vars.space[4] });
export const muted = style({ margin: 0, color: vars.color.textMuted });
export const urlRow = style({
  display: 'grid',
  gap: vars.space[3],
  alignItems: 'end',
  '@media': { [media.tablet]: { gridTemplateColumns: 'minmax(0, 1fr) auto' } },
});
export const urlField = style({ minWidth: 0 });
globalStyle(`${urlField} input`, {
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  fontSize: vars.fontSize.sm,
});
// Beside the field from tablets on, level with the input (above its hint).
export const urlButtons = style({
  display: 'flex',
  gap: vars.space[2],
  '@media': { [media.tablet]: { alignSelf: 'start', marginTop: 28 } },
});
export const status = style({ margin: 0, minHeight: '1.5em', color: vars.color.success, fontSize: vars.fontSize.sm });
export const choices = style({
  display: 'grid',
  gap: vars.space[4],
  '@media': { [media.tablet]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' } },
});
export const rotateRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space[3],
  alignItems: 'center',
  justifyContent: 'space-between',
  paddingTop: vars.space[4],
  borderTop: `1px solid ${vars.color.border}`,
});
export const previewBox = style({
  position: 'relative',
  width: '100%',
  aspectRatio: '16 / 9',
  overflow: 'hidden',
  borderRadius: vars.radius.md,
  // A checkerboard: the overlay is transparent where it shows nothing.
  backgroundColor: '#2a2b45',
  backgroundImage:
    'linear-gradient(45deg, #34365a 25%, transparent 25%, transparent 75%, #34365a 75%), linear-gradient(45deg, #34365a 25%, transparent 25%, transparent 75%, #34365a 75%)',
  backgroundSize: '24px 24px',
  backgroundPosition: '0 0, 12px 12px',
});
export const previewFrame = style({
  position: 'absolute',
  top: 0,
  left: 0,
  width: 1920,
  height: 1080,
  border: 0,
  transformOrigin: '0 0',
  pointerEvents: 'none',
});

// Counting now (CountingPanel.tsx).
export const countingCard = style({ display: 'grid', gap: vars.space[3], marginTop: vars.space[6] });
export const cardTitle = style({ margin: 0, fontSize: vars.fontSize.lg });
export const subTitle = style({ margin: `${vars.space[2]} 0 0`, fontSize: vars.fontSize.md });
export const verdict = style({ minHeight: '1.5em' });
export const verdictLine = style({
  margin: 0,
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space[2],
});
export const checkError = style({ margin: 0, color: vars.color.danger, fontSize: vars.fontSize.sm });
export const statusList = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: vars.space[3] });
export const statusItem = style({
  display: 'grid',
  gap: vars.space[2],
  padding: vars.space[3],
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
});
export const facts = style({
  margin: 0,
  display: 'grid',
  gridTemplateColumns: 'max-content minmax(0, 1fr)',
  columnGap: vars.space[4],
  rowGap: vars.space[1],
  fontSize: vars.fontSize.sm,
});
globalStyle(`${facts} dt`, { color: vars.color.textMuted });
globalStyle(`${facts} dd`, { margin: 0, overflowWrap: 'anywhere' });
