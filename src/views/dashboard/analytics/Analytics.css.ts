import { style } from '@vanilla-extract/css';
import { vars } from '@/src/theme/theme.css';

export const prompt = style({ display: 'grid', gap: vars.space[4], justifyItems: 'start', maxWidth: 760 });
export const promptIcons = style({ display: 'flex', gap: vars.space[3] });
export const promptTitle = style({ margin: 0, fontSize: vars.fontSize.xxl, lineHeight: vars.lineHeight.tight });
export const promptText = style({ margin: 0, color: vars.color.textOnDarkMuted, fontSize: vars.fontSize.lg });

/** The under-construction notice: its 300 ms fade is the `fading` state of the statechart. */
export const warning = style({
  marginBottom: vars.space[6],
  transition: `opacity ${vars.motion.fade} ease-out`,
  selectors: { '&[data-state="fading"]': { opacity: 0 } },
});
