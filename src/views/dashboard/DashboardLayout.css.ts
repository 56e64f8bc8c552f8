import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';

export const shell = style({ minHeight: '100vh', background: vars.color.bg });
export const main = style({ padding: vars.space[6], maxWidth: 1280, margin: '0 auto' });
