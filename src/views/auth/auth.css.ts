import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';

export const footnote = style({ margin: 0, textAlign: 'center', color: vars.color.textMuted });
export const form = style({ display: 'grid', gap: vars.space[4] });
