// An offer's deliverables with their progress, on the creator's gradient cards (dark) and the campaign page's rows (light).
import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '@/src/theme/theme.css';

export const section = style({ display: 'grid', gap: vars.space[2], minWidth: 0 });

export const title = style({ margin: 0, fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.semibold });

export const list = style({ margin: 0, padding: 0, listStyle: 'none', display: 'grid', gap: vars.space[3] });

export const item = style({ display: 'grid', gap: vars.space[1], minWidth: 0, fontSize: vars.fontSize.sm });

export const name = style({ fontWeight: vars.fontWeight.semibold });

export const figures = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  gap: vars.space[2],
  fontVariantNumeric: 'tabular-nums',
});

const trackBase = style({ position: 'relative', height: 8, borderRadius: vars.radius.pill, overflow: 'hidden' });
export const track = styleVariants({
  dark: [trackBase, { backgroundColor: 'rgba(255, 255, 255, 0.25)' }],
  light: [trackBase, { backgroundColor: vars.color.surfaceAlt }],
});

const barBase = style({ height: '100%', borderRadius: vars.radius.pill });
export const bar = styleVariants({
  dark: [barBase, { backgroundColor: vars.color.textOnDark }],
  light: [barBase, { backgroundColor: vars.color.dashboardPrimary }],
});

export const muted = styleVariants({
  dark: { color: vars.color.textOnDarkMuted },
  light: { color: vars.color.textMuted },
});

export const linkRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space[2],
  minWidth: 0,
});

export const url = style({ overflowWrap: 'anywhere', fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace' });

export const code = style({
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace',
  fontWeight: vars.fontWeight.semibold,
});

export const flag = style({ margin: 0, fontWeight: vars.fontWeight.semibold });

export const inlineLink = style({ color: 'inherit', textDecoration: 'underline' });
