export { vars } from './theme.css';
export { sprinkles, type Sprinkles } from './sprinkles.css';
export { breakpoints, media, motion, reducedMotion, zIndex } from './tokens';
