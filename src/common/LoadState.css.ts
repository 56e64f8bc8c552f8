import { style } from '@vanilla-extract/css';
import { vars } from '@/src/theme/theme.css';

export const loadingCard = style({ display: 'grid', placeItems: 'center', minHeight: 220 });

export const retry = style({ marginTop: vars.space[3] });
