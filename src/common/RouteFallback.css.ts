import { style } from '@vanilla-extract/css';

export const fallback = style({ minHeight: '50vh', display: 'grid', placeItems: 'center' });
