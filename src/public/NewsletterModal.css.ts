import { style } from '@vanilla-extract/css';
import { vars } from '@/src/theme/theme.css';

/** The confirmation and its Done button, spaced like the form they replace. */
export const confirmation = style({ display: 'grid', gap: vars.space[4] });
