import { style } from '@vanilla-extract/css';
import { vars } from '@/src/theme/theme.css';

export const panel = style({ maxWidth: 760, display: 'grid', gap: vars.space[5] });
export const lead = style({ margin: 0, color: vars.color.textMuted });
export const form = style({ display: 'grid', gap: vars.space[6] });
export const date = style({ maxWidth: 280 });
export const hint = style({ margin: 0, color: vars.color.textMuted, fontStyle: 'italic' });
