import { style } from '@vanilla-extract/css';
import { vars } from '@/src/theme/theme.css';

export const form = style({ display: 'grid', gap: vars.space[4], justifyItems: 'stretch' });
