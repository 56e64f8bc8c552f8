import { style } from '@vanilla-extract/css';
import { vars } from '@/src/theme/theme.css';
import { layout, media } from '@/src/theme/tokens';

export const stack = style({ display: 'flex', flexDirection: 'column', gap: vars.space[4] });

export const sectionTitle = style({ fontSize: vars.fontSize.lg, marginBottom: vars.space[1] });

export const muted = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const sectionHead = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space[4],
});

export const passwordForm = style({
  display: 'grid',
  gap: vars.space[4],
  marginTop: vars.space[6],
  maxWidth: 520,
});

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space[3], justifyContent: 'flex-end' });

export const methods = style({
  display: 'grid',
  gap: vars.space[4],
  '@media': { [media.desktop]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});

export const method = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space[4],
});

export const methodIcon = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  width: 56,
  height: 56,
  borderRadius: vars.radius.lg,
  backgroundColor: vars.color.primarySoft,
  color: vars.color.dashboardPrimary,
});

export const methodText = style({
  flex: '1 1 180px',
  minWidth: 0,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: vars.space[1],
});

export const methodChip = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space[2],
  margin: `${vars.space[2]} 0 0`,
});

export const methodActions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space[2] });

export const bankForm = style({
  display: 'grid',
  gap: vars.space[4],
  '@media': { [media.tablet]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});

export const platforms = style({
  display: 'grid',
  gap: vars.space[4],
  '@media': { [media.tablet]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});

export const platform = style({
  // docs/spec.md §2, §9: the cards are at least 600 px high.
  minHeight: layout.connectCardMinHeightPx,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space[4],
  textAlign: 'center',
});

export const platformIcon = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: 112,
  height: 112,
  borderRadius: vars.radius.pill,
  selectors: {
    '&[data-platform="twitch"]': { backgroundColor: '#f0e9ff', color: '#6441a5' },
    '&[data-platform="youtube"]': { backgroundColor: '#ffeaea', color: '#c4302b' },
  },
});

export const platformName = style({ fontSize: vars.fontSize.xxl });

export const platformText = style({ maxWidth: 360, color: vars.color.textMuted });

export const platformChannel = style({ fontSize: vars.fontSize.lg, overflowWrap: 'anywhere' });
export const platformChannelLabel = style({ color: vars.color.textMuted });
export const platformLogin = style({ color: vars.color.textMuted });
export const platformNote = style({
  maxWidth: 360,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
  overflowWrap: 'anywhere',
});
export const platformActions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space[3],
  justifyContent: 'center',
});
