import { globalStyle } from '@vanilla-extract/css';
import { vars } from './theme.css';
import { reducedMotion } from './tokens';

globalStyle('*, *::before, *::after', {
  boxSizing: 'border-box',
});

globalStyle('html', {
  WebkitTextSizeAdjust: '100%',
  textSizeAdjust: '100%',
});

globalStyle('html, body', {
  margin: 0,
  padding: 0,
  overflowX: 'clip',
});

globalStyle('body', {
  minHeight: '100vh',
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.md,
  lineHeight: vars.lineHeight.normal,
  color: vars.color.text,
  backgroundColor: vars.color.bg,
  WebkitFontSmoothing: 'antialiased',
  MozOsxFontSmoothing: 'grayscale',
  textRendering: 'optimizeLegibility',
});

globalStyle('h1, h2, h3, h4, h5, h6', {
  margin: 0,
  lineHeight: vars.lineHeight.tight,
  fontWeight: vars.fontWeight.bold,
  letterSpacing: '-0.01em',
});

globalStyle('p', { margin: 0 });

globalStyle('img, video, canvas', {
  display: 'block',
  maxWidth: '100%',
});

globalStyle('img, video', { height: 'auto' });

globalStyle('button, input, select, textarea', {
  font: 'inherit',
  color: 'inherit',
  letterSpacing: 'inherit',
});

globalStyle('a', { color: vars.color.primary });

// One visible focus ring everywhere: a white halo then the focus colour, so it reads on white and on violet.
globalStyle(':focus-visible', {
  outline: `3px solid ${vars.color.focus}`,
  outlineOffset: '2px',
});

globalStyle('::selection', {
  backgroundColor: vars.color.primarySoft,
  color: vars.color.text,
});

// Decoration only: the spec's timed flows are driven by machines, not by CSS transitions.
globalStyle('*, *::before, *::after', {
  '@media': {
    [reducedMotion]: {
      animationDuration: '0.01ms !important',
      animationIterationCount: '1 !important',
      transitionDuration: '0.01ms !important',
    },
  },
});

globalStyle('#root', {
  minHeight: '100vh',
  isolation: 'isolate',
});

globalStyle('svg', {
  flexShrink: 0,
  verticalAlign: 'middle',
  maxWidth: '100%',
});

// The boot message the server's app shell shows until the app renders (scripts/prerender.ts writes it):
// a first paint that does not wait for JavaScript on routes that cannot be prerendered.
globalStyle('.cb-boot', {
  minHeight: '100vh',
  margin: 0,
  display: 'grid',
  placeItems: 'center',
  color: vars.color.textMuted,
  fontSize: vars.fontSize.md,
});
