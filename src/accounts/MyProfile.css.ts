import { style } from '@vanilla-extract/css';
import { vars } from '@/src/theme/theme.css';
import { media } from '@/src/theme/tokens';

export const page = style({ display: 'flex', flexDirection: 'column', gap: vars.space[4] });

export const notice = style({});

/** The heading's Media kit link and Edit button. */
export const headingActions = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space[4] });

export const details = style({
  display: 'grid',
  gap: vars.space[4],
  '@media': { [media.desktop]: { gridTemplateColumns: 'minmax(0, 3fr) minmax(0, 2fr)', alignItems: 'start' } },
});

export const sectionTitle = style({
  fontSize: vars.fontSize.lg,
  marginBottom: vars.space[4],
  selectors: { '& ~ &': { marginTop: vars.space[6] } },
});

export const grid = style({
  margin: 0,
  display: 'grid',
  gap: vars.space[4],
  gridTemplateColumns: '1fr',
  '@media': { [media.tablet]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});

export const item = style({ minWidth: 0 });

export const term = style({
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
  fontWeight: vars.fontWeight.medium,
});

export const value = style({ margin: 0, fontWeight: vars.fontWeight.semibold, overflowWrap: 'anywhere' });

export const longText = style({ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', color: vars.color.text });

export const form = style({
  display: 'grid',
  gap: vars.space[4],
  '@media': { [media.desktop]: { gridTemplateColumns: '280px minmax(0, 1fr)', alignItems: 'start' } },
});

export const pictureCard = style({});

export const picture = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space[4],
  textAlign: 'center',
});

export const pictureActions = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space[2],
});

export const hint = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted });

export const fields = style({
  display: 'grid',
  gap: vars.space[4],
  gridTemplateColumns: '1fr',
  '@media': { [media.tablet]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});

export const longFields = style({ display: 'grid', gap: vars.space[4], marginTop: vars.space[4] });

export const formActions = style({
  display: 'flex',
  justifyContent: 'flex-end',
  flexWrap: 'wrap',
  gap: vars.space[3],
  marginTop: vars.space[6],
});
