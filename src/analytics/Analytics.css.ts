import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '@/src/theme/theme.css';
import { media } from '@/src/theme/tokens';

export const prompt = style({
  display: 'grid',
  gap: vars.space[4],
  justifyItems: 'start',
  maxWidth: 760,
  marginBottom: vars.space[6],
});
export const promptIcons = style({ display: 'flex', gap: vars.space[3] });
export const promptTitle = style({ margin: 0, fontSize: vars.fontSize.xxl, lineHeight: vars.lineHeight.tight });
export const promptText = style({ margin: 0, color: vars.color.textOnDarkMuted, fontSize: vars.fontSize.lg });

/** The under-construction notice: its 300 ms fade is the `fading` state of the statechart. */
export const warning = style({
  marginBottom: vars.space[6],
  transition: `opacity ${vars.motion.fade} ease-out`,
  selectors: { '&[data-state="fading"]': { opacity: 0 } },
});

export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'end',
  gap: vars.space[4],
  marginBottom: vars.space[5],
});
export const panel = style({ display: 'grid', gap: vars.space[5] });
export const channelLine = style({ margin: 0, color: vars.color.textMuted, overflowWrap: 'anywhere' });

export const card = style({ display: 'grid', gap: vars.space[3], alignContent: 'start', containerType: 'inline-size' });
export const headline = style({
  margin: 0,
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  gap: vars.space[2],
});
export const value = style({ fontSize: vars.fontSize.xxl, lineHeight: vars.lineHeight.tight });
export const change = style({ margin: 0, fontWeight: vars.fontWeight.semibold });
export const source = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.textOnDarkMuted });
export const missing = style({ color: vars.color.text });

export const section = style({ display: 'grid', gap: vars.space[4], marginTop: vars.space[6] });
export const sectionTitle = style({ margin: 0, fontSize: vars.fontSize.lg });
export const hint = style({ margin: 0, color: vars.color.textMuted });
export const offers = style({ display: 'grid', gap: vars.space[4], alignContent: 'start', minWidth: 0 });
export const stats = style({
  margin: 0,
  display: 'grid',
  gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
  gap: vars.space[3],
  '@media': { [media.tablet]: { gap: vars.space[4] } },
});
globalStyle(`${stats} dt`, { fontSize: vars.fontSize.sm, color: vars.color.textMuted });
globalStyle(`${stats} dd`, { margin: 0, fontSize: vars.fontSize.xl, fontWeight: vars.fontWeight.semibold });

/** Revenue beside the offers' table, which needs the room. */
export const sponsorshipGrid = style({
  display: 'grid',
  gap: vars.space[5],
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@media': { [media.desktop]: { gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 2fr)' } },
});
