import { style } from '@vanilla-extract/css';
import { vars } from '@/src/theme/theme.css';
import { media } from '@/src/theme/tokens';

export const page = style({
  maxWidth: '1200px',
  margin: '0 auto',
  padding: `${vars.space[8]} ${vars.space[4]} ${vars.space[16]}`,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space[10],
  '@media': { [media.tablet]: { padding: `${vars.space[12]} ${vars.space[8]} ${vars.space[16]}` } },
});

export const section = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space[4],
});

export const heading = style({
  fontSize: vars.fontSize.xl,
  color: vars.color.text,
  paddingBottom: vars.space[2],
  borderBottom: `1px solid ${vars.color.border}`,
});

export const row = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space[3],
});

export const grid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 300px), 1fr))',
  gap: vars.space[5],
  alignItems: 'start',
});

export const stack = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space[4],
});

export const dark = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space[4],
  padding: vars.space[6],
  borderRadius: vars.radius.lg,
  background: vars.gradient.hero,
  color: vars.color.textOnDark,
});

export const swatch = style({
  overflowWrap: 'anywhere',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space[1],
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
});

export const swatchChip = style({
  height: '48px',
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
});

export const swatches = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(110px, 1fr))',
  gap: vars.space[3],
});

export const icons = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(96px, 1fr))',
  gap: vars.space[2],
});

export const iconCell = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space[2],
  padding: vars.space[3],
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
  textAlign: 'center',
});

export const statLabel = style({
  fontSize: vars.fontSize.sm,
  color: 'inherit',
  opacity: 0.9,
});

export const statValue = style({
  fontSize: vars.fontSize.xxxl,
  fontWeight: vars.fontWeight.bold,
  lineHeight: vars.lineHeight.tight,
});

export const gradientInner = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space[4],
  '@media': {
    [media.tablet]: { flexDirection: 'row', alignItems: 'center', justifyContent: 'space-between' },
  },
});

export const menuHeader = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space[3],
  padding: vars.space[2],
});

export const menuName = style({
  display: 'flex',
  flexDirection: 'column',
  fontSize: vars.fontSize.sm,
  color: vars.color.text,
  fontWeight: vars.fontWeight.semibold,
});

export const muted = style({
  color: vars.color.textMuted,
  fontWeight: vars.fontWeight.regular,
});

export const avatarButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space[2],
  padding: vars.space[1],
  paddingRight: vars.space[3],
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.pill,
  backgroundColor: vars.color.surface,
  color: vars.color.text,
  cursor: 'pointer',
});

export const text = style({
  color: vars.color.textMuted,
  maxWidth: '65ch',
});
