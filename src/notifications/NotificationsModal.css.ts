import { style } from '@vanilla-extract/css';
import { CARD_HIDE_AFTER_FADE_MS } from '@/machines/timing';
import { vars } from '@/src/theme/theme.css';

export const toolbar = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space[3],
  marginBottom: vars.space[3],
});

export const count = style({
  display: 'inline-flex',
  alignItems: 'center',
  padding: `${vars.space[1]} ${vars.space[3]}`,
  borderRadius: vars.radius.pill,
  backgroundColor: vars.color.primarySoft,
  color: vars.color.primary,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
});

export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space[2],
});

export const card = style({
  display: 'flex',
  gap: vars.space[3],
  padding: vars.space[3],
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.surface,
  selectors: {
    '&:not([data-read])': { backgroundColor: vars.color.surfaceAlt },
    // The fade lasts until the card is hidden, 1,500 ms after it starts (docs/spec.md §4, §9).
    '&[data-phase="fading"]': {
      opacity: 0,
      transform: 'translateX(24px)',
      transition: `opacity ${CARD_HIDE_AFTER_FADE_MS}ms ease, transform ${CARD_HIDE_AFTER_FADE_MS}ms ease`,
    },
    '&[hidden]': { display: 'none' },
  },
});

export const icon = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  width: 36,
  height: 36,
  borderRadius: vars.radius.pill,
  backgroundColor: vars.color.primarySoft,
  color: vars.color.dashboardPrimary,
});

export const body = style({ minWidth: 0, display: 'flex', flexDirection: 'column', gap: 2 });

export const title = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space[2],
  fontWeight: vars.fontWeight.semibold,
  fontSize: vars.fontSize.sm,
});

export const link = style({
  color: 'inherit',
  textDecoration: 'underline',
  textUnderlineOffset: 2,
  selectors: { '&:hover': { color: vars.color.dashboardPrimary } },
});

export const unread = style({
  padding: `0 ${vars.space[2]}`,
  borderRadius: vars.radius.pill,
  backgroundColor: vars.color.dashboardPrimary,
  color: vars.color.textOnPrimary,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
});

export const text = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted });

export const time = style({ fontSize: vars.fontSize.xs, color: vars.color.textMuted });

export const empty = style({ padding: `${vars.space[6]} 0`, textAlign: 'center', color: vars.color.textMuted });
