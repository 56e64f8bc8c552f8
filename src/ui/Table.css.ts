import { style } from '@vanilla-extract/css';
import { vars } from '@/src/theme/theme.css';

/**
 * A region narrower than this (a phone, a narrow column) shows the table as stacked rows: each row a block, each cell
 * a line with its column's header beside its value, so that no column hides in a sideways scroll. Wider, a table
 * that still does not fit scrolls inside its region, whose scrollbar shows.
 */
const NARROW = '(max-width: 36rem)';

export const region = style({
  containerType: 'inline-size',
  width: '100%',
  maxWidth: '100%',
  overflowX: 'auto',
  WebkitOverflowScrolling: 'touch',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  backgroundColor: vars.color.surface,
  selectors: {
    '&:focus-visible': { outlineOffset: '2px' },
  },
});

export const table = style({
  width: '100%',
  minWidth: 'max-content',
  borderCollapse: 'collapse',
  fontSize: vars.fontSize.sm,
  fontVariantNumeric: 'tabular-nums',
  '@container': { [NARROW]: { display: 'block', minWidth: 0 } },
});

/** The header row: out of sight when the rows stack (each cell names its column), still read by screen readers. */
export const head = style({
  '@container': {
    [NARROW]: {
      position: 'absolute',
      width: '1px',
      height: '1px',
      overflow: 'hidden',
      clip: 'rect(0 0 0 0)',
      clipPath: 'inset(50%)',
      whiteSpace: 'nowrap',
    },
  },
});

export const body = style({
  '@container': { [NARROW]: { display: 'block' } },
});

export const caption = style({
  padding: `${vars.space[4]} ${vars.space[4]} ${vars.space[2]}`,
  textAlign: 'left',
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.text,
  // A stacked table is a block: its caption spans it instead of shrinking to its longest word.
  '@container': { [NARROW]: { display: 'block' } },
});

export const th = style({
  padding: `${vars.space[3]} ${vars.space[4]}`,
  backgroundColor: vars.color.surfaceAlt,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  letterSpacing: '0.04em',
  textTransform: 'uppercase',
  textAlign: 'left',
  whiteSpace: 'nowrap',
  borderBottom: `1px solid ${vars.color.border}`,
});

export const td = style({
  padding: `${vars.space[4]}`,
  color: vars.color.text,
  whiteSpace: 'nowrap',
  borderBottom: `1px solid ${vars.color.border}`,
  selectors: {
    'tr:last-child > &': { borderBottom: 'none' },
  },
  '@container': {
    [NARROW]: {
      display: 'flex',
      justifyContent: 'space-between',
      alignItems: 'baseline',
      gap: vars.space[4],
      padding: `${vars.space[1]} 0`,
      borderBottom: 'none',
      whiteSpace: 'normal',
      overflowWrap: 'anywhere',
      textAlign: 'right',
      selectors: {
        // The column's name beside the value; "/ ''": shown, not read (the cell's column header is read instead).
        '&[data-label]::before': {
          content: 'attr(data-label) / ""',
          flexShrink: 0,
          // The value keeps the larger part: a reference or a sum stays on one line beside a long column name
          // (Spanish's "NÚMERO DE REFERENCIA" wraps instead).
          maxWidth: '40%',
          color: vars.color.textMuted,
          fontSize: vars.fontSize.xs,
          fontWeight: vars.fontWeight.semibold,
          letterSpacing: '0.04em',
          textTransform: 'uppercase',
          textAlign: 'left',
        },
      },
    },
  },
});

export const right = style({ textAlign: 'right' });

/** A table with a wrapping column fits its region; it scrolls only below the wrapping column's own minimum. */
export const fits = style({ minWidth: 0 });

export const wraps = style({
  whiteSpace: 'normal',
  minWidth: '10rem',
  overflowWrap: 'anywhere',
  '@container': { [NARROW]: { minWidth: 0 } },
});

export const row = style({
  transition: 'background-color 150ms',
  selectors: {
    '&:hover': { backgroundColor: vars.color.bg },
  },
  '@container': {
    [NARROW]: {
      display: 'block',
      padding: `${vars.space[3]} ${vars.space[4]}`,
      borderBottom: `1px solid ${vars.color.border}`,
      selectors: { '&:last-child': { borderBottom: 'none' } },
    },
  },
});

export const empty = style({
  padding: vars.space[8],
  textAlign: 'center',
  color: vars.color.textMuted,
  '@container': { [NARROW]: { display: 'block', padding: vars.space[6] } },
});
