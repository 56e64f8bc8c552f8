import { style } from '@vanilla-extract/css';
import { vars } from '@/src/theme/theme.css';
import { layout, media } from '@/src/theme/tokens';

export const hero = style({
  background: vars.gradient.hero,
  color: vars.color.textOnDark,
  padding: `${vars.space[12]} ${vars.space[4]} ${vars.space[16]}`,
  '@media': { [media.tablet]: { padding: `${vars.space[16]} ${vars.space[6]}` } },
});

export const heroInner = style({
  maxWidth: layout.pageMaxWidthPx,
  margin: '0 auto',
  display: 'grid',
  gap: vars.space[10],
  alignItems: 'center',
  '@media': { [media.desktop]: { gridTemplateColumns: '1.05fr 1fr' } },
});

export const heroCopy = style({ display: 'grid', gap: vars.space[5], justifyItems: 'start' });

export const eyebrow = style({
  margin: 0,
  padding: `${vars.space[1]} ${vars.space[3]}`,
  borderRadius: vars.radius.pill,
  backgroundColor: 'rgba(255,255,255,0.1)',
  color: vars.color.textOnDarkMuted,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
});

export const heroTitle = style({
  margin: 0,
  fontSize: vars.fontSize.display,
  lineHeight: 1.08,
  letterSpacing: '-0.03em',
  fontWeight: 800,
});

export const heroText = style({
  margin: 0,
  fontSize: vars.fontSize.lg,
  color: vars.color.textOnDarkMuted,
  maxWidth: 560,
});

export const heroActions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space[3], marginTop: vars.space[2] });

export const heroGhost = style({
  color: vars.color.textOnDark,
  borderColor: 'rgba(255,255,255,0.5)',
  selectors: { '&:hover': { backgroundColor: 'rgba(255,255,255,0.12)', color: vars.color.textOnDark } },
});

export const heroArt = style({ width: '100%', height: 'auto', maxWidth: 560, justifySelf: 'center' });

export const section = style({
  padding: `${vars.space[16]} ${vars.space[4]}`,
  '@media': { [media.tablet]: { padding: `${vars.space[16]} ${vars.space[6]}` } },
});

export const sectionInner = style({ maxWidth: layout.pageMaxWidthPx, margin: '0 auto' });

export const sectionTitle = style({
  margin: 0,
  fontSize: vars.fontSize.xxxl,
  lineHeight: vars.lineHeight.tight,
  letterSpacing: '-0.02em',
  maxWidth: 640,
});

export const sectionLead = style({
  margin: `${vars.space[3]} 0 0`,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.lg,
});

export const features = style({
  listStyle: 'none',
  margin: `${vars.space[10]} 0 0`,
  padding: 0,
  display: 'grid',
  gap: vars.space[5],
  '@media': {
    [media.tablet]: { gridTemplateColumns: 'repeat(2, 1fr)' },
    [media.desktop]: { gridTemplateColumns: 'repeat(4, 1fr)' },
  },
});

export const feature = style({
  display: 'grid',
  alignContent: 'start',
  gap: vars.space[3],
  padding: vars.space[6],
  borderRadius: vars.radius.lg,
  backgroundColor: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  boxShadow: vars.shadow.sm,
});

export const featureIcon = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: 52,
  height: 52,
  borderRadius: vars.radius.md,
  background: vars.gradient.card,
  color: vars.color.textOnPrimary,
});

export const featureTitle = style({ margin: 0, fontSize: vars.fontSize.lg });
export const featureText = style({ margin: 0, color: vars.color.textMuted });

export const pitch = style([
  section,
  {
    backgroundColor: vars.color.surface,
    borderTop: `1px solid ${vars.color.border}`,
    borderBottom: `1px solid ${vars.color.border}`,
  },
]);

export const promises = style({
  listStyle: 'none',
  margin: `${vars.space[10]} 0 0`,
  padding: 0,
  display: 'grid',
  gap: vars.space[6],
  '@media': { [media.tablet]: { gridTemplateColumns: 'repeat(3, 1fr)' } },
});

export const promise = style({ display: 'flex', gap: vars.space[3], alignItems: 'flex-start' });
export const promiseIcon = style({ color: vars.color.success, flexShrink: 0, marginTop: 2 });
export const promiseTitle = style({ margin: 0, fontSize: vars.fontSize.lg });
export const promiseText = style({ margin: `${vars.space[1]} 0 0`, color: vars.color.textMuted });

export const cta = style({
  padding: `${vars.space[16]} ${vars.space[4]}`,
});

export const ctaInner = style({
  maxWidth: layout.pageMaxWidthPx,
  margin: '0 auto',
  padding: `${vars.space[12]} ${vars.space[6]}`,
  borderRadius: vars.radius.xl,
  background: vars.gradient.card,
  color: vars.color.textOnPrimary,
  display: 'grid',
  gap: vars.space[4],
  justifyItems: 'center',
  textAlign: 'center',
  '@media': { [media.tablet]: { background: vars.gradient.cardHorizontal } },
});

export const ctaTitle = style({ margin: 0, fontSize: vars.fontSize.xxxl, letterSpacing: '-0.02em' });
export const ctaText = style({ margin: 0, color: vars.color.textOnDarkMuted, maxWidth: 520 });
